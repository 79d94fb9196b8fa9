import { BRAND } from '../../../shared/brand';
import { renderHtml, renderText, type EmailBody, type EmailContent } from '../../email/layout';

interface RequestRef {
  refId: string;
  title: string;
}

function content(purpose: string, subject: string, body: EmailBody): EmailContent {
  return { purpose, subject, text: renderText(body), html: renderHtml(subject, body), link: body.action.url };
}

/**
 * To the request's client: a provider sent a proposal. A notice of the `proposal-digest` list (the
 * client can leave it), so it carries the list's unsubscribe link and headers.
 */
export function proposalReceived(input: {
  clientName: string;
  providerName: string;
  request: RequestRef;
  proposalCount: number;
  link: string;
  list: { unsubscribeUrl: string; headers: Record<string, string> };
}): EmailContent {
  const email = content('proposal-received', `New proposal on ${input.request.refId}`, {
    greeting: `Hi ${input.clientName},`,
    paragraphs: [
      `${input.providerName} sent a proposal on your request “${input.request.title}” (${input.request.refId}).`,
      input.proposalCount === 1
        ? 'It is the first proposal on this request.'
        : `Your request has ${input.proposalCount} proposals so far.`,
    ],
    action: { label: 'Compare the proposals', url: input.link },
    footnotes: [`You get this email because you posted this request on ${BRAND.productName}.`],
    unsubscribeUrl: input.list.unsubscribeUrl,
  });
  return { ...email, headers: input.list.headers };
}

/** To the provider the client hired. */
export function proposalAccepted(input: { providerName: string; request: RequestRef; link: string }): EmailContent {
  return content('proposal-accepted', `You are hired: ${input.request.refId}`, {
    greeting: `Hi ${input.providerName},`,
    paragraphs: [
      `Good news: the client accepted your proposal on “${input.request.title}” (${input.request.refId}).`,
      'Open your proposal to see the details and get in touch with the client.',
    ],
    action: { label: 'See your proposal', url: input.link },
    footnotes: [`You get this email because you sent this proposal on ${BRAND.productName}.`],
  });
}

export type DeclineCause = 'declined' | 'hired-another' | 'closed' | 'expired';

const DECLINE_TEXT: Record<DeclineCause, (request: RequestRef) => string> = {
  declined: (request) => `The client declined your proposal on “${request.title}” (${request.refId}).`,
  'hired-another': (request) =>
    `The client hired another provider for “${request.title}” (${request.refId}), so your proposal was declined.`,
  closed: (request) =>
    `The client closed the request “${request.title}” (${request.refId}) without hiring anyone, so your proposal was declined.`,
  expired: (request) =>
    `The request “${request.title}” (${request.refId}) expired without anyone being hired, so your proposal was declined.`,
};

const DECLINE_SUBJECT: Record<DeclineCause, (request: RequestRef) => string> = {
  declined: (request) => `Proposal declined: ${request.refId}`,
  'hired-another': (request) => `Proposal declined: ${request.refId}`,
  closed: (request) => `Request closed: ${request.refId}`,
  expired: (request) => `Request expired: ${request.refId}`,
};

/** To a provider whose proposal was declined: by the client, by a hire, or by the request's end. */
export function proposalDeclined(input: {
  providerName: string;
  request: RequestRef;
  cause: DeclineCause;
  reason: string | null;
  gemsReturned: number;
  link: string;
}): EmailContent {
  return content('proposal-declined', DECLINE_SUBJECT[input.cause](input.request), {
    greeting: `Hi ${input.providerName},`,
    paragraphs: [
      DECLINE_TEXT[input.cause](input.request),
      ...(input.reason ? [`The client wrote: “${input.reason}”`] : []),
      ...(input.gemsReturned > 0
        ? [`The ${input.gemsReturned} versigems you spent on it are back in your balance.`]
        : []),
      'There are new requests on the job board every day.',
    ],
    action: { label: 'See your proposal', url: input.link },
    footnotes: [`You get this email because you sent this proposal on ${BRAND.productName}.`],
  });
}
