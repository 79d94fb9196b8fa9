import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { failure, ok } from '@/testing/apiFixtures';
import { page, project, SERVICE, summary } from './testFixtures';

const SLOW = { timeout: 5000 };
const LIST = '*/api/account/freelancer/service/:id/projects/all/';

describe('/dashboard/services/{sid}/projects/', () => {
  it('shows the service’s projects as cards with links to each and to add one', async () => {
    useScenario('freelancer');
    const asked: string[] = [];
    server.use(
      http.get(LIST, ({ params, request }) => {
        asked.push(`${String(params.id)}?${new URL(request.url).searchParams.toString()}`);
        return HttpResponse.json(
          page([
            summary(),
            summary({ id: 'e27b4d90-1c3a-4f8e-b5d6-7a2c9e1f4b03', title: 'Churn model', completedOn: null }),
          ]),
        );
      }),
    );
    renderApp(`/dashboard/services/${SERVICE}/projects/`);
    const card = (await screen.findByRole('link', { name: 'Churn model' }, SLOW)).closest('li')!;
    expect(within(card).getByText(/Since May 2025, ongoing/)).toBeTruthy();
    expect(screen.getByText(/Jul 2025/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Churn model' }).getAttribute('href')).toBe(
      `/dashboard/services/${SERVICE}/projects/e27b4d90-1c3a-4f8e-b5d6-7a2c9e1f4b03/edit/`,
    );
    expect(screen.getByRole('link', { name: 'Add a project' }).getAttribute('href')).toBe(
      `/dashboard/services/${SERVICE}/projects/add/`,
    );
    expect(asked).toEqual([`${SERVICE}?page=1&pageSize=12`]);
  });

  it('invites the first project when the service has none', async () => {
    useScenario('freelancer');
    server.use(http.get(LIST, () => HttpResponse.json(page([]))));
    renderApp(`/dashboard/services/${SERVICE}/projects/`);
    expect(await screen.findByRole('heading', { name: /No projects in Data and analytics yet/ }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first project' })).toBeTruthy();
  });

  it('says a service the freelancer does not offer is not found (404)', async () => {
    useScenario('freelancer');
    server.use(http.get(LIST, () => failure(404, 'You do not offer this service.', 'not_found')));
    renderApp('/dashboard/services/mobile-app/projects/');
    expect(await screen.findByRole('heading', { name: 'We could not find this service' }, SLOW)).toBeTruthy();
  });

  it('offers to try again when the list fails', async () => {
    useScenario('freelancer');
    server.use(http.get(LIST, () => failure(500, 'Something went wrong on our side.')));
    renderApp(`/dashboard/services/${SERVICE}/projects/`);
    expect(await screen.findByText('Something went wrong on our side.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/dashboard/services/{sid}/projects/{pid}/details/', () => {
  it('shows the whole project with its images, facts and an edit link', async () => {
    useScenario('freelancer');
    const saved = project({
      url: 'https://example.com/case',
      files: [
        {
          id: '3b1e4d8a-7c2f-4a9e-8d6b-5f1c2e9a7b30',
          name: 'case-study.pdf',
          url: '/uploads/files/3b1e4d8a.pdf',
          size: 1_843_200,
          contentType: 'application/pdf',
        },
      ],
    } as never);
    server.use(http.get('*/api/account/freelancer/projects/:id/details/', () => HttpResponse.json(ok(saved))));
    renderApp(`/dashboard/services/${SERVICE}/projects/${saved.id}/details/`);
    expect(await screen.findByRole('heading', { level: 1, name: saved.title }, SLOW)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'inventory.png' })).toBeTruthy();
    expect(screen.getByText('Lead analyst')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'case-study.pdf' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit project' }).getAttribute('href')).toBe(
      `/dashboard/services/${SERVICE}/projects/${saved.id}/edit/`,
    );
  });

  it('says when the project is not the freelancer’s (404)', async () => {
    useScenario('freelancer');
    server.use(
      http.get('*/api/account/freelancer/projects/:id/details/', () => failure(404, 'No such project.', 'not_found')),
    );
    renderApp(`/dashboard/services/${SERVICE}/projects/${project().id}/details/`);
    expect(await screen.findByRole('heading', { name: 'We could not find this project' }, SLOW)).toBeTruthy();
  });
});
