import type { FastifyInstance, InjectOptions } from 'fastify';

export type Caller = 'visitor' | 'client' | 'freelancer' | 'business';

/**
 * One operation's row of the access table: how to build a valid request (called once per caller,
 * after that caller's fresh session is made) and the status each caller must get. A module's rows
 * live in `access-rows/<module>.rows.ts` as `export const rows: AccessRows`; the access test loads
 * every such file.
 */
export interface AccessRow {
  request: (app: FastifyInstance) => Promise<InjectOptions>;
  expected: Record<Caller, number>;
}
export type AccessRows = Record<string, AccessRow>;

export const visitorOnly = (success: number) => ({ visitor: success, client: 403, freelancer: 403, business: 403 });
export const signedInOnly = (success: number) => ({
  visitor: 401,
  client: success,
  freelancer: success,
  business: success,
});
export const clientOnly = (success: number) => ({ visitor: 401, client: success, freelancer: 403, business: 403 });
export const freelancerOnly = (success: number) => ({ visitor: 401, client: 403, freelancer: success, business: 403 });
export const businessOnly = (success: number) => ({ visitor: 401, client: 403, freelancer: 403, business: success });
export const providersOnly = (success: number) => ({
  visitor: 401,
  client: 403,
  freelancer: success,
  business: success,
});
export const everyone = (success: number) => ({
  visitor: success,
  client: success,
  freelancer: success,
  business: success,
});
