import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { badRequest, failure, ok, PUBLIC_PROFILE, recordJson } from '@/testing/apiFixtures';

/** The whole app starts and the form's files load on demand: allow for a slow machine. */
const SLOW = { timeout: 8000 };
const PROFILE_PATH = '*/api/account/public/freelancer/:uid/';

const CURRENCIES = ok([
  { code: 'USD', name: 'US dollar', symbol: '$', minorUnits: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', minorUnits: 2 },
]);

function useFreelancerAnswers(profile: Response | (() => Response) = () => HttpResponse.json(PUBLIC_PROFILE)) {
  useScenario('freelancer');
  server.use(
    http.get(PROFILE_PATH, typeof profile === 'function' ? profile : () => profile),
    http.get('*/api/service/currency/all/', () => HttpResponse.json(CURRENCIES)),
  );
}

describe('/dashboard/complete/education/', () => {
  it('starts from the public profile, saves the whole list, shows the toast and returns home', async () => {
    useFreelancerAnswers();
    const save = recordJson('post', '*/api/account/freelancer/education/set/', (body) =>
      HttpResponse.json(ok((body as { entries: unknown[] }).entries, 'Education saved.')),
    );
    server.use(save.handler);
    const app = renderApp('/dashboard/complete/education/');

    const school = (await screen.findByLabelText(/^School/, {}, SLOW)) as HTMLInputElement;
    expect(school.value).toBe('Universitat de València');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add your education');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a study' }));
    const second = screen.getByRole('group', { name: 'Study 2' });
    await user.type(within(second).getByLabelText(/^School/), 'Open University');
    await user.type(within(second).getByLabelText(/^Degree/), 'MSc Statistics');
    await user.type(within(second).getByLabelText(/^From \(year\)/), '2019');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(save.bodies).toHaveLength(1));
    expect(save.bodies[0]).toEqual({
      entries: [
        {
          school: 'Universitat de València',
          degree: 'BSc Computer Science',
          field: 'Data systems',
          startYear: 2012,
          endYear: 2016,
          description: null,
        },
        {
          school: 'Open University',
          degree: 'MSc Statistics',
          field: null,
          startYear: 2019,
          endYear: null,
          description: null,
        },
      ],
    });
    expect(await screen.findByText('Education saved.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/dashboard/services/'));
  });

  it('shows the server’s refusal next to the field it names and keeps the answers', async () => {
    useFreelancerAnswers();
    server.use(
      http.post('*/api/account/freelancer/education/set/', () =>
        badRequest([{ field: 'entries.0.endYear', message: 'may not be before the start year' }]),
      ),
    );
    renderApp('/dashboard/complete/education/');
    await screen.findByLabelText(/^School/, {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText('This may not be before the start year.', {}, SLOW);
    const field = screen.getByLabelText(/^To \(year\)/);
    expect(field.getAttribute('aria-describedby')).toContain(message.closest('p')!.id);
    expect(screen.getByText('Please correct the highlighted fields.')).toBeTruthy();
    expect((screen.getByLabelText(/^School/) as HTMLInputElement).value).toBe('Universitat de València');
  });

  it('starts empty for a freelancer whose profile is not public yet (404)', async () => {
    useFreelancerAnswers(failure(404, 'No such freelancer.', 'not_found'));
    renderApp('/dashboard/complete/education/');
    expect(await screen.findByText('Nothing added yet.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(/could not load what your profile says/)).toBeNull();
  });

  it('warns that saving replaces the section when the profile could not be read', async () => {
    useFreelancerAnswers(failure(500, 'Something went wrong.'));
    renderApp('/dashboard/complete/education/');
    expect(await screen.findByText(/could not load what your profile says/, {}, SLOW)).toBeTruthy();
  });
});

describe('/dashboard/complete/profile/', () => {
  it('a freelancer edits the about section, checked by the form before sending', async () => {
    useFreelancerAnswers();
    const save = recordJson('put', '*/api/account/freelancer/about/update/', (body) =>
      HttpResponse.json(ok(body, 'About section saved.')),
    );
    server.use(save.handler);
    renderApp('/dashboard/complete/profile/');
    const headline = (await screen.findByLabelText(/^Professional headline/, {}, SLOW)) as HTMLInputElement;
    expect(headline.value).toBe('Data engineer for retail and logistics teams');

    const user = userEvent.setup();
    await user.clear(headline);
    await user.type(headline, 'Short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();
    expect(save.bodies).toHaveLength(0);

    await user.type(headline, ' but long enough now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.bodies).toHaveLength(1));
    expect(save.bodies[0]).toMatchObject({
      headline: 'Short but long enough now',
      hourlyRate: { amount: 80, currency: 'EUR' },
      yearsOfExperience: 7,
      availability: 'part-time',
    });
  });

  it('a client describes the company (CL1)', async () => {
    useScenario('client');
    const save = recordJson('put', '*/api/account/client/about/update/', () =>
      HttpResponse.json(ok({}, 'About section saved.')),
    );
    server.use(
      save.handler,
      http.get('*/api/service/*', () => HttpResponse.json(ok([]))),
    );
    renderApp('/dashboard/complete/profile/');
    expect(await screen.findByLabelText(/^About/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/What your company does/)).toBeTruthy();
  });

  it("a client's about section starts from what is stored", async () => {
    useScenario('client');
    const about = 'Brightline Logistics runs regional freight for 400 retailers across the Midwest.';
    server.use(
      http.get('*/api/account/client/settings/', () =>
        HttpResponse.json(
          ok({
            personalDetails: null,
            profileDetails: null,
            about: {
              about,
              industry: { slug: 'logistics-and-transportation', label: 'Logistics and transportation' },
              businessSize: { slug: '201-500', label: '201 to 500 employees' },
              website: 'https://www.brightline-logistics.com',
              updatedAt: '2026-03-02T16:46:30Z',
            },
          }),
        ),
      ),
      http.get('*/api/service/*', () => HttpResponse.json(ok([]))),
    );
    renderApp('/dashboard/complete/profile/');
    const field = (await screen.findByLabelText(/^About/, {}, SLOW)) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toBe(about));
    expect((screen.getByLabelText(/^Website/) as HTMLInputElement).value).toBe('https://www.brightline-logistics.com');
  });

  it('tells a client that education belongs to freelancer profiles', async () => {
    useScenario('client');
    renderApp('/dashboard/complete/education/');
    expect(await screen.findByText(/belong to freelancer profiles/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Describe your company' }).getAttribute('href')).toBe(
      '/dashboard/complete/profile/',
    );
  });
});

describe('/dashboard/complete/languages/', () => {
  it('offers the language list from the catalogue and saves code and level', async () => {
    useFreelancerAnswers();
    const save = recordJson('post', '*/api/account/freelancer/languages/set/', (body) =>
      HttpResponse.json(ok(body, 'Languages saved.')),
    );
    server.use(
      save.handler,
      http.get('*/api/account/language/all/', () =>
        HttpResponse.json(
          ok([
            { code: 'en', name: 'English' },
            { code: 'es', name: 'Spanish' },
          ]),
        ),
      ),
    );
    renderApp('/dashboard/complete/languages/');
    const first = await screen.findByRole('group', { name: 'Language 1' }, SLOW);
    await waitFor(() => expect((within(first).getByLabelText(/^Language/) as HTMLSelectElement).value).toBe('es'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.bodies).toEqual([{ entries: [{ code: 'es', proficiency: 'native' }] }]));
  });
});
