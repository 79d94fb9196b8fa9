import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { listWords } from './UnsubscribePage';

const TOKEN = 'uN5bK8wQ2xR7tZ1mV4cY9pL3sH6dF0gA';

function serve(answer: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/website/unsubscribe/', async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

const success = (unsubscribed: string[], remaining: string[] = []) =>
  HttpResponse.json({
    status: 'success',
    message: 'OK',
    data: { email: 'm***@brightlane.io', unsubscribed, alreadyUnsubscribed: [], remaining },
  });

beforeEach(() => useScenario('visitor'));

describe('unsubscribe page', () => {
  it('leaves every list by default, signed out, and says what was turned off', async () => {
    const bodies = serve(() =>
      success([
        'message-reminders',
        'job-alerts',
        'newsletter',
        'product-updates',
        'proposal-digest',
        'tips-and-offers',
      ]),
    );
    renderApp(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from all' }, { timeout: 10_000 }));
    expect(
      await screen.findByText(/You will no longer receive reminders about unread messages, job alerts/),
    ).toBeTruthy();
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from emails' })).toBeTruthy();
  });

  it('lets the person choose which lists, then offers the rest', async () => {
    const bodies = serve((body) =>
      (body as { lists?: string[] }).lists?.[0] === 'message-reminders'
        ? success(['message-reminders'], ['job-alerts'])
        : success(['job-alerts']),
    );
    renderApp(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose which emails' }, { timeout: 10_000 }));
    for (const label of [
      'Alerts about new jobs that match your services',
      'New proposals on your requests',
      'The monthly marketplace newsletter',
      'News about new features',
      'Tips and offers',
    ]) {
      await userEvent.click(screen.getByRole('checkbox', { name: label }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Turn off the ticked emails' }));
    expect(await screen.findByText(/You will no longer receive reminders about unread messages at/)).toBeTruthy();
    expect(bodies[0]).toEqual({ token: TOKEN, lists: ['message-reminders'] });
    expect(screen.getByText('You still receive job alerts.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Turn these off too' }));
    expect(await screen.findByText(/You will no longer receive job alerts at/)).toBeTruthy();
    expect(bodies[1]).toEqual({ token: TOKEN, lists: ['job-alerts'] });
  });

  it('says the link is not valid on a 404', async () => {
    serve(() =>
      HttpResponse.json(
        { status: 'error', message: 'This unsubscribe link is not valid.', code: 'not_found' },
        { status: 404 },
      ),
    );
    renderApp(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from all' }, { timeout: 10_000 }));
    expect(
      await screen.findByText(/This unsubscribe link is not valid\. Sign in to manage your emails in Settings\./),
    ).toBeTruthy();
  });

  it('says the same without a token, and joins list names as a sentence', async () => {
    renderApp('/unsubscribe');
    expect(await screen.findByText(/This unsubscribe link is not valid/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(listWords(['newsletter', 'job-alerts', 'tips-and-offers'])).toBe(
      'the newsletter, job alerts or tips and offers',
    );
  });
});
