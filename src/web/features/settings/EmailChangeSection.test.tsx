import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { errorOf } from '@/testing/formQueries';
import { badRequest, failure, ok, recordJson } from '@/testing/apiFixtures';

const SLOW = { timeout: 5000 };
const NEW = 'maya@northwind-analytics.example';
const SEND = '*/api/account/email/verification-code/send/';
const VERIFY = '*/api/account/email/verification-code/verify/';

const sentAnswer = () =>
  HttpResponse.json(
    ok(
      {
        sentTo: 'm***a@n*****d-analytics.example',
        expiresAt: '2026-03-14T10:35:07Z',
        resendAvailableAt: new Date(Date.now() - 1000).toISOString(),
      },
      'We sent a 6-digit code.',
    ),
  );

async function openSection() {
  renderApp('/dashboard/settings/');
  const heading = await screen.findByRole('heading', { name: 'Email address' }, SLOW);
  return within(heading.closest('section')!);
}

describe('settings: email change', () => {
  it('sends a code to the new address, then changes the email with it (C08, C09)', async () => {
    useScenario('client');
    const send = recordJson('post', SEND, sentAnswer);
    const verify = recordJson('post', VERIFY, () =>
      HttpResponse.json(
        ok({ email: NEW, verified: true, changedAt: '2026-03-14T10:23:51Z' }, `Your email is now ${NEW}.`),
      ),
    );
    server.use(send.handler, verify.handler);
    const section = await openSection();
    const user = userEvent.setup();

    await user.type(section.getByLabelText('New email address'), NEW);
    await user.click(section.getByRole('button', { name: 'Send a code' }));
    await section.findByText('m***a@n*****d-analytics.example');
    expect(send.bodies).toEqual([{ newEmail: NEW }]);

    await user.click(section.getByRole('button', { name: 'Change my email' }));
    expect(errorOf('Code')).toBe('Enter the 6 digits of the code.');
    expect(verify.bodies).toHaveLength(0);

    await user.type(section.getByLabelText('Code'), '482913');
    await user.click(section.getByRole('button', { name: 'Change my email' }));
    await waitFor(() => expect(verify.bodies).toEqual([{ newEmail: NEW, code: '482913' }]));
    expect((await screen.findAllByText(`Your email is now ${NEW}.`)).length).toBeGreaterThan(0);
    expect(section.getByLabelText('New email address')).toBeTruthy();
  });

  it('refuses the current address before asking the server', async () => {
    useScenario('client');
    const send = recordJson('post', SEND, sentAnswer);
    server.use(send.handler);
    const section = await openSection();
    await userEvent.type(section.getByLabelText('New email address'), 'maya.chen@northwind.example');
    await userEvent.click(section.getByRole('button', { name: 'Send a code' }));
    expect(errorOf('New email address')).toBe('This is already your email address.');
    expect(send.bodies).toHaveLength(0);
  });

  it('says beside the address when another account uses it (409)', async () => {
    useScenario('client');
    server.use(http.post(SEND, () => failure(409, 'Another account already uses this email address.', 'conflict')));
    const section = await openSection();
    await userEvent.type(section.getByLabelText('New email address'), NEW);
    await userEvent.click(section.getByRole('button', { name: 'Send a code' }));
    await waitFor(() => expect(errorOf('New email address')).toBe('Another account already uses this email address.'));
  });

  it('says when codes were asked for too often (429)', async () => {
    useScenario('client');
    server.use(http.post(SEND, () => failure(429, 'Wait a minute before asking for another code.', 'rate_limited')));
    const section = await openSection();
    await userEvent.type(section.getByLabelText('New email address'), NEW);
    await userEvent.click(section.getByRole('button', { name: 'Send a code' }));
    expect((await section.findByRole('alert', {}, SLOW)).textContent).toContain('Wait a minute');
  });

  it('marks a wrong code on the code field (400) and offers a new code when it expired (409)', async () => {
    useScenario('client');
    let answers = 0;
    server.use(
      http.post(SEND, sentAnswer),
      http.post(VERIFY, () =>
        (answers += 1) === 1
          ? badRequest([{ field: 'code', message: 'This code is not right. 4 tries left.' }])
          : failure(409, 'This code has expired. Ask for a new one.', 'conflict'),
      ),
    );
    const section = await openSection();
    const user = userEvent.setup();
    await user.type(section.getByLabelText('New email address'), NEW);
    await user.click(section.getByRole('button', { name: 'Send a code' }));
    await user.type(await section.findByLabelText('Code'), '111111');
    await user.click(section.getByRole('button', { name: 'Change my email' }));
    await waitFor(() => expect(errorOf('Code')).toBe('This code is not right. 4 tries left.'));

    await user.click(section.getByRole('button', { name: 'Change my email' }));
    expect(await section.findByText('This code has expired. Ask for a new one.')).toBeTruthy();
    expect((section.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
