import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { createContractAjv } from '../contract/ajv';
import { checkContentType } from '../contract/content-type';
import { cacheControl, extensionKeywords, type Contract, type ContractOperation } from '../contract/document';
import { Answer, type OperationHandlers } from '../contract/handlers';
import { MULTIPART_LIMITS, multipartValidator } from '../contract/multipart';
import { INPUT_LIMITS, inspectInput, lineBreakRules, NO_LINE_BREAKS } from '../contract/input-guard';
import { JSON_MEDIA_TYPE, MULTIPART_MEDIA_TYPE, routeSchema } from '../contract/route-schema';
import { notImplemented, validationFailed, type FieldError } from '../errors';

export type { OperationHandlers } from '../contract/handlers';

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
    if (result === reply) return reply;
    const { data, message, status, cache } =
      result instanceof Answer ? result : { data: result, message: undefined, status: undefined, cache: undefined };
    reply.code(status ?? defaultStatus!);
    reply.header('cache-control', cache ?? cacheControl(operation.cache, Boolean(request.viewer)));
    if (operation.cache.vary) reply.header('vary', operation.cache.vary);
    return { status: 'success', message: message ?? 'OK', data: data ?? null };
  };
}

/**
 * Registers one route per contract operation at `/api` + its path, validated by Ajv against the
 * contract's own schemas. An operation without a handler answers 501 after validation and access
 * checks; a handler naming no operation stops the start-up.
 */
export default fp<{ contract: Contract; handlers: OperationHandlers }>(
  async (app, { contract, handlers }) => {
    const known = new Set(contract.operations.map((operation) => operation.operationId));
    const strays = Object.keys(handlers).filter((operationId) => !known.has(operationId));
    if (strays.length > 0) throw new Error(`Handlers for operations the contract does not have: ${strays.join(', ')}`);

    const handlerOf = (operation: ContractOperation) => {
      const handler = handlers[operation.operationId as keyof OperationHandlers] as AnyHandler | undefined;
      return handler ? enveloped(operation, handler) : answerNotImplemented;
    };

    const keywords = extensionKeywords(contract.document);
    const bodyAjv = createContractAjv(false, keywords);
    const stringsAjv = createContractAjv(true, keywords);
    // Bodies keep their JSON types; path, query and header values arrive as strings.
    app.setValidatorCompiler(({ schema, httpPart }) =>
      (httpPart === 'body' ? bodyAjv : stringsAjv).compile(schema as object),
    );

    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

    for (const operation of contract.operations) {
      app.route({
        method: operation.method.toUpperCase() as Uppercase<ContractOperation['method']>,
        url: operation.url,
        exposeHeadRoute: false,
        schema: routeSchema(operation),
        config: { operation },
        preValidation: bodyChecks(operation, stringsAjv),
        preHandler: rejectNonFiniteNumbers,
        handler: handlerOf(operation),
      });
    }
  },
  { name: 'contract', dependencies: ['access'] },
);

/**
 * Before Ajv sees anything: the content type, then the input guard on path, query and a JSON
 * body (a multipart body's text fields are guarded as they are read), so no input reaches a
 * validator or handler too deep, too large or holding text the database cannot store.
 */
function bodyChecks(operation: ContractOperation, stringsAjv: ReturnType<typeof createContractAjv>) {
  const multipartSchema = operation.requestBody?.content[MULTIPART_MEDIA_TYPE];
  const readMultipart = multipartSchema ? multipartValidator(multipartSchema, stringsAjv) : undefined;
  const jsonSchema = operation.requestBody?.content[JSON_MEDIA_TYPE];
  const bodyRules = jsonSchema ? lineBreakRules(jsonSchema) : NO_LINE_BREAKS;
  const hooks: preValidationAsyncHookHandler[] = [
    async (request) => {
      checkContentType(operation, request);
      const multipart = request.isMultipart();
      const errors = [
        ...inspectInput(request.params, 'path'),
        ...inspectInput(request.query, 'query'),
        ...(multipart ? [] : inspectInput(request.body, '', bodyRules)),
      ];
      if (errors.length > 0) throw validationFailed(errors.slice(0, INPUT_LIMITS.errors));
      if (readMultipart && multipart) await readMultipart(request);
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
