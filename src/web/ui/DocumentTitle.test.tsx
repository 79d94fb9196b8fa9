import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentTitle } from './DocumentTitle';

describe('DocumentTitle', () => {
  it('names the document while it is shown, and gives the title before it back when it goes', () => {
    document.title = 'Versimarket';
    const page = render(<DocumentTitle>Jobs | Versimarket</DocumentTitle>);
    expect(document.title).toBe('Jobs | Versimarket');

    page.rerender(<DocumentTitle>Power BI dashboards | Versimarket</DocumentTitle>);
    expect(document.title).toBe('Power BI dashboards | Versimarket');

    page.unmount();
    expect(document.title).toBe('Versimarket');
  });

  it('shows the last title put in place, and the one under it when that one goes', () => {
    const first = render(<DocumentTitle>Messages | Versimarket</DocumentTitle>);
    const dialog = render(<DocumentTitle>New message | Versimarket</DocumentTitle>);
    expect(document.title).toBe('New message | Versimarket');

    // A title under another one changes its text without taking the document's title back.
    first.rerender(<DocumentTitle>Messages (2) | Versimarket</DocumentTitle>);
    expect(document.title).toBe('New message | Versimarket');

    dialog.unmount();
    expect(document.title).toBe('Messages (2) | Versimarket');
    first.unmount();
  });

  it('draws nothing in the page', () => {
    const { container } = render(<DocumentTitle>Jobs | Versimarket</DocumentTitle>);
    expect(container.innerHTML).toBe('');
    expect(document.querySelectorAll('title').length).toBeLessThanOrEqual(1);
  });
});
