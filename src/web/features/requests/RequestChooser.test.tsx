import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import index from '../../../../forms/index.json';
import type { FormEntry } from '@/forms/types';
import { renderApp } from '@/testing/renderApp';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { RequestChooser } from './RequestChooser';

const wizardForms = (index.forms as FormEntry[]).filter((form) => form.kind === 'service-request');

function hrefs(): string[] {
  return screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
}

describe('request chooser', () => {
  it('offers every request form of forms/index.json', async () => {
    renderApp('/request/new/');
    await screen.findByRole('heading', { level: 1, name: 'What do you need help with?' });
    expect(document.title).toBe('Post a request | Versimarket');
    expect(wizardForms.length).toBeGreaterThan(5);
    for (const form of wizardForms) {
      const familyOnly = wizardForms.filter((f) => f.family === form.family).length === 1 && !form.subFamily;
      const path = familyOnly ? `/request/new/${form.family}/` : `/request/new/${form.family}/${form.subFamily}/`;
      expect(hrefs()).toContain(path);
    }
  });

  it('shows a family added to the files without any code change', async () => {
    const added: FormEntry = {
      ...wizardForms[0]!,
      id: 'requests/game-development',
      family: 'game-development',
      title: 'Game development',
      path: 'requests/game-development',
    };
    renderWithRouter(<RequestChooser entries={[...wizardForms, added]} />);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Game development' })).toBeTruthy());
    expect(hrefs()).toContain('/request/new/game-development/');
  });

  it('names a family’s page after the family, and asks which of its requests', async () => {
    renderApp('/request/new/data-and-analytics/');
    await screen.findByRole('heading', { level: 1, name: /^Which kind of data and analytics request\?$/i });
    expect(document.title).toBe('Data and Analytics request | Versimarket');
  });

  it.each(['/request/new/underwater-basket-weaving/', '/request/new/data-and-analytics/nonexistent/'])(
    'answers 404 at %s, a family or sub-family the files do not have',
    async (path) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      renderApp(path);
      expect(await screen.findByText('Sorry, the page is not found.')).toBeTruthy();
    },
  );
});
