import { BRAND } from '../../../shared/brand';
import { renderHtml, renderText, type EmailBody, type EmailContent } from '../../email/layout';

/** To the new address of an email change: the 6-digit code that proves the person reads it. */
export function emailChangeCode(input: {
  name: string;
  code: string;
  minutes: number;
  publicUrl: string;
}): EmailContent {
  const subject = `Your ${BRAND.productName} code: ${input.code}`;
  const body: EmailBody = {
    greeting: `Hi ${input.name},`,
    paragraphs: [
      `You asked to use this address for your ${BRAND.productName} account. Enter this code in your settings to confirm it:`,
      input.code,
    ],
    action: { label: 'Open my settings', url: `${input.publicUrl}/dashboard/settings/` },
    footnotes: [
      `The code works for ${input.minutes} minutes. If you asked for a new one, only the newest code works.`,
      'If you did not ask for this, you can ignore this email: nothing changes without the code.',
    ],
  };
  return { purpose: 'email-change-code', subject, text: renderText(body), html: renderHtml(subject, body) };
}

/** To the previous address once the change is done, so a change nobody asked for is noticed. */
export function emailChangedNotice(input: { name: string; newEmail: string; publicUrl: string }): EmailContent {
  const subject = `Your ${BRAND.productName} email was changed`;
  const body: EmailBody = {
    greeting: `Hi ${input.name},`,
    paragraphs: [
      `The email of your ${BRAND.productName} account is now ${input.newEmail}. We will write to that address from now on.`,
    ],
    action: { label: 'Open my settings', url: `${input.publicUrl}/dashboard/settings/` },
    footnotes: [
      `If you did not make this change, write to ${BRAND.supportEmail} at once so we can secure your account.`,
    ],
  };
  return { purpose: 'email-changed', subject, text: renderText(body), html: renderHtml(subject, body) };
}
