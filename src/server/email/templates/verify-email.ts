import { BRAND } from '../../../shared/brand';
import { renderHtml, renderText, type EmailBody, type EmailContent } from '../layout';

/** Sent at sign-up and on "resend": the link that verifies the account's email. */
export function verifyEmail(input: { name: string; link: string }): EmailContent {
  const subject = `Verify your email for ${BRAND.productName}`;
  const body: EmailBody = {
    greeting: `Hi ${input.name},`,
    paragraphs: [`Welcome to ${BRAND.productName}. Please confirm that this is your email address.`],
    action: { label: 'Verify my email', url: input.link },
    footnotes: [
      'The link works for 24 hours. If you asked for a new one, only the newest link works.',
      `If you did not create a ${BRAND.productName} account, you can ignore this email.`,
    ],
  };
  return {
    purpose: 'verify-email',
    subject,
    text: renderText(body),
    html: renderHtml(subject, body),
    link: input.link,
  };
}
