import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
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
    // Taken over by the app, as React's own fields are: it watches their values.
    for (const field of container.querySelectorAll('input, textarea')) Object.assign(field, { _valueTracker: {} });
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

  it("carries what was typed and the focus over to the app's fields, as typing does", async () => {
    const { container, redraw } = serverPage();
    const restore = keepTyping(container);
    // Typed after the hold began, until the app's page is in place (here, drawn anew).
    const search = container.querySelector('input')!;
    search.value = 'NetSuite';
    container.querySelector('textarea')!.value = 'A month-end close';
    search.focus();

    redraw();
    const typed: string[] = [];
    container.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).value));
    await restore();
    expect(container.querySelector('input')!.value).toBe('NetSuite');
    expect(container.querySelector('textarea')!.value).toBe('A month-end close');
    expect(typed).toEqual(['NetSuite', 'A month-end close']);
    expect(document.activeElement).toBe(container.querySelector('input'));
  });

  it('gives the typing to the app once the app has taken every field over, not before', async () => {
    const { container } = serverPage();
    const restore = keepTyping(container);
    container.querySelector('textarea')!.value = 'A month-end close';
    const typed: string[] = [];
    container.addEventListener('input', (event) => typed.push((event.target as HTMLTextAreaElement).value));
    // The app's page is in place, but a part of it (here, every field) is not taken over yet.
    const restored = restore();
    await new Promise((done) => setTimeout(done, 50));
    expect(typed).toEqual([]);
    for (const field of container.querySelectorAll('input, textarea')) Object.assign(field, { _valueTracker: {} });
    await restored;
    expect(typed.at(-1)).toBe('A month-end close');
  });

  it('lets a click on a field check it on the drawn page, and carries the choice over', async () => {
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
    await restore();
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

describe('a page the app takes over as it was drawn (hydrated)', () => {
  /** A search form whose field and checkbox the app controls, showing what it holds. */
  function SearchForm() {
    const [query, setQuery] = useState('');
    const [remote, setRemote] = useState(false);
    const [sort, setSort] = useState('newest');
    return (
      <form>
        <input aria-label="Search" value={query} onChange={(event) => setQuery(event.target.value)} />
        <input
          type="checkbox"
          aria-label="Remote"
          checked={remote}
          onChange={(event) => setRemote(event.target.checked)}
        />
        <select aria-label="Sort" value={sort} onChange={(event) => setSort(event.target.value)}>
          <option value="newest">Newest</option>
          <option value="oldest">Oldest</option>
        </select>
        <output>{`${query}|${String(remote)}|${sort}`}</output>
      </form>
    );
  }

  it('tells the app what was typed, checked and chosen in the fields it kept', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchForm />);
    document.body.append(container);
    const restore = keepTyping(container);
    const [search, remote] = container.querySelectorAll('input');
    search!.value = 'NetSuite';
    remote!.checked = true;
    const sort = container.querySelector('select')!;
    sort.value = 'oldest';

    await act(async () => {
      hydrateRoot(container, <SearchForm />);
    });
    // The same elements, holding what the visitor did; the app has not seen it yet.
    expect(container.querySelector('input')).toBe(search);
    expect(container.querySelector('select')).toBe(sort);
    expect(container.querySelector('output')!.textContent).toBe('|false|newest');
    await act(async () => restore());
    expect(container.querySelector('output')!.textContent).toBe('NetSuite|true|oldest');
    expect(search!.value).toBe('NetSuite');
    expect(remote!.checked).toBe(true);
    expect(sort.value).toBe('oldest');
  });
});
