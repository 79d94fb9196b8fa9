import { BRAND } from '../../../shared/brand';
import { renderHtml, renderText, type EmailBody, type EmailContent } from '../layout';

/** Sent on "forgot password": the link to choose a new password. */
export function resetPassword(input: { name: string; link: string }): EmailContent {
  const subject = `Reset your ${BRAND.productName} password`;
  const body: EmailBody = {
    greeting: `Hi ${input.name},`,
    paragraphs: [
      'We received a request to reset the password of your account. Choose a new password with the link below.',
    ],
    action: { label: 'Choose a new password', url: input.link },
    footnotes: [
      'The link works for 60 minutes and only once. Resetting the password signs you out everywhere.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
  };
  return {
    purpose: 'reset-password',
    subject,
    text: renderText(body),
    html: renderHtml(subject, body),
    link: input.link,
  };
}
