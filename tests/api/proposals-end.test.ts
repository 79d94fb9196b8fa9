import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals, versigemsLedger } from '../../src/server/db/schema';
import { endRequestProposals, notifyRequestEnded } from '../../src/server/modules/proposals';
import { readOutbox } from '../support/outbox';
import { buildTestApp, databaseKinds, signedInSession, type SignedSession, type TestApp } from './helpers';
import { balanceOf, giveVersigems, postRequest, proposalRow, sentProposal } from './proposal-fixtures';

type Session = SignedSession & { account: { user: { id: string }; email: string } };

describe.each(databaseKinds)('when a request ends (%s)', (kind) => {
  let testApp: TestApp;
  let client: Session;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    client = await signedInSession(testApp.app, 'client');
  }, 180_000);
  afterAll(() => testApp.close());

  const app = () => testApp.app;

  async function freelancer(): Promise<Session> {
    const session = await signedInSession(app(), 'freelancer');
    await giveVersigems(app(), session.account.user.id, 10);
    return session;
  }

  it('declines the open proposals and returns their versigems once, however often it is called', async () => {
    const request = await postRequest(app(), client.account.user.id);
    const [submitted, shortlisted, declined, withdrawn, accepted] = await Promise.all([
      freelancer(),
      freelancer(),
      freelancer(),
      freelancer(),
      freelancer(),
    ]);
    const business = (await signedInSession(app(), 'business')) as Session;
    const sent = {
      submitted: await sentProposal(app(), submitted, request.id),
      shortlisted: await sentProposal(app(), shortlisted, request.id),
      declined: await sentProposal(app(), declined, request.id),
      withdrawn: await sentProposal(app(), withdrawn, request.id),
      accepted: await sentProposal(app(), accepted, request.id),
      business: await sentProposal(app(), business, request.id),
    };
    const setStatus = (id: string, status: 'shortlisted' | 'declined' | 'withdrawn' | 'accepted') =>
      app().db.update(proposals).set({ status }).where(eq(proposals.id, id));
    await setStatus(sent.shortlisted.id, 'shortlisted');
    await setStatus(sent.declined.id, 'declined');
    await setStatus(sent.withdrawn.id, 'withdrawn');
    await setStatus(sent.accepted.id, 'accepted');
    for (const session of [submitted, shortlisted, declined, withdrawn, accepted]) {
      expect(await balanceOf(app(), session.account.user.id)).toBe(8);
    }

    const ended = { id: request.id, refId: request.refId, title: request.title };
    const first = await app().db.transaction((tx) => endRequestProposals(tx, ended, 'closed'));
    expect(first.declined.map((entry) => entry.proposalId).sort()).toEqual(
      [sent.submitted.id, sent.shortlisted.id, sent.business.id].sort(),
    );
    expect(first.declined.find((entry) => entry.proposalId === sent.business.id)?.providerId).toBe(
      business.account.user.id,
    );
    const second = await app().db.transaction((tx) => endRequestProposals(tx, ended, 'closed'));
    expect(second.declined).toEqual([]);

    for (const session of [submitted, shortlisted, declined]) {
      expect(await balanceOf(app(), session.account.user.id)).toBe(10);
    }
    expect(await balanceOf(app(), withdrawn.account.user.id)).toBe(8);
    expect(await balanceOf(app(), accepted.account.user.id)).toBe(8);
    const returns = await app().db.select().from(versigemsLedger).where(eq(versigemsLedger.reason, 'proposal-return'));
    expect(returns).toHaveLength(3);
    expect(returns.map((entry) => entry.idempotencyKey).sort()).toEqual(
      [sent.submitted.id, sent.shortlisted.id, sent.declined.id].map((id) => `proposal-return:${id}`).sort(),
    );
    expect(returns.every((entry) => entry.referenceLabel === `${request.refId} · ${request.title}`)).toBe(true);
    expect((await proposalRow(app(), sent.submitted.id)).status).toBe('declined');
    expect((await proposalRow(app(), sent.shortlisted.id)).status).toBe('declined');
    expect((await proposalRow(app(), sent.withdrawn.id)).status).toBe('withdrawn');
    expect((await proposalRow(app(), sent.accepted.id)).status).toBe('accepted');

    await notifyRequestEnded(app(), ended, first.declined, 'closed');
    await app().email.settled();
    const outbox = readOutbox(testApp.outboxDir);
    const to = (session: Session) => outbox.filter((email) => email.to.includes(session.account.email));
    expect(to(submitted).map((email) => email.subject)).toEqual([`Request closed: ${request.refId}`]);
    expect(to(submitted)[0]!.text).toContain('2 versigems');
    expect(to(business).map((email) => email.subject)).toEqual([`Request closed: ${request.refId}`]);
    expect(to(business)[0]!.text).not.toContain('versigems');
    expect(to(declined)).toEqual([]);
  });

  it('leaves nothing changed when the caller’s transaction rolls back', async () => {
    const request = await postRequest(app(), client.account.user.id);
    const maya = await freelancer();
    const sent = await sentProposal(app(), maya, request.id);
    await expect(
      app().db.transaction(async (tx) => {
        await endRequestProposals(tx, { id: request.id, refId: request.refId, title: request.title }, 'expired');
        throw new Error('the close failed after');
      }),
    ).rejects.toThrow('the close failed after');
    expect((await proposalRow(app(), sent.id)).status).toBe('submitted');
    expect(await balanceOf(app(), maya.account.user.id)).toBe(8);
  });
});
