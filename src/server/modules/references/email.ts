import { BRAND } from '../../../shared/brand';
import { renderHtml, renderText, type EmailBody, type EmailContent } from '../../email/layout';

/**
 * The invitation to review a provider (a reference a business named, or anyone a provider asked),
 * to the address the provider gave: who asks, their note, and the single-use link to the form.
 */
export function reviewInvitation(input: {
  reviewerName: string;
  providerName: string;
  kind: 'review' | 'reference';
  message: string | null;
  projectSummary: string | null;
  link: string;
  resent: boolean;
}): EmailContent {
  const subject = `${input.providerName} asked you for a review on ${BRAND.productName}`;
  const asks =
    input.kind === 'reference'
      ? `${input.providerName} named you as a reference on ${BRAND.productName} and would value a short review of your work together.`
      : `${input.providerName} would value a short review of your work together on ${BRAND.productName}.`;
  const body: EmailBody = {
    greeting: `Hi ${input.reviewerName},`,
    paragraphs: [
      asks,
      ...(input.message ? [`Their note: “${input.message}”`] : []),
      ...(input.projectSummary ? [`The project: ${input.projectSummary}`] : []),
      'It takes a couple of minutes: a rating, a title and a few sentences. No account is needed.',
    ],
    action: { label: 'Leave a review', url: input.link },
    footnotes: [
      input.resent
        ? 'This is a new link: the one sent before no longer works. It works once, for 30 days.'
        : 'The link works once, for 30 days.',
      `If you do not know ${input.providerName}, you can ignore this email: nothing else will follow.`,
    ],
  };
  return {
    purpose: 'review-invitation',
    subject,
    text: renderText(body),
    html: renderHtml(subject, body),
    link: input.link,
  };
}
