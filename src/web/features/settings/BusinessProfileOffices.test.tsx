import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { badRequest, ok, recordJson } from '@/testing/apiFixtures';

const SLOW = { timeout: 8000 };
const OFFICE_ID = '6e2a9d47-1c3b-4f80-a5e2-7d9b4c1f3a66';
const TORONTO = {
  id: OFFICE_ID,
  label: null,
  line1: '100 King Street West',
  line2: null,
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5X 1A9',
  country: 'CA',
  phone: null,
  isHeadquarters: true,
};

/** A business with one office in Toronto; the catalogue knows Canada and its provinces by name. */
function useBusinessWithOffice() {
  useScenario('business');
  server.use(
    http.get('*/api/account/business/profile/', () =>
      HttpResponse.json(
        ok({
          companyId: 'acme-analytics',
          details: null,
          personalContact: null,
          about: null,
          locations: [TORONTO],
          socialProfiles: null,
          competitors: null,
        }),
      ),
    ),
    http.get('*/api/account/country/all/', () =>
      HttpResponse.json(
        ok([
          { id: 1, code: 'CA', name: 'Canada', phoneCode: '+1', hasStates: true },
          { id: 2, code: 'US', name: 'United States', phoneCode: '+1', hasStates: true },
        ]),
      ),
    ),
    http.get('*/api/account/country/:id/states/all/', ({ params }) =>
      HttpResponse.json(
        ok(
          params.id === 'CA'
            ? [
                { code: 'ON', name: 'Ontario' },
                { code: 'QC', name: 'Quebec' },
              ]
            : [{ code: 'TX', name: 'Texas' }],
        ),
      ),
    ),
  );
}

async function offices() {
  const heading = await screen.findByRole('heading', { name: 'Offices' }, SLOW);
  return within(heading.closest('section')!);
}

describe('business profile: offices', () => {
  it('edits an office with the location form, country before state, and shows the server’s field errors on fields', async () => {
    useBusinessWithOffice();
    let attempts = 0;
    const save = recordJson('put', `*/api/account/business/locations/${OFFICE_ID}/update/`, (body) => {
      attempts += 1;
      if (attempts === 1) return badRequest([{ field: 'postalCode', message: 'Enter the office’s postal code.' }]);
      return HttpResponse.json(ok({ ...(body as object), id: OFFICE_ID }, 'Location updated.'));
    });
    server.use(save.handler);
    renderApp('/dashboard/business/profile/');

    const section = await offices();
    // Names, not codes, in the list; no form until the office is opened.
    await waitFor(() => expect(section.getByText('100 King Street West, Toronto, Ontario, Canada')).toBeTruthy(), SLOW);
    expect(section.queryByLabelText(/^City/)).toBeNull();

    const user = userEvent.setup();
    await user.click(
      section.getByRole('button', { name: 'Edit office: 100 King Street West, Toronto, Ontario, Canada' }),
    );
    const city = (await section.findByLabelText(/^City/, {}, SLOW)) as HTMLInputElement;
    expect(city.value).toBe('Toronto');
    const country = section.getByLabelText(/^Country/) as HTMLSelectElement;
    const state = section.getByLabelText(/^State/) as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe('CA'));
    await waitFor(() => expect(state.value).toBe('ON'));
    // The country comes before the state in the form.
    expect(country.compareDocumentPosition(state) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.selectOptions(state, 'Quebec');
    await user.clear(city);
    await user.type(city, 'Montreal');
    await user.click(section.getByRole('button', { name: 'Save office' }));

    // The server's message sits on the field it names; the answers stay.
    expect(await section.findByText('Enter the office’s postal code.', {}, SLOW)).toBeTruthy();
    expect((section.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Montreal');

    await user.click(section.getByRole('button', { name: 'Save office' }));
    await waitFor(() => expect(save.bodies).toHaveLength(2));
    // The whole office is sent (a replace): the fields left empty as null.
    expect(save.bodies[1]).toEqual({
      label: null,
      line1: '100 King Street West',
      line2: null,
      phone: null,
      city: 'Montreal',
      state: 'QC',
      postalCode: 'M5X 1A9',
      country: 'CA',
      isHeadquarters: true,
    });
    // Saved: the form closes.
    await waitFor(() => expect(section.queryByRole('button', { name: 'Save office' })).toBeNull());
  });

  it('offers no way to remove an office (the contract has no call for it)', async () => {
    useBusinessWithOffice();
    renderApp('/dashboard/business/profile/');
    const section = await offices();
    await section.findByRole('button', { name: /^Edit office:/ }, SLOW);
    expect(section.queryByRole('button', { name: /remove|delete/i })).toBeNull();
  });
});
