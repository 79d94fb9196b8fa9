/**
 * The messages module's public face beside its service: what other modules read or change of
 * the invitations to propose (M06), on their own connection or inside their transaction, and
 * which conversations are about a request and what the request's client has not read in them;
 * and the email lists (W04) every sender of a non-transactional email asks before sending.
 */
export { emailListService, EMAIL_LISTS, type EmailList } from './email-lists';
export {
  clientUnreadCounts,
  conversationsOfPairs,
  invitedRequestIds,
  markInviteResponded,
  markInviteViewed,
  type PairAboutRequest,
} from './queries';
