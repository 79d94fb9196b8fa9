/**
 * The proposals module's public face beside its service: what the requests module calls when a
 * request closes or expires (decline the open proposals and give freelancers their versigems
 * back, in its transaction; email the providers after it commits).
 */
export { endRequestProposals, notifyRequestEnded, type DeclinedProposal, type EndedRequest } from './end';
/** What the job board shows a provider of their own proposals (`viewer.myProposalId`). */
export { proposalIdsOf } from './queries';
