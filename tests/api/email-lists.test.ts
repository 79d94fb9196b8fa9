import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/server/generated/api';
import { emailListService } from '../../src/server/modules/messages/email-lists';
import { readOutbox } from '../support/outbox';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  randomAddress,
  signedInSession,
  signedSession,
  TEST_PUBLIC_URL,
  type SignedSession,
  type TestApp,
} from './helpers';
import { giveVersigems, postRequest, sentProposal } from './proposal-fixtures';
import { multipart } from './upload-files';

type Schemas = components['schemas'];
type Unsubscribed = Schemas['WebsiteUnsubscribeResponse']['data'];
type Preferences = Schemas['AccountEmailPreferences'];
type Session = SignedSession & { account: { user: { id: string }; email: string } };

const PREFERENCES = '/api/account/email-preferences/';
const UPDATE = '/api/account/email-preferences/update/';
const ONE_CLICK = '/api/website/unsubscribe/one-click/';
const ALL_LISTS = [
  'newsletter',
  'product-updates',
  'job-alerts',
  'proposal-digest',
  'message-reminders',
  'tips-and-offers',
];

describe.each(databaseKinds)('email lists: one-click unsubscribe, preferences, senders (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  const tokenOf = (session: Session) => emailListService(app()).tokens.issue(session.account.user.id);
  const preferences = async (session: Session) => {
    const response = await app().inject({ method: 'GET', url: PREFERENCES, headers: session.headers });
    return (expectContractResponse('getEmailPreferences', response, 200) as { data: Preferences }).data;
  };
  const subscribed = (prefs: Preferences) => prefs.lists.filter((entry) => entry.subscribed).map((entry) => entry.list);
  const update = (session: Session, payload: object) =>
    app().inject({ method: 'PUT', url: UPDATE, headers: session.headers, payload });
  /** As a mail provider posts: no cookie, no CSRF token. */
  const oneClick = (token: string, body: { payload: string | Buffer; headers: Record<string, string> }) =>
    app().inject({
      method: 'POST',
      url: `${ONE_CLICK}?token=${token}`,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: randomAddress(),
    });
  const formBody = (text = 'List-Unsubscribe=One-Click') => ({
    payload: text,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  it('leaves every list on a form-encoded one-click POST without cookie or CSRF token, idempotently', async () => {
    const user = (await signedInSession(app(), 'freelancer')) as Session;
    expect(subscribed(await preferences(user))).toEqual(ALL_LISTS);
    const response = await oneClick(tokenOf(user), formBody());
    const body = expectContractResponse('unsubscribeOneClick', response, 200) as {
      message: string;
      data: Unsubscribed;
    };
    expect(body.data.unsubscribed).toEqual(ALL_LISTS);
    expect(body.data.remaining).toEqual([]);
    expect(body.message).toBe('You will no longer receive any of our emails, except those about your account.');
    expect(subscribed(await preferences(user))).toEqual([]);

    const again = expectContractResponse('unsubscribeOneClick', await oneClick(tokenOf(user), formBody()), 200) as {
      data: Unsubscribed;
    };
    expect(again.data).toMatchObject({ unsubscribed: [], alreadyUnsubscribed: ALL_LISTS });
  });

  it('takes the multipart form too', async () => {
    const user = (await signedInSession(app(), 'client')) as Session;
    const response = await oneClick(tokenOf(user), multipart({ 'List-Unsubscribe': 'One-Click' }));
    const body = expectContractResponse('unsubscribeOneClick', response, 200) as { data: Unsubscribed };
    expect(body.data.unsubscribed).toEqual(ALL_LISTS);
  });

  it('refuses a body that is not the one-click form, an unknown token and a JSON body, leaving the lists', async () => {
    const user = (await signedInSession(app(), 'business')) as Session;
    const token = tokenOf(user);
    for (const text of ['List-Unsubscribe=Yes', '', 'other=1', 'List-Unsubscribe=One-Click&more=1']) {
      const response = await oneClick(token, formBody(text));
      expectContractResponse('unsubscribeOneClick', response, 400);
    }
    const multipartWrong = await oneClick(token, multipart({ 'List-Unsubscribe': 'Please' }));
    expectContractResponse('unsubscribeOneClick', multipartWrong, 400);
    const json = await oneClick(token, {
      payload: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
    const tooLarge = await oneClick(token, formBody(`List-Unsubscribe=${'x'.repeat(9000)}`));
    const refused = expectContractResponse('unsubscribeOneClick', tooLarge, 413) as { message: string };
    expect(refused.message).toBe('The request is too large. The limit is 8 KB.');
    const forged = `${token.slice(0, -4)}AAAA`;
    expectContractResponse('unsubscribeOneClick', await oneClick(forged, formBody()), 404);
    const missing = await app().inject({ method: 'POST', url: ONE_CLICK, ...formBody() });
    expectContractResponse('unsubscribeOneClick', missing, 400);
    expect(subscribed(await preferences(user))).toEqual(ALL_LISTS);
  });

  it('limits one link to 20 one-click posts an hour', async () => {
    const user = (await signedInSession(app(), 'freelancer')) as Session;
    const token = tokenOf(user);
    for (let i = 0; i < 20; i++) expect((await oneClick(token, formBody())).statusCode).toBe(200);
    expectContractResponse('unsubscribeOneClick', await oneClick(token, formBody()), 429);
  });

  it('shows and changes the preferences in Settings, in the same storage as the unsubscribe links', async () => {
    const user = (await signedInSession(app(), 'client')) as Session;
    const left = await update(user, { 'job-alerts': false, 'tips-and-offers': false });
    const body = expectContractResponse('updateEmailPreferences', left, 200) as { message: string; data: Preferences };
    expect(body.message).toBe('Your email preferences are saved.');
    expect(body.data.lists.map((entry) => entry.list)).toEqual(ALL_LISTS);
    expect(subscribed(body.data)).toEqual(['newsletter', 'product-updates', 'proposal-digest', 'message-reminders']);

    // The unsubscribe page sees what Settings did, and Settings what the page did.
    const visitor = await signedSession(app());
    const page = await app().inject({
      method: 'POST',
      url: '/api/website/unsubscribe/',
      headers: visitor.headers,
      payload: { token: tokenOf(user), lists: ['job-alerts', 'newsletter'] },
    });
    const pageData = (expectContractResponse('unsubscribe', page, 200) as { data: Unsubscribed }).data;
    expect(pageData).toMatchObject({ unsubscribed: ['newsletter'], alreadyUnsubscribed: ['job-alerts'] });
    expect(subscribed(await preferences(user))).toEqual(['product-updates', 'proposal-digest', 'message-reminders']);

    // Joining again, idempotently; lists not named keep their setting.
    const joined = await update(user, { 'job-alerts': true, newsletter: true, 'message-reminders': true });
    expect(
      subscribed((expectContractResponse('updateEmailPreferences', joined, 200) as { data: Preferences }).data),
    ).toEqual(['newsletter', 'product-updates', 'job-alerts', 'proposal-digest', 'message-reminders']);
  });

  it('refuses an empty change, an unknown list and a non-boolean, changing nothing', async () => {
    const user = (await signedInSession(app(), 'freelancer')) as Session;
    for (const [payload, field] of [
      [{}, 'body'],
      [{ 'weekly-digest': false }, 'weekly-digest'],
      [{ newsletter: 'no' }, 'newsletter'],
    ] as const) {
      const response = await update(user, payload);
      const body = expectContractResponse('updateEmailPreferences', response, 400) as { errors?: { field: string }[] };
      expect(body.errors?.map((error) => error.field).join(',')).toContain(field);
    }
    expect(subscribed(await preferences(user))).toEqual(ALL_LISTS);
  });

  it('keeps each account’s preferences to itself', async () => {
    const one = (await signedInSession(app(), 'client')) as Session;
    const other = (await signedInSession(app(), 'client')) as Session;
    expect((await update(one, { newsletter: false })).statusCode).toBe(200);
    expect(subscribed(await preferences(other))).toEqual(ALL_LISTS);
  });

  it('sends no new-proposal notice to a client who left proposal-digest, but still a password reset; the notice carries the list headers', async () => {
    const emailsTo = async (address: string, purpose: string) => {
      await app().email.settled();
      return readOutbox(testApp.outboxDir).filter(
        (email) => email.to.toLowerCase().includes(address.toLowerCase()) && email.file.includes(purpose),
      );
    };
    const freelancer = (await signedInSession(app(), 'freelancer')) as Session;
    await giveVersigems(app(), freelancer.account.user.id, 10);

    // A client on the list gets the notice, with the page link in the body and the one-click URL in the header.
    const staying = (await signedInSession(app(), 'client')) as Session;
    await sentProposal(app(), freelancer, (await postRequest(app(), staying.account.user.id)).id);
    const [notice] = await emailsTo(staying.account.email, 'proposal-received');
    expect(notice).toBeDefined();
    const token = tokenOf(staying);
    expect(notice!.links).toContain(`${TEST_PUBLIC_URL}/unsubscribe?token=${token}`);
    const headers = readFileSync(join(testApp.outboxDir, notice!.file), 'utf8')
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${TEST_PUBLIC_URL}${ONE_CLICK}?token=${token}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // A client who left the list in Settings gets none.
    const leaving = (await signedInSession(app(), 'client')) as Session;
    expect((await update(leaving, { 'proposal-digest': false })).statusCode).toBe(200);
    await sentProposal(app(), freelancer, (await postRequest(app(), leaving.account.user.id)).id);
    expect(await emailsTo(leaving.account.email, 'proposal-received')).toHaveLength(0);

    // A transactional email still goes out.
    const visitor = await signedSession(app());
    const reset = await app().inject({
      method: 'POST',
      url: '/api/auth/forgot-password/sendlink/email/',
      headers: visitor.headers,
      payload: { email: leaving.account.email },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode).toBe(200);
    expect(await emailsTo(leaving.account.email, 'reset-password')).toHaveLength(1);
  });
});
