import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { failure, ok, recordJson } from '@/testing/apiFixtures';

const SLOW = { timeout: 8000 };
const GET = '*/api/account/email-preferences/';
const UPDATE = '*/api/account/email-preferences/update/';
const LISTS = [
  'newsletter',
  'product-updates',
  'job-alerts',
  'proposal-digest',
  'message-reminders',
  'tips-and-offers',
];

const preferences = (off: string[] = []) =>
  ok({ lists: LISTS.map((list) => ({ list, subscribed: !off.includes(list) })) });

async function openSection() {
  renderApp('/dashboard/settings/');
  const heading = await screen.findByRole('heading', { name: 'Email preferences' }, SLOW);
  const section = within(heading.closest('section')!);
  await section.findByRole('checkbox', { name: 'Newsletter' }, SLOW);
  return section;
}

describe('settings: email preferences (W04)', () => {
  it('shows every list, ticked while it is received', async () => {
    useScenario('freelancer');
    server.use(http.get(GET, () => HttpResponse.json(preferences(['job-alerts']))));
    const section = await openSection();
    const boxes = section.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.value)).toEqual(LISTS);
    expect(boxes.filter((box) => !box.checked).map((box) => box.value)).toEqual(['job-alerts']);
    expect(section.getByRole('checkbox', { name: 'Unread message reminders' })).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect((section.getByRole('button', { name: 'Save email preferences' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('turns a list off and saves every choice, then says so', async () => {
    useScenario('client');
    server.use(http.get(GET, () => HttpResponse.json(preferences())));
    const save = recordJson('put', UPDATE, () =>
      HttpResponse.json({ ...preferences(['message-reminders']), message: 'Your email preferences are saved.' }),
    );
    server.use(save.handler);
    const section = await openSection();
    const user = userEvent.setup();

    await user.click(section.getByRole('checkbox', { name: 'Unread message reminders' }));
    await user.click(section.getByRole('button', { name: 'Save email preferences' }));
    await waitFor(() => expect(save.bodies).toHaveLength(1));
    expect(save.bodies[0]).toEqual({
      newsletter: true,
      'product-updates': true,
      'job-alerts': true,
      'proposal-digest': true,
      'message-reminders': false,
      'tips-and-offers': true,
    });
    expect(await section.findByRole('status')).toHaveProperty('textContent', 'Your email preferences are saved.');
    expect((section.getByRole('checkbox', { name: 'Unread message reminders' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('says when saving failed and keeps the choice on screen', async () => {
    useScenario('business');
    server.use(
      http.get(GET, () => HttpResponse.json(preferences())),
      http.put(UPDATE, () => failure(500, 'The website is experiencing a problem.')),
    );
    const section = await openSection();
    const user = userEvent.setup();
    await user.click(section.getByRole('checkbox', { name: 'Newsletter' }));
    await user.click(section.getByRole('button', { name: 'Save email preferences' }));
    expect(await section.findByRole('alert')).toBeTruthy();
    expect((section.getByRole('checkbox', { name: 'Newsletter' }) as HTMLInputElement).checked).toBe(false);
    expect(section.queryByRole('status')).toBeNull();
  });
});
