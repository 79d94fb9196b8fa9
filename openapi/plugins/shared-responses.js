/**
 * Declares, once for the whole contract, the error answers the server gives every operation of a
 * kind before any handler runs, so no path file has to repeat them:
 * - every write (POST, PUT, PATCH, DELETE): 400 (a body that is not well-formed), 413 (a JSON
 *   body past 1 MB, files past `x-upload`) and 415 (a media type the operation does not take);
 *   the server reads the body of every write, whether the operation takes one or not;
 * - every operation with a path parameter: 404 (a value that names no object, or no route);
 * - every multipart operation: 429 (the upload rate limit, spent before the first file is stored).
 * Runs when `redocly bundle` writes openapi/generated/openapi.yaml; a response an operation
 * declares itself is kept as it is.
 */
const WRITES = ['post', 'put', 'patch', 'delete'];
const METHODS = ['get', ...WRITES];

function sharedResponses(method, path, operation) {
  const added = {};
  if (WRITES.includes(method)) {
    added['400'] = 'BadRequest';
    added['413'] = 'PayloadTooLarge';
    added['415'] = 'UnsupportedMediaType';
  }
  if (path.includes('{')) added['404'] = 'NotFound';
  if (operation.requestBody?.content?.['multipart/form-data']) added['429'] = 'TooManyRequests';
  return added;
}

function SharedErrorResponses() {
  return {
    PathItem: {
      leave(pathItem, ctx) {
        for (const method of METHODS) {
          const operation = pathItem[method];
          if (!operation) continue;
          const responses = (operation.responses ??= {});
          for (const [status, name] of Object.entries(sharedResponses(method, String(ctx.key), operation))) {
            responses[status] ??= { $ref: `#/components/responses/${name}` };
          }
          // Statuses in ascending order, as the path files write them.
          operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
        }
      },
    },
  };
}

export default function contractPlugin() {
  return {
    id: 'contract',
    decorators: {
      oas3: { 'shared-error-responses': SharedErrorResponses },
    },
  };
}
