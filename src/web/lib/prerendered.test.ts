import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInput, keepTyping, prerenderedState, PRERENDERED_STATE_ID } from './prerendered';

const PAGE = `<form><label for="q">Search</label><input id="q" type="search" value=""><button type="submit">Search</button></form>
<nav><a href="/find/jobs/">Find Job</a><button type="button">Menu</button></nav><textarea></textarea>
<fieldset><label><input type="radio" name="type" value="client" checked>Client</label><label><input type="radio" name="type" value="freelancer">Freelancer</label></fieldset>
<select><option value="newest" selected>Newest</option><option value="oldest">Oldest</option></select>`;

/** A root with the server's markup; `redraw` replaces it as the app's first render does. */
function serverPage() {
  const container = document.createElement('div');
  container.innerHTML = PAGE;
  document.body.append(container);
  const redraw = (markup = PAGE) => {
    container.innerHTML = markup;
  };
  return { container, redraw };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a page drawn by the server', () => {
  it('reads the answers it was drawn with, and nothing from an empty root or broken data', () => {
    expect(prerenderedState()).toBeNull();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PRERENDERED_STATE_ID;
    script.textContent = '{"mutations":[],"queries":[{"queryKey":["families"]}]}';
    document.body.append(script);
    expect(prerenderedState()).toEqual({ mutations: [], queries: [{ queryKey: ['families'] }] });
    script.textContent = '{"queries":';
    expect(prerenderedState()).toBeNull();
  });

  it("holds clicks on the server's markup and replays them on the app's copy of the element", () => {
    const { container, redraw } = serverPage();
    const replay = holdInput(container);
    const link = container.querySelector('a')!;
    const followed = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(followed);
    // Held: the link does not navigate, the handlers of the page below it do not run.
    expect(followed.defaultPrevented).toBe(true);
    container.querySelector<HTMLButtonElement>('nav button')!.click();

    redraw();
    const clicked: string[] = [];
    container.addEventListener('click', (event) => {
      clicked.push((event.target as Element).textContent ?? '');
      event.preventDefault();
    });
    replay();
    expect(clicked).toEqual(['Find Job', 'Menu']);
    // Released: later clicks go straight through, once.
    container.querySelector<HTMLButtonElement>('nav button')!.click();
    expect(clicked).toEqual(['Find Job', 'Menu', 'Menu']);
  });

  it('finds a clicked link by its text and address when a section above it changed', () => {
    const { container, redraw } = serverPage();
    const replay = holdInput(container);
    container.querySelector('a')!.click();
    redraw(`<p>A new section</p>${PAGE}`);
    const clicked: string[] = [];
    container.addEventListener('click', (event) => {
      clicked.push((event.target as Element).getAttribute('href') ?? '');
      event.preventDefault();
    });
    replay();
    expect(clicked).toEqual(['/find/jobs/']);
  });

  it('replays nothing on an element that changed in the meantime', () => {
    const { container, redraw } = serverPage();
    const replay = holdInput(container);
    container.querySelector<HTMLButtonElement>('nav button')!.click();
    redraw(PAGE.replace('>Menu<', '>Close<'));
    const clicked = vi.fn();
    container.addEventListener('click', clicked);
    replay();
    expect(clicked).not.toHaveBeenCalled();
  });

  it("carries what was typed and the focus over to the app's fields, as typing does", () => {
    const { container, redraw } = serverPage();
    const restore = keepTyping(container);
    // Typed after the hold began, until the app's copy replaces the markup.
    const search = container.querySelector('input')!;
    search.value = 'NetSuite';
    container.querySelector('textarea')!.value = 'A month-end close';
    search.focus();

    redraw();
    const typed: string[] = [];
    container.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).value));
    restore();
    expect(container.querySelector('input')!.value).toBe('NetSuite');
    expect(container.querySelector('textarea')!.value).toBe('A month-end close');
    expect(typed).toEqual(['NetSuite', 'A month-end close']);
    expect(document.activeElement).toBe(container.querySelector('input'));
  });

  it('lets a click on a field check it on the drawn page, and carries the choice over', () => {
    const { container, redraw } = serverPage();
    const replay = holdInput(container);
    const restore = keepTyping(container);
    const freelancer = container.querySelector<HTMLInputElement>('input[value=freelancer]')!;
    freelancer.click();
    expect(freelancer.checked).toBe(true);
    const select = container.querySelector('select')!;
    select.value = 'oldest';

    redraw();
    const changes: string[] = [];
    container.addEventListener('click', (event) => changes.push(`click ${(event.target as HTMLInputElement).value}`));
    container.addEventListener('change', (event) => changes.push(`change ${(event.target as HTMLInputElement).value}`));
    restore();
    replay();
    expect(container.querySelector<HTMLInputElement>('input[value=freelancer]')!.checked).toBe(true);
    expect(container.querySelector('select')!.value).toBe('oldest');
    // Carried over once, not replayed as a held click too.
    expect(changes).toEqual(['click freelancer', 'change freelancer', 'change oldest']);
  });
});

describe('a click on an icon inside a control', () => {
  it('is replayed on the control', () => {
    const container = document.createElement('div');
    const markup = '<header><button type="button"><svg><path d="M0 0"></path></svg><span>Menu</span></button></header>';
    container.innerHTML = markup;
    document.body.append(container);
    const replay = holdInput(container);
    container.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    container.innerHTML = markup;
    const clicked: string[] = [];
    container
      .querySelector('button')!
      .addEventListener('click', (event) => clicked.push((event.target as Element).tagName));
    replay();
    expect(clicked).toEqual(['BUTTON']);
  });
});
