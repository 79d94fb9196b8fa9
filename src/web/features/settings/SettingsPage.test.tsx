import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { badRequest, ok, PUBLIC_PROFILE, recordJson } from '@/testing/apiFixtures';

const SLOW = { timeout: 8000 };
const COUNTRIES = ok([
  { id: 1, code: 'ES', name: 'Spain', phoneCode: '+34', hasStates: true },
  { id: 2, code: 'US', name: 'United States', phoneCode: '+1', hasStates: true },
]);
/** Each country's states, as the catalogue lists them: the state picker offers these by name. */
const STATES: Record<string, { code: string; name: string }[]> = {
  ES: [{ code: 'V', name: 'Valencia' }],
  US: [{ code: 'IL', name: 'Illinois' }],
};
const statesHandler = http.get('*/api/account/country/:id/states/all/', ({ params }) =>
  HttpResponse.json(ok(STATES[String(params.id)] ?? [])),
);

async function sectionNamed(name: string) {
  const heading = await screen.findByRole('heading', { name }, SLOW);
  return within(heading.closest('section')!);
}

const DIEGO_PERSONAL = {
  firstname: 'Diego',
  lastname: 'Alvarez',
  displayName: 'Diego Alvarez',
  email: 'diego@example.com',
  phone: '+34600111222',
  country: 'ES',
  countryName: 'Spain',
  state: 'V',
  stateName: 'Valencia',
  city: 'Valencia',
  timezone: 'Europe/Madrid',
  updatedAt: '2026-03-02T16:44:05Z',
};

/** What the server holds for the freelancer: the settings read, not the public profile, fills the forms. */
function useFreelancerAnswers() {
  useScenario('freelancer');
  server.use(
    http.get('*/api/account/freelancer/settings/', () =>
      HttpResponse.json(
        ok({ personalDetails: DIEGO_PERSONAL, businessDetails: null, tagline: 'Dashboards your whole team trusts.' }),
      ),
    ),
    http.get('*/api/account/country/all/', () => HttpResponse.json(COUNTRIES)),
    statesHandler,
  );
}

describe('settings: profile sections', () => {
  it('a freelancer’s personal details start from what is stored, phone, state and time zone too (F19)', async () => {
    useFreelancerAnswers();
    const save = recordJson('put', '*/api/account/freelancer/settings/personal-details/', () =>
      HttpResponse.json(ok({}, 'Personal details saved.')),
    );
    server.use(save.handler);
    renderApp('/dashboard/settings/');
    const section = await sectionNamed('Personal details');
    await waitFor(() => expect((section.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Valencia'));
    expect((section.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Diego');
    await waitFor(() => expect((section.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('ES'));
    expect((section.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('+34600111222');
    await waitFor(() => expect((section.getByLabelText(/^State/) as HTMLSelectElement).value).toBe('V'));
    expect((section.getByLabelText(/^Time zone/) as HTMLInputElement).value).toBe('Europe/Madrid');

    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: 'Save personal details' }));
    await waitFor(() =>
      expect(save.bodies).toEqual([
        {
          firstname: 'Diego',
          lastname: 'Alvarez',
          phone: '+34600111222',
          country: 'ES',
          state: 'V',
          city: 'Valencia',
          timezone: 'Europe/Madrid',
        },
      ]),
    );
    expect(await screen.findByText('Personal details saved.')).toBeTruthy();
  });

  it('shows the server’s refusal beside the phone', async () => {
    useFreelancerAnswers();
    server.use(
      http.put('*/api/account/freelancer/settings/personal-details/', () =>
        badRequest([{ field: 'phone', message: 'is not a phone number in international format' }]),
      ),
    );
    renderApp('/dashboard/settings/');
    const section = await sectionNamed('Personal details');
    await waitFor(() => expect((section.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Valencia'));
    const user = userEvent.setup();
    await user.clear(section.getByLabelText(/^Phone/));
    await user.type(section.getByLabelText(/^Phone/), '+34600111222');
    await user.click(section.getByRole('button', { name: 'Save personal details' }));
    const message = await section.findByText('This is not a phone number in international format.', {}, SLOW);
    expect(section.getByLabelText(/^Phone/).getAttribute('aria-describedby')).toContain(message.closest('p')!.id);
    expect((section.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('+34600111222');
  });

  it('a freelancer sets the tagline (F18) from what is stored', async () => {
    useFreelancerAnswers();
    const save = recordJson('patch', '*/api/account/freelancer/settings/tagline/', (body) =>
      HttpResponse.json(ok(body, 'Tagline saved.')),
    );
    server.use(save.handler);
    renderApp('/dashboard/settings/');
    const section = await sectionNamed('Tagline');
    const field = (await section.findByLabelText(/^Tagline/, {}, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('Dashboards your whole team trusts.'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.click(section.getByRole('button', { name: 'Save tagline' }));
    await waitFor(() => expect(save.bodies).toEqual([{ tagline: null }]));
  });

  it('a client saves personal details with CL2 and sees profile details, no tagline', async () => {
    useScenario('client');
    server.use(
      http.get('*/api/account/country/all/', () => HttpResponse.json(COUNTRIES)),
      statesHandler,
    );
    const save = recordJson('put', '*/api/account/client/settings/personal-details/', () =>
      HttpResponse.json(ok({}, 'Personal details saved.')),
    );
    server.use(save.handler);
    renderApp('/dashboard/settings/');
    const section = await sectionNamed('Personal details');
    expect(await sectionNamed('Profile details')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tagline' })).toBeNull();
    const user = userEvent.setup();
    await section.findByRole('option', { name: 'United States' }, SLOW);
    await user.selectOptions(section.getByLabelText(/^Country/), 'US');
    await user.type(section.getByLabelText(/^City/), 'Chicago');
    await user.type(section.getByLabelText(/^Time zone/), 'America/Chicago');
    await user.click(section.getByRole('button', { name: 'Save personal details' }));
    await waitFor(() => expect(save.bodies).toHaveLength(1));
    expect(save.bodies[0]).toMatchObject({ firstname: 'Maya', lastname: 'Chen', country: 'US', city: 'Chicago' });
  });

  it('a client’s stored personal and profile details fill every field', async () => {
    useScenario('client');
    server.use(
      http.get('*/api/account/country/all/', () => HttpResponse.json(COUNTRIES)),
      statesHandler,
      http.get('*/api/service/industry-type/all/', () =>
        HttpResponse.json(ok([{ id: 1, slug: 'logistics-and-transportation', label: 'Logistics and transportation' }])),
      ),
      http.get('*/api/service/business-size/all/', () =>
        HttpResponse.json(ok([{ id: 1, slug: '201-500', label: '201 to 500 employees' }])),
      ),
      http.get('*/api/account/client/settings/', () =>
        HttpResponse.json(
          ok({
            personalDetails: {
              ...DIEGO_PERSONAL,
              firstname: 'Maya',
              lastname: 'Chen',
              phone: '+13125550187',
              country: 'US',
              state: 'IL',
              city: 'Chicago',
              timezone: 'America/Chicago',
            },
            profileDetails: {
              companyName: 'Brightline Logistics',
              jobTitle: 'VP Finance',
              industry: { slug: 'logistics-and-transportation', label: 'Logistics and transportation' },
              businessSize: { slug: '201-500', label: '201 to 500 employees' },
              website: 'https://www.brightline-logistics.com',
              linkedin: null,
              updatedAt: '2026-03-02T16:46:30Z',
            },
          }),
        ),
      ),
    );
    renderApp('/dashboard/settings/');
    const personal = await sectionNamed('Personal details');
    const value = (label: RegExp, within = personal) => (within.getByLabelText(label) as HTMLInputElement).value;
    await waitFor(() => expect(value(/^City/)).toBe('Chicago'), SLOW);
    expect(value(/^Phone/)).toBe('+13125550187');
    await waitFor(() => expect(value(/^State/)).toBe('IL'));
    expect(value(/^Time zone/)).toBe('America/Chicago');
    await waitFor(() => expect(value(/^Country/)).toBe('US'));

    const details = await sectionNamed('Profile details');
    expect(value(/^Company$/, details)).toBe('Brightline Logistics');
    expect(value(/^Your job title/, details)).toBe('VP Finance');
    await waitFor(() => expect(value(/^Industry/, details)).toBe('logistics-and-transportation'), SLOW);
    await waitFor(() => expect(value(/^Size of your organisation/, details)).toBe('201-500'), SLOW);
  });

  it('a business changes its company name and has no personal details', async () => {
    useScenario('business');
    renderApp('/dashboard/settings/');
    const section = await sectionNamed('Company name');
    expect(await screen.findByRole('link', { name: 'Edit your business profile' })).toBeTruthy();
    await waitFor(() =>
      expect((section.getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Acme Analytics'),
    );
    expect(screen.queryByRole('heading', { name: 'Personal details' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Profile logo' })).toBeTruthy();
  });
});

describe('settings: profile photo', () => {
  it('previews the chosen image and uploads it as multipart (C07)', async () => {
    useScenario('client');
    const sent: File[] = [];
    server.use(
      http.post('*/api/account/update/profile/', async ({ request }) => {
        const form = await request.formData();
        sent.push(form.get('image') as File);
        return HttpResponse.json(ok({ profile: { image: '/uploads/avatars/new.webp' } }, 'Profile updated.'));
      }),
    );
    renderApp('/dashboard/settings/');
    const section = await sectionNamed('Profile photo');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      section.getByLabelText('Choose a photo'),
      new File(['x'.repeat(500)], 'me.gif', { type: 'image/gif' }),
    );
    expect(section.getByText('Choose a PNG, JPEG or WebP image.')).toBeTruthy();

    await user.upload(
      section.getByLabelText('Choose a photo'),
      new File(['x'.repeat(500)], 'me.png', { type: 'image/png' }),
    );
    expect(section.getByText(/Preview of/)).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Save new photo' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.type).toBe('image/png');
    expect(await screen.findByText('Profile updated.')).toBeTruthy();
  });

  it('removes the current image', async () => {
    useScenario('freelancer');
    server.use(http.get('*/api/account/public/freelancer/:uid/', () => HttpResponse.json(PUBLIC_PROFILE)));
    const sent: string[] = [];
    server.use(
      http.post('*/api/account/update/profile/', async ({ request }) => {
        sent.push(String((await request.formData()).get('removeImage')));
        return HttpResponse.json(ok({ profile: { image: null } }, 'Profile updated.'));
      }),
    );
    renderApp('/dashboard/settings/');
    const section = await sectionNamed('Profile photo');
    await userEvent.click(section.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(sent).toEqual(['true']));
  });
});
