import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveRef, type JsonObject } from '../../src/server/contract/dereference';
import { loadContract } from '../../src/server/contract/document';
import { RATE_LIMITS } from '../../src/server/plugins/rate-limits';
import { allOperationHandlers, allUploadChecks } from '../../src/server/modules';
import { buildApp } from '../../src/server/app';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  testConfig,
  type SignedSession,
  type TestApp,
} from './helpers';
import { plainImage, storedFiles, type FilePart } from './upload-files';

// Every call of the guard is logged with the fields it was given at that moment (the multipart
// reader keeps adding to the same object), so a test can tell how often a field was inspected.
const guard = vi.hoisted(() => ({ inspected: [] as { root: string; fields: string[] }[] }));
vi.mock('../../src/server/contract/input-guard', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/contract/input-guard')>();
  return {
    ...actual,
    inspectInput: (...args: Parameters<typeof actual.inspectInput>) => {
      const [value, root] = args;
      guard.inspected.push({ root, fields: value && typeof value === 'object' ? Object.keys(value) : [] });
      return actual.inspectInput(...args);
    },
  };
});

const contract = loadContract();
const CONTROL_MESSAGE = 'must not contain control characters';
const BOUNDARY = '----multipart-checks-4b1f';

type Part = { name: string; value: string } | FilePart;

/** A multipart body with its parts in exactly the order given (text after files too). */
function form(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** Large enough for a profile image (200 x 200 at least). */
const PHOTO = await plainImage('jpeg', 240, 240);
const photo = (field: string): FilePart => ({ field, name: 'photo.jpg', type: 'image/jpeg', bytes: PHOTO });

/** How many times the guard inspected a body (root '') holding this field. */
const inspectionsOf = (field: string) =>
  guard.inspected.filter(({ root, fields }) => root === '' && fields.includes(field)).length;

/** The operations taking multipart/form-data, with their contract example as text parts. */
function multipartOperations() {
  const paths = contract.document.paths as Record<string, JsonObject>;
  return contract.operations
    .filter((operation) => operation.requestBody?.content['multipart/form-data'])
    .map((operation) => {
      const raw = (resolveRef(contract.document, paths[operation.path]) as JsonObject)[operation.method] as JsonObject;
      const body = resolveRef(contract.document, raw.requestBody) as JsonObject;
      const media = (body.content as Record<string, JsonObject>)['multipart/form-data']!;
      const schema = operation.requestBody!.content['multipart/form-data']!;
      const properties = schema.properties as Record<string, JsonObject>;
      const fileFields = Object.keys(properties).filter(
        (name) =>
          properties[name]!.format === 'binary' ||
          (properties[name]!.items as JsonObject | undefined)?.format === 'binary',
      );
      const text: Part[] = Object.entries((media.example as Record<string, unknown>) ?? {})
        .filter(([name]) => !fileFields.includes(name))
        .flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((item) => ({ name, value: String(item) })),
        );
      return { operation, fileField: fileFields[0]!, hasFiles: fileFields.length > 0, text };
    });
}

describe.each(databaseKinds)('multipart calls (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());
  beforeEach(() => {
    guard.inspected.length = 0;
  });

  const updateProfile = (session: SignedSession, parts: Part[]) => {
    const body = form(parts);
    return app().inject({
      method: 'POST',
      url: '/api/account/update/profile/',
      headers: { ...session.headers, ...body.headers },
      payload: body.payload,
    });
  };

  describe('the input guard sees each text field once', () => {
    it('text before the file: inspected when the file arrives, not again after the body', async () => {
      const client = await signedInSession(app(), 'client');
      const response = await updateProfile(client, [
        { name: 'firstname', value: 'Ada' },
        { name: 'lastname', value: 'Okafor' },
        photo('image'),
      ]);
      expectContractResponse('updateProfile', response, 200);
      expect(inspectionsOf('firstname')).toBe(1);
      expect(inspectionsOf('lastname')).toBe(1);
    });

    it('text after the file: inspected after the body, and refused there with the file removed', async () => {
      const client = await signedInSession(app(), 'client');
      const files = storedFiles(testApp);
      const refused = await updateProfile(client, [photo('image'), { name: 'firstname', value: 'Ada\u0007' }]);
      const body = expectContractResponse('updateProfile', refused, 400);
      expectErrorEnvelope(body);
      expect(body.errors).toEqual([{ field: 'firstname', message: CONTROL_MESSAGE }]);
      expect(storedFiles(testApp)).toEqual(files);

      guard.inspected.length = 0;
      const saved = await updateProfile(client, [
        { name: 'firstname', value: 'Ada' },
        photo('image'),
        { name: 'lastname', value: 'Okafor' },
      ]);
      expectContractResponse('updateProfile', saved, 200);
      expect(inspectionsOf('firstname')).toBe(1);
      expect(inspectionsOf('lastname')).toBe(1);
    });

    it('no file: every field inspected once, after the body', async () => {
      const client = await signedInSession(app(), 'client');
      const refused = await updateProfile(client, [{ name: 'lastname', value: 'Oka\u0085for' }]);
      expect(expectContractResponse('updateProfile', refused, 400).errors).toEqual([
        { field: 'lastname', message: CONTROL_MESSAGE },
      ]);
      guard.inspected.length = 0;
      const saved = await updateProfile(client, [{ name: 'lastname', value: 'Okafor' }]);
      expectContractResponse('updateProfile', saved, 200);
      expect(inspectionsOf('lastname')).toBe(1);
    });
  });

  describe('a caller past the upload allowance gets 429 before a file is stored', () => {
    const handled = new Set(Object.keys(allOperationHandlers()));
    // The website's project request is limited per IP, and the one-click unsubscribe (text only,
    // posted by mail providers) stores no file: the others count against the caller's account.
    const accountLimited = multipartOperations().filter(
      ({ operation, hasFiles }) =>
        hasFiles && handled.has(operation.operationId) && operation.operationId !== 'submitWebsiteRequest',
    );

    it('covers the profile image, the freelancer calls and proposals', () => {
      expect(accountLimited.map(({ operation }) => operation.operationId).sort()).toEqual([
        'addFreelancerProject',
        'setFreelancerServiceDetails',
        'submitProposal',
        'updateFreelancerProject',
        'updateProfile',
        'updateProposal',
        'uploadAttachment',
      ]);
    });

    it.each(accountLimited.map((entry) => [entry.operation.operationId, entry] as const))(
      '%s',
      async (operationId, { operation, fileField, text }) => {
        const role = operation.access.includes('freelancer') ? 'freelancer' : 'client';
        const session = await signedInSession(app(), role);
        // The allowance spent by earlier uploads of the same account (any multipart call counts).
        const allowance = RATE_LIMITS.upload.points * app().config.rateLimitFactor;
        for (let spent = 0; spent < allowance; spent++) {
          await app().rateLimits.consume('upload', session.account.user.id);
        }
        const files = storedFiles(testApp);
        const body = form([...text, photo(fileField)]);
        const response = await app().inject({
          method: 'POST',
          url: operation.url.replace(':id', randomUUID()),
          headers: { ...session.headers, ...body.headers },
          payload: body.payload,
        });
        const envelope = expectContractResponse(operationId, response, 429);
        expectErrorEnvelope(envelope);
        expect(envelope.code).toBe('rate_limited');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(storedFiles(testApp)).toEqual(files);
      },
    );
  });

  it('does not start when a handled multipart operation has no check before its files', async () => {
    const { updateProfile: _left, ...checks } = allUploadChecks();
    await expect(
      buildApp({ config: testConfig(), database: testApp.database.handle, uploadChecks: checks }),
    ).rejects.toThrow(/updateProfile/);
  });
});
