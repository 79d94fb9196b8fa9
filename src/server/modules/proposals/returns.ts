import { applyLedgerEntry, type Transaction } from '../versigems';
import * as queries from './queries';

/**
 * A request has ended (a hire, a close, an expiry), inside the caller's transaction with the
 * request row locked: every proposal of it that was not accepted or withdrawn gets the versigems
 * spent on it back, once (the ledger's idempotency key `proposal-return:<proposal id>`, so a
 * second call gives nothing). Answers the versigems given back, by proposal.
 */
export async function returnProposalVersigems(
  tx: Transaction,
  request: { id: string; refId: string; title: string },
): Promise<Map<string, number>> {
  const returned = new Map<string, number>();
  for (const proposal of await queries.refundableProposals(tx, request.id)) {
    const entry = await applyLedgerEntry(tx, {
      userId: proposal.providerId,
      delta: proposal.gemsSpent,
      reason: 'proposal-return',
      reference: { kind: 'service-request', id: request.id, label: `${request.refId} · ${request.title}` },
      idempotencyKey: `proposal-return:${proposal.id}`,
    });
    if (entry.applied) returned.set(proposal.id, proposal.gemsSpent);
  }
  return returned;
}
