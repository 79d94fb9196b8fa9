import type { AppDeps } from '../../lib/per-app';
import type { Transaction } from '../versigems';
import * as queries from './queries';
import { returnProposalVersigems } from './returns';
import { notifyDeclined } from './service';

export interface EndedRequest {
  id: string;
  refId: string;
  title: string;
}

export interface DeclinedProposal {
  proposalId: string;
  providerId: string;
}

/**
 * A request closed by its client or expired, inside the caller's transaction (which has the
 * request row locked): its `submitted` and `shortlisted` proposals become `declined`, and every
 * proposal of it that was not accepted or withdrawn gets its versigems back, once
 * (`returnProposalVersigems`). Sends no email: answers the newly declined, for `notifyRequestEnded` after the commit.
 */
export async function endRequestProposals(
  tx: Transaction,
  request: EndedRequest,
  _outcome: 'closed' | 'expired',
): Promise<{ declined: DeclinedProposal[] }> {
  const declined = await queries.declineOpenProposals(tx, request.id);
  await returnProposalVersigems(tx, request);
  return { declined };
}

/**
 * After the commit of `endRequestProposals`: one email to each declined provider, saying the
 * request closed or expired and, for a freelancer, that their versigems are back.
 */
export async function notifyRequestEnded(
  deps: Pick<AppDeps, 'db' | 'email' | 'config'>,
  request: EndedRequest,
  declined: DeclinedProposal[],
  outcome: 'closed' | 'expired',
): Promise<void> {
  if (declined.length === 0) return;
  const gems = new Map<string, number>();
  for (const { proposalId } of declined) {
    const row = await queries.findProposal(deps.db, proposalId);
    if (row) gems.set(proposalId, row.gemsSpent);
  }
  notifyDeclined(deps, request, declined, outcome, null, gems);
}
