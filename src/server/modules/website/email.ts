import { renderHtml, renderText, type EmailBody, type EmailContent } from '../../email/layout';
import { replyDate } from '../../reply-time';

/**
 * The receipt of a website project request, to the address given: the reference and when to
 * expect a reply. It repeats none of the message, so an address typed in by someone else learns
 * nothing about the project.
 */
export function websiteRequestReceived(input: {
  name: string;
  refId: string;
  serviceName: string;
  attachmentCount: number;
  expectedReplyBy: Date;
  publicUrl: string;
}): EmailContent {
  const subject = `We received your project request (${input.refId})`;
  const files =
    input.attachmentCount === 0
      ? []
      : [
          `We received ${input.attachmentCount === 1 ? 'the file' : `the ${input.attachmentCount} files`} you attached.`,
        ];
  const body: EmailBody = {
    greeting: `Hi ${input.name},`,
    paragraphs: [
      `Thank you for telling us about your ${input.serviceName} project. Your reference is ${input.refId}.`,
      ...files,
      `A member of our team will read it and reply within one business day, by ${replyDate(input.expectedReplyBy)} at the latest.`,
      `Please quote ${input.refId} if you write to us about this request.`,
    ],
    action: { label: 'Browse our services', url: `${input.publicUrl}/services/` },
    footnotes: ['If you did not send this request, you can ignore this email: nothing else will follow.'],
  };
  return { purpose: 'website-request', subject, text: renderText(body), html: renderHtml(subject, body) };
}

/** The topics of the contact form as people read them (the support team's routing). */
export const CONTACT_TOPIC_NAMES: Record<string, string> = {
  general: 'General question',
  'account-and-login': 'Account and sign-in',
  'billing-and-payments': 'Billing and payments',
  versigems: 'Versigems',
  'business-listing': 'Business listing',
  partnerships: 'Partnerships',
  press: 'Press',
  'report-a-problem': 'Report a problem',
  feedback: 'Feedback',
};

export interface ContactTicket {
  reference: string;
  name: string;
  email: string;
  topic: string;
  subject: string;
  message: string;
  /** The sender's account, when they were signed in. */
  accountId: string | null;
  expectedReplyBy: Date;
}

/** The message as the support team gets it: replying answers the sender (`Reply-To`). */
export function contactMessageToSupport(input: { ticket: ContactTicket; publicUrl: string }): EmailContent {
  const { ticket } = input;
  const topic = CONTACT_TOPIC_NAMES[ticket.topic] ?? ticket.topic;
  const subject = `[${ticket.reference}] ${topic}: ${ticket.subject}`;
  const body: EmailBody = {
    greeting: 'Hello support team,',
    paragraphs: [
      `${ticket.name} (${ticket.email}) wrote about “${ticket.subject}” (${topic}):`,
      `“${ticket.message}”`,
      ticket.accountId ? `They were signed in (account ${ticket.accountId}).` : 'They were not signed in.',
      `Reply to this email to answer them by ${replyDate(ticket.expectedReplyBy)}. Reference: ${ticket.reference}.`,
    ],
    action: { label: 'Open the contact page', url: `${input.publicUrl}/contact-us/` },
    footnotes: [
      'Sent from the contact form. We do not check who sent it: never act on a request to change an account from this email alone.',
    ],
  };
  return { purpose: 'contact-message', subject, text: renderText(body), html: renderHtml(subject, body) };
}

/**
 * The sender's confirmation: the reference and when to expect a reply. It quotes the subject but
 * not the message, so an address typed in by someone else learns little.
 */
export function contactMessageReceived(input: { ticket: ContactTicket; publicUrl: string }): EmailContent {
  const { ticket } = input;
  const subject = `We received your message (${ticket.reference})`;
  const body: EmailBody = {
    greeting: `Hi ${ticket.name},`,
    paragraphs: [
      `Thank you for writing to us about “${ticket.subject}”. Your reference is ${ticket.reference}.`,
      `Our support team will reply to this address within two business days, by ${replyDate(ticket.expectedReplyBy)} at the latest.`,
      `Please quote ${ticket.reference} if you write to us again about this.`,
    ],
    action: { label: 'Visit the help center', url: `${input.publicUrl}/help-center/` },
    footnotes: ['If you did not send this message, you can ignore this email: nothing else will follow.'],
  };
  return { purpose: 'contact-received', subject, text: renderText(body), html: renderHtml(subject, body) };
}
