/** `/dashboard/messages/?unread=true&requestId=…&page=2`: the list's filters and page. */
export interface MessagesSearch {
  unread?: true;
  requestId?: string;
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE = 10_000;

export function messagesSearch(search: Record<string, unknown>): MessagesSearch {
  const out: MessagesSearch = {};
  if (search.unread === true || search.unread === 'true') out.unread = true;
  if (typeof search.requestId === 'string' && UUID.test(search.requestId)) out.requestId = search.requestId;
  const page = typeof search.page === 'number' ? search.page : Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= MAX_PAGE) out.page = page;
  return out;
}

export const CONVERSATION_TABS = ['messages', 'request', 'client'] as const;
export type ConversationTab = (typeof CONVERSATION_TABS)[number];
export const DEFAULT_CONVERSATION_TAB: ConversationTab = 'messages';

/** `/dashboard/messages/conversation/{id}/details/?tab=request`: the open tab (messages when absent). */
export function conversationSearch(search: Record<string, unknown>): { tab?: ConversationTab } {
  const tab = search.tab;
  return typeof tab === 'string' &&
    (CONVERSATION_TABS as readonly string[]).includes(tab) &&
    tab !== DEFAULT_CONVERSATION_TAB
    ? { tab: tab as ConversationTab }
    : {};
}
