import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { AppDeps } from '../../lib/per-app';
import { publicPersonName } from '../providers';
import { emailListService } from './email-lists';
import { unreadMessagesReminder } from './email';
import * as queries from './queries';

/** A message still unread this long after it was sent is emailed about. */
export const REMINDER_DELAY_MS = 15 * 60 * 1000;
/** At most one reminder per conversation and recipient in this long. */
export const REMINDER_QUIET_MS = 60 * 60 * 1000;
/** How often the job looks for due messages. */
export const REMINDER_INTERVAL_MS = 60 * 1000;
const REMINDER_BATCH = 200;

export type ReminderDeps = Pick<AppDeps, 'db' | 'email' | 'config' | 'log'>;

const nameOf = (person: queries.PersonRow) =>
  (person.accountType === 'business' ? person.companyname?.trim() : publicPersonName(person)) || 'A member';
const greetingName = (person: queries.PersonRow) =>
  (person.accountType === 'business' ? person.companyname?.trim() : person.firstname?.trim()) || 'there';

/**
 * One pass of the reminder job at `now`: claims the messages unread for 15 minutes (and, with
 * them, the other unread messages of the same conversation and recipient, which one email covers),
 * commits, then emails each recipient once per conversation, unless they left `message-reminders`.
 * Claiming before sending means a failed send is not retried: a reminder is worth at most one try.
 * Answers how many emails went out.
 */
export async function sendMessageReminders(deps: ReminderDeps, now: Date = new Date()): Promise<number> {
  const groups = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const due = await queries.claimDueMessages(tx, {
      now,
      dueBefore: new Date(now.getTime() - REMINDER_DELAY_MS),
      quietSince: new Date(now.getTime() - REMINDER_QUIET_MS),
      batch: REMINDER_BATCH,
    });
    const byPair = new Map<string, queries.ClaimedMessage[]>();
    for (const message of due) {
      const key = `${message.conversationId}:${message.recipientId}`;
      byPair.set(key, [...(byPair.get(key) ?? []), message]);
    }
    for (const [key, claimed] of byPair) {
      const { conversationId, recipientId } = claimed[0]!;
      byPair.set(key, [...claimed, ...(await queries.claimCoveredMessages(tx, conversationId, recipientId, now))]);
    }
    return [...byPair.values()];
  });
  if (groups.length === 0) return 0;

  const recipients = groups.map((group) => group[0]!.recipientId);
  const latest = groups.map((group) => group.reduce((a, b) => (b.createdAt > a.createdAt ? b : a)));
  const [people, conversations, leftList] = await Promise.all([
    queries.people(deps.db, [...new Set([...recipients, ...latest.map((message) => message.senderId)])]),
    queries.conversationsByIds(
      deps.db,
      latest.map((message) => message.conversationId),
    ),
    queries.usersWhoLeft(deps.db, recipients, 'message-reminders'),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  const subjectOf = new Map(conversations.map((conversation) => [conversation.id, conversation.subject]));
  const lists = emailListService(deps);
  let sent = 0;
  for (const [index, group] of groups.entries()) {
    const message = latest[index]!;
    const recipient = personById.get(message.recipientId);
    const sender = personById.get(message.senderId);
    if (!recipient || !sender || leftList.has(recipient.id)) continue;
    const conversationUrl = `${deps.config.publicUrl}/dashboard/messages/conversation/${message.conversationId}/details/`;
    const content = unreadMessagesReminder({
      recipientName: greetingName(recipient),
      senderName: nameOf(sender),
      subject: subjectOf.get(message.conversationId) ?? 'your conversation',
      latestBody: message.body,
      unreadCount: group.length,
      conversationUrl,
      list: lists.listHeaders(recipient.id),
    });
    try {
      await deps.email.send({ ...content, to: recipient.email });
      sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, conversationId: message.conversationId }, 'a message reminder could not be sent');
    }
  }
  return sent;
}

/**
 * Runs `sendMessageReminders` every minute (`intervalMs`) until the app closes. Several server
 * processes may run it at once: each claims its own rows.
 */
export default fp<{ intervalMs?: number }>(
  async (app, options) => {
    let running: Promise<void> | null = null;
    const run = () => {
      running ??= sendMessageReminders(app)
        .then((count) => {
          if (count > 0) app.log.info({ count }, 'message reminders sent');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'sending message reminders failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    const timer = setInterval(() => void run(), options.intervalMs ?? REMINDER_INTERVAL_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'message-reminders', dependencies: ['database', 'email'] },
);
