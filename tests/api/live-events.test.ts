import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams, STREAM_TIMING } from '../../src/server/modules/live/service';
import { streamAnswerProblem, streamEventProblem } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  TEST_PASSWORD,
  type TestApp,
} from './helpers';
import { openSse, type SseStream } from './sse-client';
import { messageEvent, readEvent } from './live-fixtures';
import { injectSettled } from './stream-inject';

const URL_PATH = '/api/message/events/';

/** Resolves true when the promise settles within `ms`, false otherwise. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms).unref())]);

describe.each(databaseKinds)('live message events (%s)', (kind) => {
  let testApp: TestApp;
  let origin: string;
  const open: SseStream[] = [];
  const timing = { ...STREAM_TIMING };

  const stream = async (cookie: string) => {
    const opened = await openSse(`${origin}${URL_PATH}`, { cookie });
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    // Pings and session checks within a test's patience; restored after.
    STREAM_TIMING.pingMs = 300;
    STREAM_TIMING.sessionCheckMs = 200;
    testApp = await buildTestApp(kind);
    origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });
  afterAll(async () => {
    Object.assign(STREAM_TIMING, timing);
    await testApp?.close();
  }, 120_000);

  it('answers a visitor 401 with the JSON envelope, not a stream', async () => {
    const response = await injectSettled(testApp.app, { url: URL_PATH });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectErrorEnvelope(response.json());
    expect((response.json() as { code: string }).code).toBe('unauthenticated');

    const visitor = await stream('');
    expect(visitor.response.status).toBe(401);
    await visitor.ended;
  });

  it("streams the user's events, each valid against the contract, and not another user's", async () => {
    const me = await signedInSession(testApp.app, 'freelancer');
    const other = await signedInSession(testApp.app, 'client');
    const mine = await stream(me.cookie);
    expect(mine.response.status).toBe(200);
    const headers = Object.fromEntries(mine.response.headers);
    expect(streamAnswerProblem('streamMessageEvents', 200, headers)).toBeUndefined();
    // The security headers the other answers carry.
    expect(headers['x-content-type-options']).toBe('nosniff');
    await expect.poll(() => liveStreams(testApp.app).count()).toBe(1);

    await testApp.app.realtime.publish([other.account.user.id], messageEvent('Not for you'));
    const first = messageEvent();
    await testApp.app.realtime.publish([me.account.user.id, other.account.user.id], first);
    const second = readEvent(other.account.user.id);
    await testApp.app.realtime.publish([me.account.user.id], second);

    const received = [await mine.nextEvent(), await mine.nextEvent()];
    expect(received.map((frame) => [frame.event, frame.id])).toEqual([
      ['message', '1'],
      ['read', '2'],
    ]);
    const data = received.map((frame) => JSON.parse(frame.data!) as unknown);
    expect(data).toEqual([first, second]);
    for (const event of data) expect(streamEventProblem('streamMessageEvents', event)).toBeUndefined();
    // The check is not blind: an event missing its counts breaks the schema.
    expect(streamEventProblem('streamMessageEvents', { ...first, unreadCount: undefined })).toBeDefined();
  });

  it('pings an idle stream with a comment line', async () => {
    const me = await signedInSession(testApp.app, 'client');
    const mine = await stream(me.cookie);
    const frame = await mine.nextFrame(3_000);
    const ping = frame.comment === 'ping' ? frame : await mine.nextFrame(3_000);
    expect(ping).toEqual({ comment: 'ping' });
  });

  it('unsubscribes when the client leaves', async () => {
    const me = await signedInSession(testApp.app, 'business');
    const mine = await stream(me.cookie);
    await expect.poll(() => liveStreams(testApp.app).count()).toBe(1);
    mine.close();
    await expect.poll(() => liveStreams(testApp.app).count()).toBe(0);
  });

  it('ends the stream on sign-out, and on a password change', async () => {
    const me = await signedInSession(testApp.app, 'client');
    const mine = await stream(me.cookie);
    await expect.poll(() => liveStreams(testApp.app).count()).toBe(1);
    const signOut = await testApp.app.inject({ url: '/api/auth/logout/', headers: me.headers });
    expect(signOut.statusCode).toBe(200);
    expect(await within(mine.ended, 5_000)).toBe(true);

    const again = await signedInSession(testApp.app, 'freelancer');
    const before = await stream(again.cookie);
    // Another stream of someone else stays open meanwhile.
    const bystander = await stream((await signedInSession(testApp.app, 'client')).cookie);
    await expect.poll(() => liveStreams(testApp.app).count()).toBe(2);
    const change = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/auth/change-password/',
      headers: again.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Copper-Meadow-Train-19' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await within(before.ended, 5_000)).toBe(true);
    expect(bystander.isEnded()).toBe(false);
    expect(liveStreams(testApp.app).count()).toBe(1);
  });

  it('lets app.close() resolve with a stream open, and ends the stream', async () => {
    // An app of its own (a database of its own too: the embedded one is not shared between apps).
    const own = await buildTestApp(kind);
    const ownOrigin = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const me = await signedInSession(own.app, 'freelancer');
    const mine = await openSse(`${ownOrigin}${URL_PATH}`, { cookie: me.cookie });
    open.push(mine);
    expect(mine.response.status).toBe(200);
    await expect.poll(() => liveStreams(own.app).count()).toBe(1);
    expect(await within(own.close(), 10_000)).toBe(true);
    expect(await within(mine.ended, 2_000)).toBe(true);
    expect(liveStreams(own.app).count()).toBe(0);
  }, 90_000);
});
