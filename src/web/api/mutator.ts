/**
 * The fetch every generated call goes through: it adds the /api root, sends the session
 * cookie, attaches the CSRF token (see apiFetch), and turns the error envelope (or any
 * answer whose `status` is not "success", spec §5) into a thrown ApiError.
 */
export const API_ROOT = '/api';

export interface ApiFieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  status: 'error';
  message: string;
  code?: string;
  errors?: ApiFieldError[];
}

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly body: ErrorBody;

  constructor(httpStatus: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.body = body;
  }

  /** The message for one field, to show beside it. */
  fieldError(field: string): string | undefined {
    return this.body.errors?.find((e) => e.field === field)?.message;
  }
}

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/**
 * What sends the calls: the browser's fetch, or the one a server-side render is given (it answers
 * the calls a page's first screen may show before any visitor asks, see prerender.tsx).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

let csrfToken: string | null = null;
let csrfRequest: Promise<string> | null = null;

function absolute(url: string): string {
  // Node's fetch (tests) needs an absolute URL; browsers resolve against the page.
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return new URL(url, origin).toString();
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toError(httpStatus: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const b = body as Partial<ErrorBody> & { message: string };
    return new ApiError(httpStatus, { status: 'error', message: b.message, code: b.code, errors: b.errors });
  }
  return new ApiError(httpStatus, { status: 'error', message: GENERIC_MESSAGE });
}

/** The session's CSRF token, fetched once and shared by concurrent callers. */
export async function getCsrfToken(force = false): Promise<string> {
  if (csrfToken && !force) return csrfToken;
  csrfRequest ??= transport(absolute(`${API_ROOT}/csrf/`), { credentials: 'include' })
    .then(async (response) => {
      const body = (await parseBody(response)) as { status?: string; data?: { csrfToken?: string } } | null;
      if (!response.ok || body?.status !== 'success' || !body.data?.csrfToken) throw toError(response.status, body);
      csrfToken = body.data.csrfToken;
      return csrfToken;
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

/** Forget the token: the session changed (sign-in, sign-out), so the next call fetches a new one. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const send = async (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('X-CSRF-Token', token);
    return transport(absolute(`${API_ROOT}${url}`), { ...init, method, headers, credentials: 'include' });
  };

  // A read does not wait for the token: it carries it once known. The few GETs that change state
  // (logout, verification links) and need it are refused before they do anything, and sent again
  // below with a token. Every other method waits for it.
  const reads = method === 'GET' || method === 'HEAD';
  let response = await send(reads ? csrfToken : await getCsrfToken().catch(() => null));
  if (response.status === 403) {
    const body = (await parseBody(response.clone())) as { code?: string } | null;
    if (body?.code === 'csrf_failed') response = await send(await getCsrfToken(true));
  }

  const body = await parseBody(response);
  if (!response.ok || !body || typeof body !== 'object' || (body as { status?: unknown }).status !== 'success') {
    throw toError(response.status, body);
  }
  return body as T;
}

export default apiFetch;

/** orval reads these: every generated hook's error type is the ApiError this file throws. */
export type ErrorType<_Error> = ApiError;
export type BodyType<Body> = Body;
