import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { answer } from '../../../mocks/handlers';
import { loadBodyForm, type LoadedBodyForm } from './bodyForms';
import { BodyForm } from './SchemaForm';
import type { JsonObject } from './types';

const ok = (data: unknown) => ({ status: 'success', message: 'OK', data });
const STATES: Record<string, { code: string; name: string }[]> = {
  GB: [
    { code: 'ENG', name: 'England' },
    { code: 'SCT', name: 'Scotland' },
  ],
  US: [
    { code: 'CA', name: 'California' },
    { code: 'TX', name: 'Texas' },
  ],
};

beforeEach(() => {
  server.use(
    answer(
      'ListCountries',
      ok([
        { code: 'GB', name: 'United Kingdom', states: 2 },
        { code: 'US', name: 'United States', states: 2 },
      ]),
    ),
    http.get('*/api/account/country/:id/states/all/', ({ params }) =>
      HttpResponse.json(ok(STATES[String(params.id)] ?? [])),
    ),
  );
});

afterEach(() => vi.restoreAllMocks());

function Harness({ form, onAnswers }: { form: LoadedBodyForm; onAnswers: (answers: JsonObject) => void }) {
  const [answers, setAnswers] = useState<JsonObject>({});
  return (
    <BodyForm
      form={form}
      idPrefix="personal"
      formData={answers}
      defaults={{ emptyObjectFields: 'skipDefaults' }}
      onChange={(next) => {
        setAnswers(next);
        onAnswers(next);
      }}
      onSubmit={() => undefined}
    />
  );
}

async function renderPersonalDetails() {
  const form = await loadBodyForm('profile/personal-details');
  const onAnswers = vi.fn<(answers: JsonObject) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness form={form} onAnswers={onAnswers} />
    </QueryClientProvider>,
  );
  const last = () => onAnswers.mock.calls.at(-1)?.[0] ?? {};
  return { last };
}

describe('the time zone and state pickers of the form files', () => {
  it('preselects the browser’s zone, groups zones by region and finds one by part of a city', async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'Europe/Lisbon' };
    });
    const { last } = await renderPersonalDetails();
    const zone = (await screen.findByLabelText('Time zone', { selector: 'select' })) as HTMLSelectElement;

    await waitFor(() => expect(zone.value).toBe('Europe/Lisbon'));
    expect(last().timezone).toBe('Europe/Lisbon');
    const regions = [...zone.querySelectorAll('optgroup')].map((group) => group.label);
    expect(regions).toEqual(expect.arrayContaining(['Africa', 'Americas', 'Asia', 'Europe']));

    await userEvent.type(screen.getByRole('searchbox', { name: /search time zones/i }), 'kolk');
    const offered = within(zone)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered.some((label) => label?.startsWith('Kolkata'))).toBe(true);
    expect(offered.some((label) => label?.startsWith('New York'))).toBe(false);
    const kolkata = within(zone).getByRole('option', { name: /^Kolkata/ });
    await userEvent.selectOptions(zone, kolkata);
    // Browsers list the zone under its older canonical name (Asia/Calcutta); either is stored as is.
    expect(last().timezone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
  });

  it('offers states by name once a country is chosen, after the country, and clears them when it changes', async () => {
    const { last } = await renderPersonalDetails();
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    const state = screen.getByLabelText(/State or region/) as HTMLSelectElement;

    expect(country.compareDocumentPosition(state) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(state.disabled).toBe(true);
    expect(screen.getByText('Choose a country first.')).toBeTruthy();

    await within(country).findByRole('option', { name: 'United Kingdom' });
    await userEvent.selectOptions(country, 'United Kingdom');
    await within(state).findByRole('option', { name: 'England' });
    expect(state.disabled).toBe(false);
    await userEvent.selectOptions(state, 'England');
    expect(last()).toMatchObject({ country: 'GB', state: 'ENG' });

    await userEvent.selectOptions(country, 'United States');
    await within(state).findByRole('option', { name: 'California' });
    await waitFor(() => expect(last().state).toBeUndefined());
    expect(state.value).toBe('');
  });
});
