import type { ProposalStatus } from '@/api/generated/model';
import { isProposalStatus } from './proposalText';

/** `/dashboard/proposals/?status=shortlisted&page=2`: the tab and the page. */
export interface ProposalsSearch {
  status?: ProposalStatus;
  page?: number;
}

const MAX_PAGE = 10_000;

/**
 * Keeps a known status and a page above 1; anything else is the All tab, page 1. Both keys are
 * always named (undefined when dropped): the router lays the validated search over the raw one,
 * so a key left out would let the raw value through.
 */
export function proposalsSearch(search: Record<string, unknown>): ProposalsSearch {
  const raw = search.page;
  const page = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return {
    status: isProposalStatus(search.status) ? search.status : undefined,
    page: Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? page : undefined,
  };
}
