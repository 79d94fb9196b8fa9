import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { failure, ok, PUBLIC_PROFILE } from '@/testing/apiFixtures';
import { page, summary } from './testFixtures';

const SLOW = { timeout: 5000 };
const UID = '2d7a8f63-0b54-4e2c-9f1a-6c3e4d5b2f02';

const service = (slug: string, label: string, isPrimary: boolean) => ({
  service: { slug, label },
  isPrimary,
  description: `${label} for retail teams.`,
  hourlyRate: { amount: 80, currency: 'EUR' },
  yearsOfExperience: 7,
  tools: [{ id: 42, slug: 'power-bi', name: 'Power BI' }],
  projectCount: 1,
  coverImageUrl: null,
});

function serve() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/account/public/freelancer/:uid/', () => HttpResponse.json(PUBLIC_PROFILE)),
    http.get('*/api/account/public/freelancer/:uid/services/', () =>
      HttpResponse.json(
        ok([service('data-and-analytics', 'Data and Analytics', true), service('mobile-app', 'Mobile App', false)]),
      ),
    ),
    http.get('*/api/account/public/freelancer/:uid/services/:sid/projects/', ({ params }) => {
      asked.push(String(params.sid));
      return HttpResponse.json(page([summary({ title: `A ${String(params.sid)} project` })]));
    }),
  );
  return asked;
}

describe('/dashboard/freelancer/service/{id}/', () => {
  it('shows a client the freelancer’s primary service with its projects (F14, F15, F16)', async () => {
    useScenario('client');
    const asked = serve();
    renderApp(`/dashboard/freelancer/service/${UID}/`);
    expect(await screen.findByRole('link', { name: 'A data-and-analytics project' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Freelancer service');
    expect(screen.getByRole('link', { name: 'Diego A.' })).toBeTruthy();
    expect(screen.getByText('€80.00 an hour')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Data and Analytics/ }).getAttribute('aria-current')).toBe('page');
    expect(asked).toEqual(['data-and-analytics']);
  });

  it('shows the service named in the address to a visitor', async () => {
    useScenario('visitor');
    serve();
    renderApp(`/dashboard/freelancer/service/${UID}/?service=mobile-app`);
    expect(await screen.findByRole('link', { name: 'A mobile-app project' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Mobile App' })).toBeTruthy();
  });

  it('says when there is no such freelancer (404)', async () => {
    useScenario('client');
    server.use(
      http.get('*/api/account/public/freelancer/:uid/', () => failure(404, 'No such freelancer.', 'not_found')),
      http.get('*/api/account/public/freelancer/:uid/services/', () =>
        failure(404, 'No such freelancer.', 'not_found'),
      ),
    );
    renderApp(`/dashboard/freelancer/service/${UID}/`);
    expect(await screen.findByRole('heading', { name: 'We could not find this freelancer' }, SLOW)).toBeTruthy();
  });
});
