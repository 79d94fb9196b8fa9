import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { createContractAjv, lazySerializer, lazyValidator } from '../contract/ajv';
import { checkContentType } from '../contract/content-type';
import { cacheControl, extensionKeywords, type Contract, type ContractOperation } from '../contract/document';
import { Answer, type OperationHandlers, type UploadChecks } from '../contract/handlers';
import { INPUT_LIMITS, inspectInput, lineBreakRules, NO_LINE_BREAKS } from '../contract/input-guard';
import { MULTIPART_LIMITS, multipartValidator, removeTemporaryUploads, type UploadCheck } from '../contract/multipart';
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE, MULTIPART_MEDIA_TYPE, routeSchema } from '../contract/route-schema';
import { ApiError, notImplemented, validationFailed, type FieldError } from '../errors';
import { partialDir } from '../storage';

export type { OperationHandlers, UploadChecks } from '../contract/handlers';

/** The most a form-encoded body may weigh: a few short fields, never files. */
const FORM_BODY_LIMIT = 8 * 1024;

const answerNotImplemented: RouteHandlerMethod = async () => {
  throw notImplemented();
};

type AnyHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The route handler around an operation's handler: the handler returns its data (or an `Answer`
 * when the message, status or cache differ); this adds the status, the cache policy declared in
 * the contract and the envelope. A handler that sent the reply itself (a download) returns it.
 */
function enveloped(operation: ContractOperation, handler: AnyHandler): RouteHandlerMethod {
  const [defaultStatus] = operation.successStatuses;
  return async function handleOperation(request, reply) {
    const result = await handler(request, reply);
    // A handler that sent the reply itself (a download) returns the reply; a Reply is thenable, so
    // awaiting it waits for the response to end and gives undefined: `reply.sent` tells instead.
    if (result === reply || reply.sent) return reply;
    const { data, message, status, cache } =
      result instanceof Answer ? result : { data: result, message: undefined, status: undefined, cache: undefined };
    reply.code(status ?? defaultStatus!);
    reply.header('cache-control', cache ?? cacheControl(operation.cache, Boolean(request.viewer)));
    if (operation.cache.vary) reply.header('vary', operation.cache.vary);
    return { status: 'success', message: message ?? 'OK', data: data ?? null };
  };
}

/**
 * The route handler of an `x-stream` operation: the handler takes the reply over (`reply.hijack()`)
 * and writes the event stream itself, so there is no envelope and nothing to serialise. Returning
 * anything else is a mistake in the handler, answered as a 500 rather than sent as JSON.
 */
function streamed(operation: ContractOperation, handler: AnyHandler): RouteHandlerMethod {
  return async function handleStream(request, reply) {
    const result = await handler(request, reply);
    // Awaiting the returned reply (thenable) waits for the stream to end and gives undefined.
    if ((result !== reply && result !== undefined) || !reply.sent) {
      throw new Error(`${operation.operationId} is x-stream: its handler must take over the reply and return it`);
    }
    return reply;
  };
}

/**
 * Registers one route per contract operation at `/api` + its path, validated by Ajv against the
 * contract's own schemas. An operation without a handler answers 501 after validation and access
 * checks; a handler naming no operation stops the start-up.
 */
export default fp<{ contract: Contract; handlers: OperationHandlers; uploadChecks?: UploadChecks }>(
  async (app, { contract, handlers, uploadChecks = {} }) => {
    const known = new Set(contract.operations.map((operation) => operation.operationId));
    const strays = Object.keys(handlers).filter((operationId) => !known.has(operationId));
    if (strays.length > 0) throw new Error(`Handlers for operations the contract does not have: ${strays.join(', ')}`);
    // Every call that stores files is rate limited before the first one is stored: a handled
    // multipart operation without its check is a mistake caught at start-up, not in production.
    const unchecked = contract.operations
      .filter((operation) => operation.requestBody?.content[MULTIPART_MEDIA_TYPE])
      .map((operation) => operation.operationId)
      .filter(
        (operationId) =>
          handlers[operationId as keyof OperationHandlers] && !uploadChecks[operationId as keyof UploadChecks],
      );
    if (unchecked.length > 0)
      throw new Error(
        `Multipart operations without a check (a rate limit) before their files: ${unchecked.join(', ')}`,
      );

    const handlerOf = (operation: ContractOperation) => {
      const handler = handlers[operation.operationId as keyof OperationHandlers] as AnyHandler | undefined;
      if (!handler) return answerNotImplemented;
      return operation.stream ? streamed(operation, handler) : enveloped(operation, handler);
    };

    const keywords = extensionKeywords(contract.document);
    const bodyAjv = createContractAjv(false, keywords);
    const stringsAjv = createContractAjv(true, keywords);
    // JSON bodies keep their types; path, query and header values and form-encoded bodies arrive as strings.
    // Compiled on first use: start-up does not pay for the operations a process never serves.
    app.setValidatorCompiler(({ schema, httpPart, contentType }) =>
      lazyValidator(httpPart === 'body' && contentType !== FORM_MEDIA_TYPE ? bodyAjv : stringsAjv, schema as object),
    );
    // Answers are serialised from the contract's response schemas, compiled on first use too.
    app.setSerializerCompiler(({ schema }) => lazySerializer(schema as object));
    // Form-encoded bodies (RFC 8058's one-click unsubscribe posts `List-Unsubscribe=One-Click`):
    // small, read as text, one value per name (the last one when a name repeats).
    app.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      const text = body as string;
      if (Buffer.byteLength(text) > FORM_BODY_LIMIT) {
        done(new ApiError(413, 'payload_too_large', 'The request is too large. The limit is 8 KB.'), undefined);
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(text)));
    });

    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
    const tempDir = partialDir(app.config.dataDir);

    for (const operation of contract.operations) {
      app.route({
        method: operation.method.toUpperCase() as Uppercase<ContractOperation['method']>,
        url: operation.url,
        exposeHeadRoute: false,
        schema: routeSchema(operation),
        config: { operation },
        // An operation that takes nothing (a GET without parameters: `me`, `csrf`) skips the
        // input checks; they cost more than its answer.
        ...(takesInput(operation)
          ? {
              preValidation: bodyChecks(
                operation,
                stringsAjv,
                tempDir,
                uploadChecks[operation.operationId as keyof UploadChecks],
              ),
            }
          : {}),
        ...(operation.parameters.some((p) => p.in === 'query' || p.in === 'path')
          ? { preHandler: rejectNonFiniteNumbers }
          : {}),
        handler: handlerOf(operation),
        ...(operation.upload ? removeUploadsHooks : {}),
      });
    }
  },
  { name: 'contract', dependencies: ['access'] },
);

/** Whether a request to this operation carries anything to check: parameters, or a body (any method but GET). */
const takesInput = (operation: ContractOperation) =>
  operation.parameters.length > 0 || operation.requestBody !== undefined || operation.method !== 'get';

/**
 * Received files are removed before the answer leaves (a caller seeing the answer finds nothing
 * left), and again when the request ends otherwise (an aborted request never answers).
 */
const removeUploadsHooks = {
  onSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    await removeTemporaryUploads(request);
    return payload;
  },
  onResponse: async (request: FastifyRequest) => removeTemporaryUploads(request),
  onRequestAbort: async (request: FastifyRequest) => removeTemporaryUploads(request),
};

function bodyChecks(
  operation: ContractOperation,
  stringsAjv: ReturnType<typeof createContractAjv>,
  tempDir: string,
  check: UploadCheck | undefined,
) {
  const multipartSchema = operation.requestBody?.content[MULTIPART_MEDIA_TYPE];
  const readMultipart =
    multipartSchema && operation.upload
      ? multipartValidator({ schema: multipartSchema, ajv: stringsAjv, limits: operation.upload, tempDir, check })
      : undefined;
  const jsonSchema = operation.requestBody?.content[JSON_MEDIA_TYPE] ?? operation.requestBody?.content[FORM_MEDIA_TYPE];
  const bodyRules = jsonSchema ? lineBreakRules(jsonSchema) : NO_LINE_BREAKS;
  // Fastify sees header names in lower case; only the declared ones reach a handler.
  const headerNames = operation.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
  const declaredHeaders = (request: FastifyRequest) =>
    Object.fromEntries(
      headerNames.filter((name) => request.headers[name] !== undefined).map((name) => [name, request.headers[name]]),
    );
  const hooks: preValidationAsyncHookHandler[] = [
    async (request, reply) => {
      checkContentType(operation, request);
      const multipart = request.isMultipart();
      const errors = [
        ...inspectInput(request.params, 'path'),
        ...inspectInput(request.query, 'query'),
        ...(headerNames.length > 0 ? inspectInput(declaredHeaders(request), 'header') : []),
        ...(multipart ? [] : inspectInput(request.body, '', bodyRules)),
      ];
      if (errors.length > 0) throw validationFailed(errors.slice(0, INPUT_LIMITS.errors));
      if (readMultipart && multipart) await readMultipart(request, reply);
    },
  ];
  return hooks;
}

/**
 * Ajv coerces a query or path value like "1e400" to Infinity after its type check, so an
 * overflowing number would pass `type: number` or `integer`; refuse it here, named, before a
 * handler sees it.
 */
async function rejectNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  const errors: FieldError[] = [];
  for (const [part, values] of [
    ['query', request.query],
    ['path', request.params],
  ] as const) {
    for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
      const numbers = Array.isArray(value) ? value : [value];
      if (numbers.some((item) => typeof item === 'number' && !Number.isFinite(item))) {
        errors.push({ field: `${part}.${name}`, message: 'must be a finite number' });
      }
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}
