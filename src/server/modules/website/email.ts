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
