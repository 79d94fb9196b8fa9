import { BRAND } from '../../shared/brand';

/** One email, as every template returns it and the email plugin sends it. */
export interface EmailContent {
  /** Names the outbox file (`verify-email`), lower case and dashes. */
  purpose: string;
  subject: string;
  text: string;
  html: string;
  /** The link the email is about, logged beside outbox files so a person can click through. */
  link?: string;
  /** Extra headers (`List-Unsubscribe` on emails of a list a person can leave). */
  headers?: Record<string, string>;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

export interface EmailBody {
  greeting: string;
  /** Plain sentences; each becomes a paragraph. */
  paragraphs: string[];
  action: { label: string; url: string };
  /** Sentences after the button (why they got it, what to do if it was not them). */
  footnotes: string[];
  /** The link that leaves the email's list, for emails a person can stop. */
  unsubscribeUrl?: string;
}

const { colors } = BRAND;

/** The plain-text part: what a text-only client shows, with the link on a line of its own. */
export function renderText(body: EmailBody): string {
  return [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${body.action.label}:`,
    body.action.url,
    '',
    ...body.footnotes.flatMap((footnote) => [footnote, '']),
    ...(body.unsubscribeUrl ? ['Unsubscribe from these emails:', body.unsubscribeUrl, ''] : []),
    `— ${BRAND.productName}`,
    `Questions? Write to ${BRAND.supportEmail}.`,
    '',
  ].join('\n');
}

/** The HTML part: one column, inline styles (mail clients drop style sheets), the brand's colours. */
export function renderHtml(subject: string, body: EmailBody): string {
  const paragraph = (text: string, color: string = colors.text) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${color};">${escapeHtml(text)}</p>`;
  const url = escapeHtml(body.action.url);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${colors.background};font-family:Arial,Helvetica,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.background};padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px;border-bottom:3px solid ${colors.brand};font-size:22px;font-weight:bold;color:${colors.brand};">${escapeHtml(BRAND.productName)}</td></tr>
<tr><td style="padding:32px;">
${paragraph(body.greeting)}
${body.paragraphs.map((text) => paragraph(text)).join('\n')}
<p style="margin:24px 0;"><a href="${url}" style="display:inline-block;padding:12px 24px;background:${colors.brand};color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold;">${escapeHtml(body.action.label)}</a></p>
${paragraph('If the button does not work, copy this address into your browser:', colors.muted)}
<p style="margin:0 0 16px;font-size:14px;line-height:20px;word-break:break-all;"><a href="${url}" style="color:${colors.brandDark};">${url}</a></p>
${body.footnotes.map((text) => paragraph(text, colors.muted)).join('\n')}
${body.unsubscribeUrl ? `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${colors.muted};"><a href="${escapeHtml(body.unsubscribeUrl)}" style="color:${colors.brandDark};">Unsubscribe from these emails</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 32px;font-size:13px;line-height:20px;color:${colors.muted};border-top:1px solid #e3e8ef;">${escapeHtml(BRAND.productName)}, a division of ${escapeHtml(BRAND.parentCompany)}. Questions? <a href="mailto:${escapeHtml(BRAND.supportEmail)}" style="color:${colors.brandDark};">${escapeHtml(BRAND.supportEmail)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
