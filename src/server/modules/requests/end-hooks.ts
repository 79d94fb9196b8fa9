import type { AppDeps } from '../../lib/per-app';
import type { Transaction } from '../versigems';

/**
 * What other modules do when a request ends for good without a hire: closed by its client or
 * expired. The requests module owns the status change; a module that keeps things about a
 * request (the proposals on it, the versigems spent on them) registers a hook here instead of
 * the requests module importing it.
 *
 * A hook has two parts. `run` is called inside the transaction that changes the status, so its
 * writes land with the status change or not at all: a hook that throws undoes the close (or that
 * request's expiry) entirely. `after` is called once that transaction has committed, with what
 * `run` answered, for work that must not be undone or repeated by a retry (emails); a failure
 * there is logged and changes nothing.
 */

export type RequestOutcome = 'closed' | 'expired';

/** The request that ended, as hooks need it (ids, and the words emails and ledger rows show). */
export interface EndedRequest {
  id: string;
  refId: string;
  title: string;
}

/** What the post-commit part of a hook may use. */
export type RequestEndDeps = Pick<AppDeps, 'db' | 'email' | 'config' | 'log'>;

export interface RequestEndHook<R = unknown> {
  /** Names the hook in logs. */
  name: string;
  run(tx: Transaction, request: EndedRequest, outcome: RequestOutcome): Promise<R>;
  after?(deps: RequestEndDeps, request: EndedRequest, result: R, outcome: RequestOutcome): Promise<void>;
}

/** One request's end, with each hook's answer, waiting for `afterRequestEnded` once committed. */
export interface RequestEnded {
  request: EndedRequest;
  outcome: RequestOutcome;
  results: { hook: RequestEndHook; result: unknown }[];
}

const hooks: RequestEndHook[] = [];

/**
 * Registers a hook for every request that ends from now on, in this process. Answers a function
 * that removes it again (tests). Registering the same hook twice keeps one.
 */
export function onRequestEnded<R>(hook: RequestEndHook<R>): () => void {
  const registered = hook as RequestEndHook;
  if (!hooks.includes(registered)) hooks.push(registered);
  return () => {
    const index = hooks.indexOf(registered);
    if (index >= 0) hooks.splice(index, 1);
  };
}

/**
 * Runs every hook's `run`, one after the other in registration order, inside `tx` (the
 * transaction that changed the request's status). Call it once per request that ended.
 */
export async function runRequestEndHooks(
  tx: Transaction,
  request: EndedRequest,
  outcome: RequestOutcome,
): Promise<RequestEnded> {
  const results: RequestEnded['results'] = [];
  for (const hook of [...hooks]) results.push({ hook, result: await hook.run(tx, request, outcome) });
  return { request, outcome, results };
}

/** The hooks' post-commit parts for requests whose transaction has committed; never throws. */
export async function afterRequestEnded(deps: RequestEndDeps, ended: RequestEnded | readonly RequestEnded[]) {
  for (const { request, outcome, results } of Array.isArray(ended) ? ended : [ended as RequestEnded]) {
    for (const { hook, result } of results) {
      if (!hook.after) continue;
      try {
        await hook.after(deps, request, result, outcome);
      } catch (error) {
        deps.log.error(
          { err: error, hook: hook.name, requestId: request.id, outcome },
          'the follow-up of a request that ended failed',
        );
      }
    }
  }
}
