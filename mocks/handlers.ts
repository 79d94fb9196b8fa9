import { http, HttpResponse, type RequestHandler } from 'msw';

/**
 * The MSW handlers orval generated from the contract (faker data), collected from every tag
 * module, plus helpers to reshape them for scenarios. Nothing here is edited per operation:
 * a new operation in the contract shows up after `npm run codegen`.
 */
type MswModule = Record<string, unknown>;
type HandlerFactory = (override?: unknown) => RequestHandler;

const modules = import.meta.glob<MswModule>('./generated/*/*.msw.ts', { eager: true });

interface GeneratedOperation {
  /** The operationId in PascalCase, as orval names it (GetMe, ListConversations). */
  name: string;
  handler: HandlerFactory;
  response: () => unknown;
}

export const generatedOperations: GeneratedOperation[] = Object.values(modules).flatMap((module) =>
  Object.entries(module).flatMap(([key, value]) => {
    const match = /^get(.+)MockHandler$/.exec(key);
    const response = match && module[`get${match[1]}ResponseMock`];
    if (!match || typeof value !== 'function' || typeof response !== 'function') return [];
    return [{ name: match[1], handler: value as HandlerFactory, response: response as () => unknown }];
  }),
);

/** Every operation answered with faker data shaped by the contract. */
export function fakerHandlers(): RequestHandler[] {
  return generatedOperations.map((op) => op.handler());
}

/** The handler of one operation with a fixed answer (its name in PascalCase, e.g. 'GetMe'). */
export function answer(name: string, body: unknown, status = 200): RequestHandler {
  const op = generatedOperations.find((o) => o.name === name);
  if (!op) throw new Error(`No generated mock handler for operation ${name}`);
  if (status === 200) return op.handler(body);
  // Non-200 answers: reuse the generated handler's method and path, replace the response.
  const { method, path } = op.handler().info as unknown as { method: string; path: string };
  return http[method.toLowerCase() as 'get'](path, () => HttpResponse.json(body as object, { status }));
}

/** The same answer with every list emptied: `data: []` and `data.items: []` with zero totals. */
export function emptied(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('data' in body)) return body;
  const envelope = body as { data: unknown };
  const data = envelope.data;
  if (Array.isArray(data)) return { ...envelope, data: [] };
  if (data && typeof data === 'object' && 'items' in data && Array.isArray((data as { items: unknown }).items)) {
    const paged = data as { items: unknown[]; pagination?: object; total?: number };
    return {
      ...envelope,
      data: {
        ...paged,
        items: [],
        ...(paged.pagination ? { pagination: { ...paged.pagination, page: 1, total: 0, totalPages: 0 } } : {}),
        ...(typeof paged.total === 'number' ? { total: 0 } : {}),
      },
    };
  }
  return body;
}

/** Every list operation answering an empty list. */
export function emptyListHandlers(): RequestHandler[] {
  return generatedOperations.map((op) => op.handler(() => emptied(op.response())));
}
