// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/server/contract/dereference';
import { loadContract, readContract } from '../../../src/server/contract/document';

const MULTIPART = 'multipart/form-data';
const contract = loadContract();
const multipartOperations = contract.operations.filter((operation) => operation.requestBody?.content[MULTIPART]);

/** Property names in the order the generated client appends them to its FormData (allOf branches in turn). */
function propertyOrder(schema: JsonObject): [name: string, property: JsonObject][] {
  const own = Object.entries((schema.properties as Record<string, JsonObject> | undefined) ?? {});
  return [...own, ...((schema.allOf as JsonObject[] | undefined) ?? []).flatMap(propertyOrder)];
}
const isFile = (property: JsonObject) =>
  property.format === 'binary' || (property.items as JsonObject | undefined)?.format === 'binary';

describe('multipart operations in the contract', () => {
  it('are there to check, most with files', () => {
    expect(multipartOperations.map((operation) => operation.operationId)).toContain('submitWebsiteRequest');
    const withoutFiles = multipartOperations.filter(
      (operation) =>
        !propertyOrder(operation.requestBody!.content[MULTIPART]!).some(([, property]) => isFile(property)),
    );
    // RFC 8058 lets a mail provider post the one-click unsubscribe as multipart: text only.
    expect(withoutFiles.map((operation) => operation.operationId)).toEqual(['unsubscribeOneClick']);
  });

  it.each(multipartOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s declares its upload limits and lists its files after its text fields',
    (_id, operation) => {
      expect(operation.upload).toMatchObject({
        maxFiles: expect.any(Number),
        maxFileBytes: expect.any(Number),
        maxTotalBytes: expect.any(Number),
      });
      const kinds = propertyOrder(operation.requestBody!.content[MULTIPART]!).map(([, property]) => isFile(property));
      // The server checks the text fields at the first file: a text field after a file comes too late.
      // (A form without files, like the one-click unsubscribe a mail provider may post as multipart, has none.)
      const firstFile = kinds.indexOf(true);
      expect(kinds.slice(firstFile === -1 ? kinds.length : firstFile)).not.toContain(false);
    },
  );

  it('refuses a multipart operation without x-upload, or with a malformed one', () => {
    const documentWith = (upload: unknown) => ({
      openapi: '3.1.0',
      paths: {
        '/files/': {
          post: {
            operationId: 'sendFiles',
            'x-access': ['signed-in'],
            ...(upload === undefined ? {} : { 'x-upload': upload }),
            requestBody: { content: { [MULTIPART]: { schema: { type: 'object' } } } },
          },
        },
      },
    });
    expect(() => readContract(documentWith(undefined))).toThrow(/sendFiles .* needs x-upload/);
    expect(() => readContract(documentWith({ maxFiles: 2, maxFileBytes: 10 }))).toThrow(/needs x-upload/);
    expect(
      readContract(documentWith({ maxFiles: 2, maxFileBytes: 10, maxTotalBytes: 15 })).operations[0]!.upload,
    ).toEqual({ maxFiles: 2, maxFileBytes: 10, maxTotalBytes: 15 });
  });
});
