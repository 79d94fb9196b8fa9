import { renderHtml, renderText, type EmailBody, type EmailContent } from '../../email/layout';
import { replyDate } from '../../reply-time';
import type { components } from '../../generated/api';

type ProductRequestType = components['schemas']['ProductRequestType'];

const PRODUCTS: Record<ProductRequestType, { name: string; next: string; page: string }> = {
  netsuite: {
    name: 'NetSuite services',
    next: 'A NetSuite specialist will read your request and reply',
    page: '/products/netsuite/',
  },
  'react-hire': {
    name: 'React developers',
    next: 'We will read your request and reply with next steps, usually a call to plan a shortlist of developers,',
    page: '/products/react/',
  },
};

/**
 * The receipt of a product request, to the contact's address: the reference and when to expect
 * a reply. It repeats none of the answers, so an address typed in by someone else learns nothing.
 */
export function productRequestReceived(input: {
  type: ProductRequestType;
  firstname: string;
  refId: string;
  expectedReplyBy: Date;
  publicUrl: string;
}): EmailContent {
  const product = PRODUCTS[input.type];
  const subject = `We received your request for ${product.name} (${input.refId})`;
  const body: EmailBody = {
    greeting: `Hi ${input.firstname},`,
    paragraphs: [
      `Thank you for your request for ${product.name}. Your reference is ${input.refId}.`,
      `${product.next} within one business day, by ${replyDate(input.expectedReplyBy)} at the latest.`,
      `Please quote ${input.refId} if you write to us about this request.`,
    ],
    action: { label: `About our ${product.name}`, url: `${input.publicUrl}${product.page}` },
    footnotes: [`If you did not send this request, you can ignore this email: nothing else will follow.`],
  };
  return {
    purpose: `product-request-${input.type}`,
    subject,
    text: renderText(body),
    html: renderHtml(subject, body),
  };
}
