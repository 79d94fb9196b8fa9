import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '../../../../mocks/node';
import { handlersFor } from '../../../../mocks/scenarios';
import index from '../../../../forms/index.json';
import schema from '../../../../forms/requests/data-and-analytics-business/schema.json';
import { renderApp } from '@/testing/renderApp';
import { formGalleryEnabled } from './galleryFlag';

const FORM_ID = 'requests/data-and-analytics-business';
const [firstStep, secondStep] = schema['x-steps'];

const result = () => screen.getByTestId('gallery-result');

async function openGallery(path = '/dev/forms/') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Form gallery' }, { timeout: 5000 });
  return app;
}

async function openForm() {
  const app = await openGallery(`/dev/forms/?form=${encodeURIComponent(FORM_ID)}`);
  await screen.findByRole('heading', { level: 3, name: /Examples/ }, { timeout: 5000 });
  return app;
}

beforeEach(() => {
  server.use(...handlersFor('visitor'));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('formGalleryEnabled', () => {
  it('is on in development, and in a build only with VITE_FORM_GALLERY=1', () => {
    expect(formGalleryEnabled({ DEV: true })).toBe(true);
    expect(formGalleryEnabled({ DEV: true, VITE_FORM_GALLERY: '0' })).toBe(true);
    expect(formGalleryEnabled({ DEV: false })).toBe(false);
    expect(formGalleryEnabled({ DEV: false, VITE_FORM_GALLERY: '' })).toBe(false);
    expect(formGalleryEnabled({ DEV: false, VITE_FORM_GALLERY: '0' })).toBe(false);
    expect(formGalleryEnabled({ DEV: false, VITE_FORM_GALLERY: '1' })).toBe(true);
  });
});

describe('/dev/forms/', () => {
  it('answers 404 when the gallery is off', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_FORM_GALLERY', '');
    renderApp('/dev/forms/');
    expect(await screen.findByText('Sorry, the page is not found.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Form gallery' })).toBeNull();
  });

  it('is there in a production build made with the flag', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_FORM_GALLERY', '1');
    await openGallery();
  });

  it('lists every form of forms/index.json by group, with kind, family and operation', async () => {
    await openGallery();
    const list = screen.getByRole('navigation', { name: 'Forms' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(index.forms.length);
    for (const entry of index.forms) {
      const link = within(list).getByRole('link', {
        name: new RegExp(entry.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      });
      expect(link.getAttribute('href')).toBe(`/dev/forms/?form=${encodeURIComponent(entry.id)}`);
      expect(link.textContent).toContain(entry.kind);
      if (entry.operationIds) {
        // An onboarding step or profile section: no family, the operations it is the body of.
        for (const operationId of entry.operationIds) expect(link.textContent).toContain(operationId);
        continue;
      }
      expect(link.textContent).toContain(entry.family);
      if (entry.subFamily) expect(link.textContent).toContain(entry.subFamily);
      expect(link.textContent).toContain(entry.operationId);
    }
    for (const group of new Set(index.forms.map((entry) => entry.group)))
      expect(within(list).getByRole('heading', { level: 2, name: new RegExp(group) })).toBeTruthy();
  });

  it('renders the selected form at its first step, beside its files', async () => {
    await openGallery();
    await userEvent.click(screen.getByRole('link', { name: new RegExp(schema.title) }));
    expect(await screen.findByRole('heading', { level: 2, name: schema.title }, { timeout: 5000 })).toBeTruthy();
    expect(
      await screen.findByRole('tab', { name: new RegExp(firstStep!.title), selected: true }, { timeout: 5000 }),
    ).toBeTruthy();
    for (const field of firstStep!.fields) expect(document.getElementById(`gallery_${field}`)).toBeTruthy();
    for (const field of secondStep!.fields) expect(document.getElementById(`gallery_${field}`)).toBeNull();
    expect(screen.getByText(`forms/${FORM_ID}/schema.json`)).toBeTruthy();
    expect(screen.getByText(`forms/${FORM_ID}/ui.json`)).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: new RegExp(secondStep!.title) }));
    for (const field of secondStep!.fields) expect(document.getElementById(`gallery_${field}`)).toBeTruthy();
  });

  it('loads a valid example as "valid" and an invalid one with its errors by field', async () => {
    const app = await openForm();
    // Every example says at once whether it behaves as its name promises.
    expect(screen.getByRole('button', { name: /valid-complete\.json.*passes ✓/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /invalid-business-size-missing\.json.*fails \(\d+\) ✓/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^valid-complete\.json/ }));
    expect(app.location()).toContain('example=valid-complete.json');
    expect(result().textContent).toBe('valid');
    expect((document.getElementById('gallery_title') as HTMLInputElement).value).not.toBe('');

    await userEvent.click(screen.getByRole('button', { name: /^invalid-business-size-missing\.json/ }));
    expect(result().textContent).toMatch(/^\d+ errors?/);
    const errors = within(result()).getAllByRole('listitem');
    expect(errors.map((item) => item.textContent).join('\n')).toMatch(/businessSize/);

    await userEvent.click(screen.getByRole('button', { name: /^invalid-description-too-short\.json/ }));
    expect(within(result()).getAllByRole('listitem')[0]!.textContent).toMatch(/^description .*minLength/);
  });
});
