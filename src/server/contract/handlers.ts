import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../generated/api';
import type { MultipartBody, UploadCheck } from './multipart';

/**
 * Handlers typed from the contract. Each operation's handler gets its request typed from the
 * generated `operations` (body, path, query and headers) and returns the `data` of its success
 * answer; the contract plugin wraps it in the envelope, sets the status, applies the operation's
 * cache policy (`x-cache`) and serialises it with the response schema. A misspelled operation id,
 * body field or answer field does not compile.
 */

export type OperationId = keyof operations;
type Operation<O extends OperationId> = operations[O];

type Defined<T> = Exclude<T, undefined>;

/** The JSON body, or the parsed multipart body (fields plus files) for a multipart operation. */
export type RequestBody<O extends OperationId> =
  Defined<Operation<O>['requestBody']> extends { content: infer C }
    ? C extends { 'multipart/form-data': unknown }
      ? MultipartBody
      : C extends { 'application/json': infer B }
        ? B
        : undefined
    : undefined;

type ParametersOf<O extends OperationId, P extends string> =
  Operation<O>['parameters'] extends Record<P, infer T>
    ? [Defined<T>] extends [never]
      ? Record<string, never>
      : Defined<T>
    : Record<string, never>;

export type PathParams<O extends OperationId> = ParametersOf<O, 'path'>;
export type QueryParams<O extends OperationId> = ParametersOf<O, 'query'>;
export type HeaderParams<O extends OperationId> = ParametersOf<O, 'header'>;

type SuccessCode = 200 | 201 | 202 | 204;
export type SuccessStatus<O extends OperationId> = Extract<keyof Operation<O>['responses'], SuccessCode>;

/** The `data` of the operation's JSON success answer. */
export type AnswerData<O extends OperationId> = {
  [S in SuccessStatus<O>]: Operation<O>['responses'][S] extends { content: { 'application/json': { data: infer D } } }
    ? D
    : never;
}[SuccessStatus<O>];

export type OperationRequest<O extends OperationId> = FastifyRequest<{
  Body: RequestBody<O>;
  Params: PathParams<O>;
  Querystring: QueryParams<O>;
  Headers: HeaderParams<O>;
}>;

/** Cache-Control values an answer may take instead of its operation's `x-cache` policy. */
export type CacheOverride = 'no-store';

/** An answer whose message, status or cache differs from the operation's defaults. */
export class Answer<D, S extends number = never> {
  constructor(
    readonly data: D,
    readonly message?: string,
    readonly status?: S,
    readonly cache?: CacheOverride,
  ) {}
}

/**
 * `answer(data, {message: 'Profile updated.'})`: the data with the message people read, and the
 * status when the operation declares more than one success (the first declared is the default).
 */
export const answer = <D, S extends number = never>(
  data: D,
  options: { message?: string; status?: S; cache?: CacheOverride },
): Answer<D, S> => new Answer(data, options.message, options.status, options.cache);

/**
 * A handler whose answer carries a message for people, from the data it answers with:
 * `saveDetails: withMessage('Business details saved.', (request) => business.save(request.body))`.
 */
export const withMessage =
  <R, D>(message: string | ((data: D) => string), handle: (request: R) => Promise<D>) =>
  async (request: R): Promise<Answer<D>> => {
    const data = await handle(request);
    return answer(data, { message: typeof message === 'string' ? message : message(data) });
  };

export type HandlerResult<O extends OperationId> =
  | AnswerData<O>
  | Answer<AnswerData<O>, SuccessStatus<O>>
  /** A reply already sent by the handler itself (a file download): passed through as it is. */
  | FastifyReply;

export type OperationHandler<O extends OperationId> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<HandlerResult<O>>;

/** operationId -> handler; an unknown operation id is a type error. */
export type OperationHandlers = { [O in OperationId]?: OperationHandler<O> };

/** operationId -> what a multipart operation checks before a file byte is stored (see `UploadCheck`). */
export type UploadChecks = { [O in OperationId]?: UploadCheck };
