import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToHash } from './scroll';

function section(id: string, top: number, attributes: Record<string, string> = {}) {
  const element = document.createElement('section');
  element.id = id;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.getBoundingClientRect = () => ({ top }) as DOMRect;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.style.scrollPaddingTop = '';
});

describe('hash scrolling', () => {
  it('leaves the clearance the element asks for', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    section('pricing', 500, { 'data-scroll-clearance': '20' });
    scrollToHash('#pricing');
    expect(scrollTo).toHaveBeenCalledWith({ top: 480, left: 0 });
  });

  it("otherwise leaves room for the sticky header, as the page's scroll-padding-top says", () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    document.documentElement.style.scrollPaddingTop = '84px';
    const target = section('faq', 500, { style: 'scroll-margin-top: 10px' });
    scrollToHash('#faq');
    expect(scrollTo).toHaveBeenCalledWith({ top: 406, left: 0 });
    expect(document.activeElement).toBe(target);
  });
});
