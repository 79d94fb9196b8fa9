import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { server } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { handlersFor } from '../../../../mocks/scenarios';
import schema from '../../../../forms/requests/data-and-analytics-business/schema.json';
import type { PublicServiceRequestDetail } from '@/api/generated/model';
import { renderApp } from '@/testing/renderApp';
import { catalogueLists, jobDetail } from './testFixtures';

// The whole app renders (router, auth, forms); give it time on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const PATH = '/jobs/VR-7K3D9Q2M/';

/** Answers R08 with `body` and keeps the URLs asked. */
function detail(body: PublicServiceRequestDetail) {
  const asked: string[] = [];
  server.use(
    ...catalogueLists,
    answer('GetPublicServiceRequest', ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
      return { status: 'success', message: 'OK', data: body };
    }),
  );
  return asked;
}

async function open(path = PATH) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: /^(?!Loading)/ }, { timeout: 5000 });
  return app;
}

function factsOf(element: HTMLElement): Record<string, string> {
  const terms = within(element).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

beforeEach(() => {
  server.use(...handlersFor('visitor'));
});

describe('the job page', () => {
  it('shows the job, its answers laid out by the form, and the client without a name', async () => {
    // A name the server must never send; the page must not show one even so.
    const leaky = jobDetail();
    (leaky.client as unknown as Record<string, unknown>).displayName = 'Maya Chen';
    const asked = detail(leaky);
    await open();

    expect(asked).toEqual(['/api/service/public/request/VR-7K3D9Q2M/-']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Power BI sales and inventory dashboards');
    expect(document.title).toBe('Power BI sales and inventory dashboards | Versimarket');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Jobs' }).getAttribute('href')).toBe('/find/jobs/');
    expect(within(breadcrumb).getByRole('link', { name: 'Data and Analytics' }).getAttribute('href')).toBe(
      '/find/data-and-analytics/jobs/',
    );
    expect(screen.getByText('VR-7K3D9Q2M', { selector: 'code' })).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();

    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(factsOf(overview)).toEqual({
      Service: 'Data and Analytics · Business Analytics',
      Budget: '$10,000 – $25,000',
      'Project duration': '1 to 3 months',
      'Payment type': 'By milestones',
      'Hiring decision': 'Within two weeks',
      Proposals: '4 proposals',
    });
    expect(within(overview).getAllByRole('listitem')).toHaveLength(7);

    const answers = screen.getByRole('region', { name: 'Project details' });
    expect(
      await within(answers).findByRole('heading', { name: schema['x-steps'][0]!.title }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(answers).getByText('Harbor Supply Co.')).toBeTruthy();
    expect(within(answers).getByText(/stock cover and a demand forecast/)).toBeTruthy();

    const client = screen.getByRole('region', { name: 'About the client' });
    expect(factsOf(client)).toEqual({
      Country: 'United States',
      'Member since': 'November 2025',
      'Requests posted': '6 requests',
      'Requests awarded': '3 requests',
    });
    expect(document.body.textContent).not.toContain('Maya');
  });

  it('asks a visitor to sign in for the attachments and to sign up to propose', async () => {
    detail(jobDetail());
    await open();

    const attachments = screen.getByRole('region', { name: 'Attachments' });
    expect(attachments.textContent).toContain('Sign in as a freelancer or business to see attachments.');
    expect(within(attachments).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login/?next=%2Fjobs%2FVR-7K3D9Q2M%2F',
    );
    expect(screen.getByRole('link', { name: 'Sign up to propose' }).getAttribute('href')).toBe(
      '/auth/signup/?next=%2Fjobs%2FVR-7K3D9Q2M%2Fproposals%2Fsubmit%2F',
    );
    expect(screen.queryByRole('link', { name: 'Send a proposal' })).toBeNull();
  });

  it('lets a provider send a proposal and open the files', async () => {
    server.use(...handlersFor('freelancer'));
    detail(
      jobDetail({
        attachments: [
          {
            id: '9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
            name: 'requirements.pdf',
            url: '/uploads/files/3b1e4d8a.pdf',
            size: 184320,
            contentType: 'application/pdf',
          },
        ],
      }),
    );
    await open();

    expect(screen.getByRole('link', { name: 'Send a proposal' }).getAttribute('href')).toBe(
      '/jobs/VR-7K3D9Q2M/proposals/submit/',
    );
    const attachments = screen.getByRole('region', { name: 'Attachments' });
    expect(within(attachments).getByRole('link', { name: 'requirements.pdf' }).getAttribute('href')).toBe(
      '/uploads/files/3b1e4d8a.pdf',
    );
    expect(within(attachments).getByText('180 KB')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign up to propose' })).toBeNull();
  });

  it('points a provider who proposed to the proposal', async () => {
    server.use(...handlersFor('business'));
    detail(jobDetail({ viewer: { myProposalId: '7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33', invited: true } }));
    await open();

    expect(screen.getByRole('heading', { name: 'You proposed' })).toBeTruthy();
    expect(screen.getByText('The client invited you to propose')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your proposal' }).getAttribute('href')).toBe(
      '/dashboard/proposals/7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33/details/',
    );
    expect(screen.queryByRole('link', { name: 'Send a proposal' })).toBeNull();
  });

  it('says a closed or unknown job is gone, with the way back to the board', async () => {
    server.use(answer('GetPublicServiceRequest', { status: 'error', message: 'Not found.', code: 'not_found' }, 404));
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This job is no longer open or does not exist');
    expect(screen.getByRole('link', { name: 'Browse open jobs' }).getAttribute('href')).toBe('/find/jobs/');
  });

  it('does not ask the server about a reference that cannot exist', async () => {
    const asked = detail(jobDetail());
    await open('/jobs/not-a-ref/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This job is no longer open or does not exist');
    expect(asked).toEqual([]);
  });

  it('gives a signed-in client the 403 page when the API refuses them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(...handlersFor('client'));
    server.use(answer('GetPublicServiceRequest', { status: 'error', message: 'Forbidden.', code: 'forbidden' }, 403));
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('403');
  });

  it('shows the client their own request as providers see it, with the way to manage it', async () => {
    server.use(...handlersFor('client'));
    detail(jobDetail());
    await open();
    expect(screen.getByRole('heading', { name: 'Your request' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage your request' }).getAttribute('href')).toBe(
      '/dashboard/requests/3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44/details/',
    );
    expect(screen.queryByRole('link', { name: 'Send a proposal' })).toBeNull();
  });

  it("shows the client's own description, line breaks kept, rather than the generated summary", async () => {
    server.use(...handlersFor('freelancer'));
    const words = 'We want Power BI dashboards.\nStock cover first, then a forecast.';
    detail(jobDetail({ answers: { ...jobDetail().answers, description: words } }));
    await open();
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(within(overview).getByRole('heading', { name: 'In the client’s words' })).toBeTruthy();
    expect(within(overview).getByText(/Stock cover first/).textContent).toBe(words);
    expect(within(overview).queryByText('Business analytics in Power BI over NetSuite and HubSpot data.')).toBeNull();
  });
});
