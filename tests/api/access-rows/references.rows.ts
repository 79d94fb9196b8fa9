import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { providerReferences } from '../../../src/server/db/schema';
import { hashToken } from '../../../src/server/plugins/tokens';
import { createAccount, uniqueEmail } from '../helpers';
import { businessOnly, everyone, freelancerOnly, providersOnly, type AccessRows } from './rows';

/** A valid reference body; each call names a new person. */
export const referenceBody = (name = 'Priya Raman') => ({
  name,
  email: uniqueEmail('reference'),
  company: 'Brightline Logistics',
  projectSummary: 'Rolling 18-month forecast and board pack automation in Adaptive Planning.',
  relationship: 'client',
});

/** A valid review, as the reviewer's form sends it. */
export const REVIEW_BODY = {
  rating: 5,
  title: 'Our month-end close went from nine days to four',
  text: 'They rebuilt our forecasting model and automated the board pack, and trained our analysts.',
  reviewerName: 'Priya Raman',
  reviewerRole: 'VP Finance',
  projectSummary: 'Rolling 18-month forecast and board pack automation.',
  wouldRecommend: true,
};

/** An open invitation of a new business, written straight into the table; answers its link token. */
export async function openInvitationToken(app: FastifyInstance): Promise<string> {
  const { user } = await createAccount(app, 'business', { verified: true });
  const token = randomBytes(32).toString('base64url');
  await app.db.insert(providerReferences).values({
    providerId: user.id,
    kind: 'review',
    tokenHash: hashToken(token),
    name: 'Priya Raman',
    email: uniqueEmail('reviewer'),
    visible: true,
    request: { company: 'Brightline Logistics', message: null },
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return token;
}

const INVITATION = '/api/account/provider/review-and-references';

/** Reviews and references by token link (B14-B17, F09-F11, G08-G10); a fresh account owns no reference: 404. */
export const rows: AccessRows = {
  setBusinessReferences: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/business/review-and-references/set/',
      payload: { references: [referenceBody()] },
    }),
    expected: businessOnly(200),
  },
  addBusinessReference: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/business/review-and-references/add/',
      payload: referenceBody(),
    }),
    expected: businessOnly(201),
  },
  resendBusinessReferenceLink: {
    request: async () => ({
      method: 'PATCH',
      url: `/api/account/business/review-and-references/${randomUUID()}/verify-link/`,
    }),
    expected: businessOnly(404),
  },
  setBusinessReferenceVisibility: {
    request: async () => ({
      method: 'PATCH',
      url: `/api/account/business/review-and-references/${randomUUID()}/visibility/`,
      payload: { visible: false },
    }),
    expected: businessOnly(404),
  },
  listFreelancerReviewsAndReferences: {
    request: async () => ({ url: '/api/account/freelancer/review-and-references/' }),
    expected: freelancerOnly(200),
  },
  resendFreelancerReferenceLink: {
    request: async () => ({
      method: 'PATCH',
      url: `/api/account/freelancer/review-and-references/${randomUUID()}/verify-link/`,
    }),
    expected: freelancerOnly(404),
  },
  setFreelancerReferenceVisibility: {
    request: async () => ({
      method: 'PATCH',
      url: `/api/account/freelancer/review-and-references/${randomUUID()}/visibility/`,
      payload: { visible: false },
    }),
    expected: freelancerOnly(404),
  },
  getReviewInvitation: {
    request: async (app) => ({ url: `${INVITATION}/${await openInvitationToken(app)}/` }),
    expected: everyone(200),
  },
  askForReview: {
    request: async () => ({
      method: 'POST',
      url: `${INVITATION}/ask/`,
      payload: { name: 'Priya Raman', email: uniqueEmail('reviewer'), company: 'Brightline Logistics', message: null },
    }),
    expected: providersOnly(201),
  },
  submitReview: {
    request: async (app) => ({
      method: 'PATCH',
      url: `${INVITATION}/${await openInvitationToken(app)}/submit/`,
      payload: REVIEW_BODY,
    }),
    expected: everyone(200),
  },
};
