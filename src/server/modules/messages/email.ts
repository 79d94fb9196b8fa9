import { renderHtml, renderText, type EmailBody, type EmailContent } from '../../email/layout';

const QUOTE_LENGTH = 600;

/** The message as the email quotes it: at most 600 characters, cut with `…`. */
function quote(body: string): string {
  return body.length > QUOTE_LENGTH ? `${body.slice(0, QUOTE_LENGTH).trimEnd()}…` : body;
}

/**
 * The reminder of unread messages (the `message-reminders` list): who wrote, the latest message,
 * a link to the conversation, and the list's unsubscribe page link and headers (RFC 2369, and
 * RFC 8058's one-click URL that a mail client posts to), so mail clients offer their own button.
 */
export function unreadMessagesReminder(input: {
  recipientName: string;
  senderName: string;
  subject: string;
  latestBody: string;
  unreadCount: number;
  conversationUrl: string;
  /** The list's body link and headers (`emailListService.listHeaders`). */
  list: { unsubscribeUrl: string; headers: Record<string, string> };
}): EmailContent {
  const subject =
    input.unreadCount === 1
      ? `${input.senderName} sent you a message`
      : `${input.senderName} sent you ${input.unreadCount} messages`;
  const body: EmailBody = {
    greeting: `Hi ${input.recipientName},`,
    paragraphs: [
      `${input.senderName} wrote to you about “${input.subject}”:`,
      `“${quote(input.latestBody)}”`,
      'Open the conversation to read it and reply.',
    ],
    action: { label: 'Read and reply', url: input.conversationUrl },
    footnotes: ['We send at most one reminder an hour for each conversation, and only while messages stay unread.'],
    unsubscribeUrl: input.list.unsubscribeUrl,
  };
  return {
    purpose: 'message-reminder',
    subject,
    text: renderText(body),
    html: renderHtml(subject, body),
    link: input.conversationUrl,
    headers: input.list.headers,
  };
}

export interface GuestContact {
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

const replyDetails = (guest: GuestContact) =>
  [`Name: ${guest.name}`, `Email: ${guest.email}`, ...(guest.phone ? [`Phone: ${guest.phone}`] : [])].join(', ');

/** A visitor's message from a public profile, to the provider; replying answers the visitor. */
export function guestContactToProvider(input: {
  providerName: string;
  guest: GuestContact;
  profileUrl: string;
}): EmailContent {
  const subject = `${input.guest.name} sent you a message from your profile`;
  const body: EmailBody = {
    greeting: `Hi ${input.providerName},`,
    paragraphs: [
      `${input.guest.name} wrote to you from your public profile:`,
      `“${input.guest.message}”`,
      `Reply to this email to answer them. Their details: ${replyDetails(input.guest)}.`,
    ],
    action: { label: 'View your profile', url: input.profileUrl },
    footnotes: ['We passed this message on as it was written; we do not check who sent it.'],
  };
  return { purpose: 'guest-contact', subject, text: renderText(body), html: renderHtml(subject, body) };
}

/** The visitor's copy of what they sent. */
export function guestContactCopy(input: {
  providerName: string;
  guest: GuestContact;
  profileUrl: string;
}): EmailContent {
  const subject = `Your message to ${input.providerName}`;
  const body: EmailBody = {
    greeting: `Hi ${input.guest.name},`,
    paragraphs: [
      `We sent your message to ${input.providerName}. They will reply to ${input.guest.email}.`,
      `This is what you wrote: “${input.guest.message}”`,
    ],
    action: { label: `View ${input.providerName}’s profile`, url: input.profileUrl },
    footnotes: ['If you did not send this message, you can ignore this email.'],
  };
  return { purpose: 'guest-contact-copy', subject, text: renderText(body), html: renderHtml(subject, body) };
}
