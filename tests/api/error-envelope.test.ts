import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_LIMITS } from '../../src/server/contract/multipart';
import { rateLimited } from '../../src/server/errors';
import { allOperationHandlers } from '../../src/server/modules';
import type { OperationHandlers } from '../../src/server/plugins/contract';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';

describe.each(databaseKinds)('every failure is the error envelope (%s)', (kind) => {
  let testApp: TestApp;
  let visitor: SignedSession;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    visitor = await signedSession(testApp.app);
  });
  afterAll(() => testApp.close());

  const postLogin = (payload: string, contentType = 'application/json') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { ...visitor.headers, 'content-type': contentType },
      payload,
    });

  const failure = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expectErrorEnvelope(body);
    expect(body.code).toBe(code);
    return body;
  };

  it('400 for malformed JSON, naming the body', async () => {
    const body = failure(await postLogin('{"email": "maya@example.com",'), 400, 'validation_failed');
    expect(body.errors).toEqual([{ field: 'body', message: 'must be valid JSON' }]);
  });

  it('400 for an empty JSON body', async () => {
    failure(await postLogin(''), 400, 'validation_failed');
  });

  it('400 naming each field: wrong type, missing and extra', async () => {
    const body = failure(await postLogin(JSON.stringify({ email: 42, isAdmin: true })), 400, 'validation_failed');
    expect(body.message).toBe('Please correct the highlighted fields.');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'must be a string' },
        { field: 'password', message: 'is required' },
        { field: 'isAdmin', message: 'is not allowed' },
      ]),
    );
  });

  it('400 refuses a number that overflows to Infinity, naming it', async () => {
    const overflow = failure(
      await testApp.app.inject({ url: '/api/service/search/tools/react?limit=1e400' }),
      400,
      'validation_failed',
    );
    expect(overflow.errors).toEqual([{ field: 'query.limit', message: 'must be a finite number' }]);
  });

  it('400 refuses the NUL character (PostgreSQL stores it nowhere), naming the field', async () => {
    const body = failure(
      await postLogin(JSON.stringify({ email: 'maya@example.com', password: 'Lantern\u0000Orchard-58' })),
      400,
      'validation_failed',
    );
    expect(body.errors).toEqual([{ field: 'password', message: 'must not contain control characters' }]);
  });

  it('400 names parameters as query.x and path.x', async () => {
    const query = failure(
      await testApp.app.inject({ url: '/api/service/search/tools/react?limit=lots' }),
      400,
      'validation_failed',
    );
    expect(query.errors).toEqual([{ field: 'query.limit', message: 'must be a whole number' }]);
    const path = failure(
      await testApp.app.inject({ url: '/api/auth/verify/reset-password/short/' }),
      400,
      'validation_failed',
    );
    expect(path.errors?.map((e) => e.field)).toEqual(['path.token']);
  });

  it('404 for an unknown /api route, any method', async () => {
    failure(await testApp.app.inject({ url: '/api/no/such/route/' }), 404, 'not_found');
    failure(await testApp.app.inject({ method: 'DELETE', url: '/api/csrf/' }), 404, 'not_found');
    failure(await testApp.app.inject({ url: '/api' }), 404, 'not_found');
  });

  it('413 for a JSON body over 1 MB', async () => {
    const huge = JSON.stringify({ email: 'maya@example.com', password: 'x'.repeat(1024 * 1024) });
    failure(await postLogin(huge), 413, 'payload_too_large');
  });

  it('415 for a media type the operation does not take', async () => {
    failure(await postLogin('<login/>', 'application/xml'), 415, 'validation_failed');
    failure(await postLogin('email=maya', 'text/plain'), 415, 'validation_failed');
    failure(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/website/request/submit/',
        headers: visitor.headers,
        payload: { name: 'Elena Marquez' },
      }),
      415,
      'validation_failed',
    );
  });

  it('401 for a visitor on a call that needs sign-in', async () => {
    const body = failure(
      await testApp.app.inject({ url: '/api/auth/me/', headers: visitor.headers }),
      401,
      'unauthenticated',
    );
    expect(body.message).toBe('Please sign in to continue.');
  });
});

function multipartForm(fields: Record<string, string>, files: { field: string; name: string; size: number }[]) {
  const boundary = '----marketplace-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.alloc(file.size, 0x25),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('an operation without a handler', () => {
  let testApp: TestApp;
  let visitor: SignedSession;
  beforeAll(async () => {
    // Whatever is left unbuilt answers the same way: the operation is routed, validated and refused.
    const { unsubscribe: _left, ...handlers } = allOperationHandlers();
    testApp = await buildTestApp('pglite', { handlers });
    visitor = await signedSession(testApp.app);
  });
  afterAll(() => testApp.close());

  it('501 for a valid call, after validation (a bad call is still a 400)', async () => {
    const call = (payload: Record<string, unknown>) =>
      testApp.app.inject({ method: 'POST', url: '/api/website/unsubscribe/', headers: visitor.headers, payload });
    const response = await call({ token: 'Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEu' });
    expect(response.statusCode).toBe(501);
    const body = response.json();
    expectErrorEnvelope(body);
    expect(body).toMatchObject({ code: 'not_implemented', message: 'This feature is not available yet.' });
    expect((await call({ token: 'Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEu', extra: 1 })).statusCode).toBe(400);
  });
});

describe('multipart bodies', () => {
  let testApp: TestApp;
  let visitor: SignedSession;
  beforeAll(async () => {
    // Only the contract plugin's checks, before any handler: the operation is left without one.
    const { submitWebsiteRequest: _left, ...handlers } = allOperationHandlers();
    testApp = await buildTestApp('pglite', { handlers });
    visitor = await signedSession(testApp.app);
  });
  afterAll(() => testApp.close());

  const websiteRequest = {
    name: 'Elena Marquez',
    email: 'elena.marquez@solstice-outdoor.com',
    serviceSlug: 'data-and-analytics',
    message: 'We want a small data warehouse with weekly sales dashboards in Power BI.',
  };
  const submit = (form: ReturnType<typeof multipartForm>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/website/request/submit/',
      headers: { ...visitor.headers, 'content-type': form.contentType },
      payload: form.payload,
    });

  it('validates the text fields and counts the files, then reaches the (missing) handler', async () => {
    const valid = await submit(
      multipartForm(websiteRequest, [{ field: 'attachments', name: 'brief.pdf', size: 2048 }]),
    );
    expect(valid.statusCode).toBe(501);
    const invalid = await submit(
      multipartForm({ ...websiteRequest, email: 'not-an-email', surprise: 'x' }, [
        { field: 'attachments', name: 'a.pdf', size: 10 },
        { field: 'name', name: 'b.pdf', size: 10 },
      ]),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'must be a valid email address' },
        { field: 'surprise', message: 'is not allowed' },
      ]),
    );
  });

  it('413 for a file over the operation’s 10 MB; 400 naming the field for more files than it takes', async () => {
    const big = await submit(
      multipartForm(websiteRequest, [{ field: 'attachments', name: 'huge.pdf', size: 10 * 1024 * 1024 + 1 }]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'The file is too large. The limit is 10 MB.',
    });
    const many = Array.from({ length: MULTIPART_LIMITS.files + 1 }, (_, i) => ({
      field: 'attachments',
      name: `f${i}.pdf`,
      size: 10,
    }));
    const tooMany = await submit(multipartForm(websiteRequest, many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'attachments', message: 'must have at most 5 items' }],
    });
  });
});

describe('failures raised by handlers', () => {
  let testApp: TestApp;
  const handlers: OperationHandlers = {
    getCsrfToken: async (_request, reply) => ({ csrfToken: reply.csrfToken() }),
    sendPasswordResetLink: async () => {
      throw rateLimited(60);
    },
    login: async () => {
      throw new Error('database password is hunter2');
    },
  };
  beforeAll(async () => {
    testApp = await buildTestApp('pglite', { handlers });
  });
  afterAll(() => testApp.close());

  it('429 with Retry-After and the envelope', async () => {
    const visitor = await signedSession(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/sendlink/email/',
      headers: visitor.headers,
      payload: { email: 'maya.chen@example.com' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
  });

  it('500 with a plain apology for anything unexpected, never the error itself', async () => {
    const visitor = await signedSession(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: visitor.headers,
      payload: { email: 'maya.chen@example.com', password: 'violet-Harbour-2026!' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});

describe('handlers that send the reply themselves', () => {
  let testApp: TestApp;
  const warnings: unknown[] = [];
  const handlers: OperationHandlers = {
    getCsrfToken: async (_request, reply) => ({ csrfToken: reply.csrfToken() }),
    // A download: its own headers and a stream of bytes, the reply returned. Whatever Fastify
    // says about this reply afterwards (a second send is a warning on the reply's logger) is kept.
    getUpload: async (_request, reply) => {
      reply.log = Object.assign(Object.create(reply.log) as typeof reply.log, {
        warn: (...args: unknown[]) => warnings.push(args),
        error: (...args: unknown[]) => warnings.push(args),
      });
      return reply.header('content-type', 'text/plain; charset=utf-8').send(Readable.from(['the file’s bytes']));
    },
  };
  beforeAll(async () => {
    testApp = await buildTestApp('pglite', { handlers });
  });
  afterAll(() => testApp.close());

  it('answers the bytes as sent, with no envelope sent after them', async () => {
    const response = await testApp.app.inject({
      url: '/api/uploads/4f1c2a9e-8b7d-4e3a-9c6b-2d5e8f1a7b30/brief.txt',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('the file’s bytes');
    // The handler's promise settles once the response has ended, after inject answered.
    await new Promise((settled) => setTimeout(settled, 100));
    expect(warnings).toEqual([]);
  });
});
