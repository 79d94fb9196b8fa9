import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { failure } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { plansAnswer, serveBundles, servePlans } from './testFixtures';

const SLOW = { timeout: 8000 };

async function open() {
  const app = renderApp('/pricing/');
  await screen.findByRole('heading', { level: 1, name: 'Plans and versigems' }, SLOW);
  return app;
}

const section = (name: string) => within(screen.getByRole('region', { name }));

beforeEach(() => useScenario('visitor'));

describe('/pricing/', () => {
  it('shows a visitor the plans and the bundles without signing in, and how to get them', async () => {
    const seen: string[] = [];
    server.use(servePlans(null, seen, { business: false }), serveBundles());
    const app = await open();
    expect(app.location()).toBe('/pricing/');

    const plans = section('Plans for businesses');
    const pro = within((await plans.findByRole('heading', { level: 3, name: 'Pro' }, SLOW)).closest('li')!);
    expect(pro.getByText('$49')).toBeTruthy();
    expect(pro.getByRole('list', { name: 'What Pro allows' }).textContent).toContain('30 proposals a month');
    // Nothing is marked as anyone's plan, and nothing is bought from here.
    expect(plans.queryByText('Your plan')).toBeNull();
    expect(plans.queryByRole('button', { name: /^Choose/ })).toBeNull();
    expect(plans.getByRole('link', { name: 'Create a business account' }).getAttribute('href')).toBe(
      '/auth/business/signup/',
    );

    await userEvent.setup().click(plans.getByRole('radio', { name: 'Yearly' }));
    await waitFor(() => expect(pro.getByText('$490')).toBeTruthy());
    expect(seen).toEqual(['month', 'year']);

    const gems = section('Versigems for freelancers');
    const growth = within((await gems.findByRole('heading', { level: 3, name: 'Growth' }, SLOW)).closest('li')!);
    expect(growth.getByText('50 versigems + 5 bonus')).toBeTruthy();
    expect(gems.getByText(/unlocking a request’s client \(5 versigems each\)/)).toBeTruthy();
    expect(gems.queryByRole('button', { name: /^Buy/ })).toBeNull();
    expect(gems.getByRole('link', { name: 'Join as a freelancer' }).getAttribute('href')).toBe(
      '/auth/freelancer/signup/',
    );
  });

  it('leads a signed-in business to its plans and a freelancer to the bundles', async () => {
    useScenario('business');
    server.use(servePlans(null), serveBundles());
    const first = await open();
    expect((await screen.findByRole('link', { name: 'Choose your plan' }, SLOW)).getAttribute('href')).toBe(
      '/dashboard/business/pricing/',
    );
    expect(screen.queryByRole('link', { name: 'Buy versigems' })).toBeNull();
    first.unmount();

    useScenario('freelancer');
    server.use(servePlans(null), serveBundles());
    await open();
    expect((await screen.findByRole('link', { name: 'Buy versigems' }, SLOW)).getAttribute('href')).toBe(
      '/dashboard/plans/versigems/buy/',
    );
    expect(screen.queryByRole('link', { name: 'Choose your plan' })).toBeNull();
  });

  it('says which section could not be loaded, keeps the other, and loads it again on request', async () => {
    let fail = true;
    const plans = plansAnswer(null, [], { business: false });
    server.use(
      http.get('*/api/payments/business/plans/', (info) =>
        fail ? failure(500, 'Something went wrong on our side.', 'internal') : plans(info),
      ),
      serveBundles(),
    );
    await open();
    const section1 = section('Plans for businesses');
    expect((await section1.findByRole('alert', {}, SLOW)).textContent).toContain('The plans could not be loaded.');
    const gems = section('Versigems for freelancers');
    expect(await gems.findByRole('heading', { level: 3, name: 'Growth' }, SLOW)).toBeTruthy();
    expect(gems.queryByRole('alert')).toBeNull();
    fail = false;
    await userEvent.setup().click(section1.getByRole('button', { name: 'Try again' }));
    expect(await section1.findByRole('heading', { level: 3, name: 'Pro' }, SLOW)).toBeTruthy();
  });
});
