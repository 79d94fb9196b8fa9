import { renderHtml, renderText, type EmailBody, type EmailContent } from '../../email/layout';

const formatMoney = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
const formatDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The receipt of one payment: what was bought, the amount, when, and the checkout's reference. */
export function paymentReceipt(input: {
  name: string;
  item: string;
  amount: number;
  currency: string;
  paidAt: Date;
  reference: string;
  /** "110 versigems were added to your balance." or "Your Pro plan is on until ...". */
  outcome: string;
  link: string;
}): EmailContent {
  const subject = `Your receipt: ${input.item}`;
  const body: EmailBody = {
    greeting: `Hi ${input.name},`,
    paragraphs: [
      `Thank you for your payment of ${formatMoney(input.amount, input.currency)} for ${input.item} on ${formatDate(input.paidAt)}.`,
      input.outcome,
      `Reference: ${input.reference}.`,
    ],
    action: { label: 'See your account', url: input.link },
    footnotes: ['Keep this email as your receipt. If you did not make this payment, reply to this email at once.'],
  };
  return { purpose: 'payment-receipt', subject, text: renderText(body), html: renderHtml(subject, body) };
}
