import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { failure, ok, recordJson } from '@/testing/apiFixtures';
import { page, summary } from './testFixtures';

const SLOW = { timeout: 5000 };

const REMAINING = ok([
  {
    id: 1,
    slug: 'web-design-and-development',
    label: 'Web Design and Development',
    parentSlug: null,
    description: 'Websites and web apps.',
  },
  {
    id: 4,
    slug: 'software-development',
    label: 'Software Development',
    parentSlug: null,
    description: 'Custom software.',
  },
]);

function useFreelancerAnswers() {
  useScenario('freelancer');
  server.use(
    http.get('*/api/account/freelancer/service/:id/projects/all/', ({ params }) =>
      HttpResponse.json(params.id === 'data-and-analytics' ? page([summary()], 3) : page([], 0)),
    ),
    http.get('*/api/account/provider/other-services/remaining/', () => HttpResponse.json(REMAINING)),
  );
}

describe('/dashboard/services/', () => {
  it('lists the primary and other services with their project counts and links', async () => {
    useFreelancerAnswers();
    renderApp('/dashboard/services/');
    const list = within((await screen.findByRole('heading', { name: 'Services you offer' }, SLOW)).closest('section')!);
    expect(await list.findByText('3 projects', {}, SLOW)).toBeTruthy();
    expect(list.getByText('0 projects')).toBeTruthy();
    expect(list.getByText('Primary')).toBeTruthy();
    expect(list.getByRole('link', { name: 'View projects of Data and analytics' }).getAttribute('href')).toBe(
      '/dashboard/services/data-and-analytics/projects/',
    );
    expect(list.getByRole('link', { name: 'Add a project to Machine learning and AI' }).getAttribute('href')).toBe(
      '/dashboard/services/machine-learning-and-ai/projects/add/',
    );
  });

  it('adds another service among the remaining ones, keeping the current others (G06)', async () => {
    useFreelancerAnswers();
    const save = recordJson('patch', '*/api/account/provider/other-service/update/', () =>
      HttpResponse.json(ok({ otherServices: [], nextStep: null }, 'Other services saved.')),
    );
    server.use(save.handler);
    renderApp('/dashboard/services/');
    const panel = within(
      (await screen.findByRole('heading', { name: 'Add another service' }, SLOW)).closest('section')!,
    );
    const user = userEvent.setup();
    await user.click(panel.getByRole('button', { name: 'Add service' }));
    expect(panel.getByRole('alert').textContent).toBe('Choose a service to add.');
    await user.selectOptions(await panel.findByLabelText('Service'), 'software-development');
    await user.click(panel.getByRole('button', { name: 'Add service' }));
    await waitFor(() =>
      expect(save.bodies).toEqual([{ serviceSlugs: ['machine-learning-and-ai', 'software-development'] }]),
    );
    expect(await screen.findByText('Other services saved.')).toBeTruthy();
  });

  it('changes the primary service (G02) and shows a refusal', async () => {
    useFreelancerAnswers();
    server.use(
      http.put('*/api/account/provider/primary-service/update/', () =>
        failure(409, 'Set your primary service first.', 'conflict'),
      ),
    );
    renderApp('/dashboard/services/');
    const panel = within(
      (await screen.findByRole('heading', { name: 'Change your primary service' }, SLOW)).closest('section')!,
    );
    const user = userEvent.setup();
    await user.selectOptions(panel.getByLabelText('New primary service'), 'machine-learning-and-ai');
    await user.click(panel.getByRole('button', { name: 'Make it primary' }));
    expect((await panel.findByRole('alert')).textContent).toBe('Set your primary service first.');
  });

  it('says when the project counts cannot be read', async () => {
    useScenario('freelancer');
    server.use(
      http.get('*/api/account/freelancer/service/:id/projects/all/', () => failure(500, 'Something went wrong.')),
      http.get('*/api/account/provider/other-services/remaining/', () => HttpResponse.json(REMAINING)),
    );
    renderApp('/dashboard/services/');
    expect((await screen.findAllByText('Projects could not be counted', {}, SLOW)).length).toBe(2);
  });
});
