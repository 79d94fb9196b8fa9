import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, type ProfileRow, type ProviderReferenceRow, type UserRow } from '../../db/schema';
import { conflict, notFound, rateLimited, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { hashToken } from '../../plugins/tokens';
import {
  refreshListing,
  findProfile,
  hasSection,
  lockProfile,
  saveSection,
  sectionData,
  SECTION,
  businessNextStep,
  loadProviderState,
  publicPersonName,
} from '../providers';
import { imageUrl } from '../uploads/service';
import { reviewInvitation } from './email';
import * as queries from './queries';
import {
  businessReferenceView,
  FREELANCER_RESENDS,
  freelancerReferenceView,
  freelancerStatus,
  LINK_LIFETIME_MS,
  ratingOf,
  requestOf,
  RESEND_INTERVAL_MS,
  reviewRequestView,
  reviewStatus,
  reviewView,
  type ReferenceRequest,
  type ReviewResponse,
} from './views';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
type Provider = UserRow & { accountType: 'freelancer' | 'business' };

/** The most items one F09 answer lists (the contract's bound), newest first. */
const MAX_LISTED = 200;
/** How many references a business may have. */
const MAX_BUSINESS_REFERENCES = 50;

const ALREADY_ASKED = 'You already asked this person for a review in the last 30 days.';
const OWN_EMAIL = 'is your own email: ask someone you worked with';
const LINK_CLOSED = 'This review link was already used or has expired. Ask for a new link.';
const LINK_UNKNOWN = 'We could not find this review link.';
const REFERENCE_UNKNOWN = 'We could not find this reference.';

/** What the business details section holds that an invitation shows. */
interface BusinessDetails {
  companyName?: string;
  tagline?: string;
  logo?: string | null;
}

/** One person to invite, as every asking call describes them. */
interface Invitee {
  /** The body's path of the email field, for a 400. */
  field: string;
  name: string;
  email: string;
  kind: 'review' | 'reference';
  request: ReferenceRequest;
}

/** A link secret (256 random bits, base64url: 43 characters) and its expiry; only the hash is stored. */
function newLink(now: Date) {
  const secret = randomBytes(32).toString('base64url');
  return { secret, tokenHash: hashToken(secret), sentAt: now, expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS) };
}

const trimmedOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

const fullName = (user: UserRow) => [user.firstname?.trim(), user.lastname?.trim()].filter(Boolean).join(' ');

/** The name a reviewer knows the provider by: the company, or the freelancer's full name. */
function providerName(user: UserRow, profile: ProfileRow | null): string {
  if (user.accountType === 'business') {
    return sectionData<BusinessDetails>(profile, SECTION.businessDetails)?.companyName ?? user.companyname ?? '';
  }
  return fullName(user);
}

/** The provider's own addresses (the account's, and a business's personal contact), lower case. */
function ownEmails(user: UserRow, profile: ProfileRow | null): Set<string> {
  const emails = new Set([user.email.toLowerCase()]);
  const contact = sectionData<{ email?: string | null }>(profile, SECTION.personalContact);
  if (contact?.email) emails.add(contact.email.toLowerCase());
  return emails;
}

/** Reviews and references by token link, for freelancers and businesses (B14-B17, F09-F11, G08-G10). */
export const referenceService = perApp((deps: Pick<AppDeps, 'db' | 'email' | 'rateLimits' | 'config' | 'log'>) => {
  const db = deps.db;

  async function providerOf(tx: Database, userId: string): Promise<Provider> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || user.accountType === 'client') throw notFound();
    return user as Provider;
  }

  const reviewLink = (provider: UserRow, secret: string) =>
    `${deps.config.publicUrl}/${provider.accountType}/review/${secret}/leave/`;

  /** Emails each new link once the rows are committed; a failed send is logged (the link can be resent). */
  async function sendLinks(
    provider: UserRow,
    profile: ProfileRow | null,
    sent: { row: ProviderReferenceRow; secret: string }[],
    resent = false,
  ) {
    const name = providerName(provider, profile);
    await Promise.all(
      sent.map(async ({ row, secret }) => {
        const request = requestOf(row);
        try {
          await deps.email.send({
            to: row.email,
            ...reviewInvitation({
              reviewerName: row.name,
              providerName: name,
              kind: row.kind,
              message: request.message ?? null,
              projectSummary: request.projectSummary ?? null,
              link: reviewLink(provider, secret),
              resent,
            }),
          });
        } catch (error) {
          deps.log.error({ err: error }, 'a review invitation could not be sent');
        }
      }),
    );
  }

  /** 400 for an own or repeated address in one call. */
  function checkAddresses(invitees: Invitee[], own: Set<string>) {
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    for (const invitee of invitees) {
      const email = invitee.email.toLowerCase();
      if (own.has(email)) errors.push({ field: invitee.field, message: OWN_EMAIL });
      else if (seen.has(email)) errors.push({ field: invitee.field, message: 'is already in this list' });
      seen.add(email);
    }
    if (errors.length > 0) throw validationFailed(errors);
  }

  async function checkNotAsked(tx: Database, provider: UserRow, invitees: Invitee[], now: Date) {
    const since = new Date(now.getTime() - LINK_LIFETIME_MS);
    const asked = await queries.recentlyAsked(
      tx,
      provider.id,
      invitees.map((invitee) => invitee.email.toLowerCase()),
      since,
      now,
    );
    if (asked.size > 0) throw conflict(ALREADY_ASKED);
  }

  /**
   * Checks, counts against the daily allowance, stores and emails the invitations. `guard` runs
   * under the profile lock before anything is written (the "set once" and "at most 50" rules);
   * `after` runs in the same transaction once the rows are in.
   */
  async function invite<T>(
    userId: string,
    invitees: Invitee[],
    options: {
      ownEmail: 'validation' | 'conflict';
      guard?: (tx: Database, provider: Provider) => Promise<void>;
      after: (tx: Database, provider: Provider, rows: ProviderReferenceRow[]) => Promise<T>;
    },
  ): Promise<T> {
    const now = new Date();
    const cleaned = invitees.map((invitee) => ({
      ...invitee,
      name: invitee.name.trim(),
      email: invitee.email.trim(),
    }));
    const nameErrors = cleaned
      .filter((invitee) => invitee.name.length < 2)
      .map((invitee) => ({
        field: invitee.field.replace(/email$/, 'name'),
        message: 'must have at least 2 characters',
      }));
    if (nameErrors.length > 0) throw validationFailed(nameErrors);

    const provider = await providerOf(db, userId);
    const own = ownEmails(provider, await findProfile(db, provider.id));
    if (options.ownEmail === 'conflict' && cleaned.some((invitee) => own.has(invitee.email.toLowerCase()))) {
      throw conflict('You cannot ask yourself for a review.');
    }
    checkAddresses(cleaned, own);
    // The cheap refusals first, so a call that cannot succeed does not use up the allowance.
    await options.guard?.(db, provider);
    await checkNotAsked(db, provider, cleaned, now);
    for (let i = 0; i < cleaned.length; i += 1) await deps.rateLimits.consume('reviewInvitation', provider.id);

    const links = cleaned.map(() => newLink(now));
    const { result, rows, profile } = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await lockProfile(tx, provider);
      await options.guard?.(tx, provider);
      await checkNotAsked(tx, provider, cleaned, now);
      const inserted = await queries.insertReferences(
        tx,
        cleaned.map((invitee, index) => ({
          providerId: provider.id,
          kind: invitee.kind,
          tokenHash: links[index]!.tokenHash,
          name: invitee.name,
          email: invitee.email,
          status: 'pending' as const,
          visible: true,
          request: invitee.request as Record<string, unknown>,
          sentAt: now,
          expiresAt: links[index]!.expiresAt,
          createdAt: now,
        })),
      );
      // Inserted in the order given; the hash ties each row back to its secret.
      const ordered = links.map((link) => inserted.find((row) => row.tokenHash === link.tokenHash)!);
      return {
        result: await options.after(tx, provider, ordered),
        rows: ordered,
        profile: await findProfile(tx, provider.id),
      };
    });
    await sendLinks(
      provider,
      profile,
      rows.map((row, index) => ({ row, secret: links[index]!.secret })),
    );
    return result;
  }

  const referenceInvitee = (input: Schemas['BusinessReferenceInput'], field: string): Invitee => ({
    field,
    name: input.name,
    email: input.email,
    kind: 'reference',
    request: {
      company: trimmedOrNull(input.company),
      relationship: input.relationship,
      projectSummary: trimmedOrNull(input.projectSummary),
    },
  });

  /** 409 when the reference has a review already; 429 within a day of the last send or past the resends allowed. */
  function checkResend(row: ProviderReferenceRow, now: Date, maxResends?: number) {
    if (row.status === 'submitted') throw conflict('This review was already submitted: its link cannot be resent.');
    const wait = row.sentAt.getTime() + RESEND_INTERVAL_MS - now.getTime();
    if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
    if (maxResends !== undefined && (requestOf(row).resends ?? 0) >= maxResends) {
      throw rateLimited(RESEND_INTERVAL_MS / 1000);
    }
  }

  async function resend(userId: string, id: string, maxResends?: number): Promise<ProviderReferenceRow> {
    const now = new Date();
    const provider = await providerOf(db, userId);
    const found = await queries.findOwnedReference(db, provider.id, id);
    if (!found) throw notFound(REFERENCE_UNKNOWN);
    checkResend(found, now, maxResends);
    await deps.rateLimits.consume('reviewInvitation', provider.id);
    const link = newLink(now);
    const { row, profile } = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await lockProfile(tx, provider);
      const current = await queries.findOwnedReference(tx, provider.id, id);
      if (!current) throw notFound(REFERENCE_UNKNOWN);
      checkResend(current, now, maxResends);
      const request = { ...requestOf(current), resends: (requestOf(current).resends ?? 0) + 1 };
      const renewed = await queries.renewLink(tx, id, {
        tokenHash: link.tokenHash,
        sentAt: now,
        expiresAt: link.expiresAt,
        request: request as Record<string, unknown>,
      });
      if (!renewed) throw conflict('This review was already submitted: its link cannot be resent.');
      return { row: renewed, profile: await findProfile(tx, provider.id) };
    });
    await sendLinks(provider, profile, [{ row, secret: link.secret }], true);
    return row;
  }

  async function setVisibility(userId: string, id: string, visible: boolean): Promise<ProviderReferenceRow> {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const provider = await providerOf(tx, userId);
      const row = await queries.setVisible(tx, provider.id, id, visible);
      if (!row) {
        if (!(await queries.findOwnedReference(tx, provider.id, id))) throw notFound(REFERENCE_UNKNOWN);
        throw conflict('This reference has no review yet: only a submitted review can be shown or hidden.');
      }
      await refreshListing(tx, provider.id);
      return row;
    });
  }

  /** The open invitation a token names; 404 for an unknown token, 409 for a used or expired one. */
  async function openInvitation(token: string, now: Date): Promise<ProviderReferenceRow> {
    const row = await queries.findByTokenHash(db, hashToken(token));
    if (!row) throw notFound(LINK_UNKNOWN);
    if (reviewStatus(row, now) !== 'requested') throw conflict(LINK_CLOSED);
    return row;
  }

  async function invitationProvider(user: UserRow): Promise<Schemas['ProviderReviewInvitationProvider']> {
    const profile = await findProfile(db, user.id);
    const imageOf = (id: string | null | undefined) => imageUrl(db, id);
    if (user.accountType === 'business') {
      const details = sectionData<BusinessDetails>(profile, SECTION.businessDetails);
      return {
        kind: 'business',
        displayName: providerName(user, profile),
        avatarUrl: await imageOf(profile?.imageId),
        tagline: details?.tagline ?? profile?.tagline ?? null,
        companyId: user.companyId,
        uid: null,
        profileUrl: `/business/${user.companyId}/`,
      };
    }
    return {
      kind: 'freelancer',
      displayName: publicPersonName(user),
      avatarUrl: await imageOf(profile?.imageId),
      tagline: profile?.tagline ?? null,
      companyId: null,
      uid: user.id,
      profileUrl: `/freelancer/${user.id}/`,
    };
  }

  return {
    /** B14: the first references, once; marks the onboarding step done. */
    setBusinessReferences: (userId: string, input: Schemas['BusinessReferencesInput']) =>
      invite(
        userId,
        input.references.map((reference, index) => referenceInvitee(reference, `references.${index}.email`)),
        {
          ownEmail: 'validation',
          guard: async (tx, provider) => {
            if (hasSection(await findProfile(tx, provider.id), SECTION.referencesStep)) {
              throw conflict('Your first references are already saved. Add more from your profile instead.');
            }
          },
          after: async (tx, provider, rows) => {
            await saveSection(tx, provider, SECTION.referencesStep, { referenceIds: rows.map((row) => row.id) });
            await refreshListing(tx, provider.id);
            const now = new Date();
            return {
              references: rows.map((row) => businessReferenceView(row, now)),
              nextStep: businessNextStep(
                await loadProviderState(tx, provider),
              ) as Schemas['BusinessOnboardingNextStep'],
            };
          },
        },
      ),

    /** B15: one more reference, up to 50. */
    addBusinessReference: (userId: string, input: Schemas['BusinessReferenceInput']) =>
      invite(userId, [referenceInvitee(input, 'email')], {
        ownEmail: 'validation',
        guard: async (tx, provider) => {
          if ((await queries.countReferences(tx, provider.id, 'reference')) >= MAX_BUSINESS_REFERENCES) {
            throw conflict(`You have ${MAX_BUSINESS_REFERENCES} references, the most a business may have.`);
          }
        },
        after: async (_tx, _provider, rows) => businessReferenceView(rows[0]!, new Date()),
      }),

    /** G09: a review invitation from a freelancer or a business. */
    askForReview: (userId: string, input: Schemas['ProviderReviewAskInput']) =>
      invite(
        userId,
        [
          {
            field: 'email',
            name: input.name,
            email: input.email,
            kind: 'review',
            request: { company: trimmedOrNull(input.company), message: trimmedOrNull(input.message) },
          },
        ],
        { ownEmail: 'conflict', after: async (_tx, _provider, rows) => reviewRequestView(rows[0]!, new Date()) },
      ),

    /** B16. */
    async resendBusinessLink(userId: string, id: string) {
      return businessReferenceView(await resend(userId, id), new Date());
    },
    /** F10: at most five resends. */
    async resendFreelancerLink(userId: string, id: string) {
      return freelancerReferenceView(await resend(userId, id, FREELANCER_RESENDS), new Date());
    },

    /** B17. */
    async setBusinessVisibility(userId: string, id: string, visible: boolean) {
      return businessReferenceView(await setVisibility(userId, id, visible), new Date());
    },
    /** F11. */
    async setFreelancerVisibility(userId: string, id: string, visible: boolean) {
      return freelancerReferenceView(await setVisibility(userId, id, visible), new Date());
    },

    /** F09: every review the freelancer asked for, optionally of one status, and the counts over all. */
    async listFreelancerReferences(
      userId: string,
      status: Schemas['FreelancerReferenceStatus'] | undefined,
    ): Promise<Schemas['FreelancerReferenceList']['data']> {
      const now = new Date();
      const rows = await queries.listReferences(db, userId);
      const views = rows.map((row) => freelancerReferenceView(row, now));
      const counts = { requested: 0, expired: 0, submitted: 0, verified: 0 };
      for (const row of rows) counts[freelancerStatus(row, now)] += 1;
      return {
        items: (status ? views.filter((view) => view.status === status) : views).slice(0, MAX_LISTED),
        summary: {
          total: rows.length,
          ...counts,
          hidden: rows.filter((row) => row.status === 'submitted' && !row.visible).length,
          rating: ratingOf(rows),
        },
      };
    },

    /** G08: what the review page shows before the form. */
    async invitation(token: string): Promise<Schemas['ProviderReviewInvitation']> {
      const now = new Date();
      const row = await openInvitation(token, now);
      const [provider] = await db.select().from(users).where(eq(users.id, row.providerId)).limit(1);
      if (!provider) throw notFound(LINK_UNKNOWN);
      const request = requestOf(row);
      return {
        provider: await invitationProvider(provider),
        reviewerName: row.name,
        company: request.company ?? null,
        message: request.message ?? null,
        projectSummary: request.projectSummary ?? null,
        status: 'requested',
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /** G10: stores the review and closes the link; of two racing submits exactly one succeeds. */
    async submit(token: string, input: Schemas['ProviderReviewSubmitInput']): Promise<Schemas['ProviderReview']> {
      const errors: FieldError[] = [];
      const text = (field: string, value: string, min: number) => {
        const trimmed = value.trim();
        if (trimmed.length < min) errors.push({ field, message: `must have at least ${min} characters` });
        return trimmed;
      };
      const title = text('title', input.title, 3);
      const body = text('text', input.text, 20);
      const reviewerName = text('reviewerName', input.reviewerName, 2);
      if (errors.length > 0) throw validationFailed(errors);

      const now = new Date();
      await openInvitation(token, now);
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const hash = hashToken(token);
        const current = await queries.findByTokenHash(tx, hash);
        if (!current) throw notFound(LINK_UNKNOWN);
        const request = requestOf(current);
        const response: ReviewResponse = {
          title,
          text: body,
          reviewerName,
          reviewerRole: trimmedOrNull(input.reviewerRole),
          company: request.company ?? null,
          projectSummary: trimmedOrNull(input.projectSummary) ?? request.projectSummary ?? null,
          wouldRecommend: input.wouldRecommend,
        };
        const row = await queries.submitByToken(
          tx,
          hash,
          { rating: input.rating, response: response as unknown as Record<string, unknown> },
          now,
        );
        if (!row) throw conflict(LINK_CLOSED);
        await refreshListing(tx, row.providerId);
        return reviewView(row)!;
      });
    },
  };
});

export type ReferenceService = ReturnType<typeof referenceService>;

/**
 * The rating of each provider as their public page shows it (`ratingOf`: submitted, visible
 * reviews, the average to one decimal), for a page of providers at once; one query.
 */
export async function providerRatings(
  db: Database,
  providerIds: readonly string[],
): Promise<Map<string, Schemas['ProviderRating']>> {
  const ratings = new Map<string, Schemas['ProviderRating']>(
    providerIds.map((id) => [id, { average: null, count: 0 }]),
  );
  for (const row of await queries.ratingTotals(db, providerIds)) {
    if (row.count === 0) continue;
    ratings.set(row.providerId, { average: Math.round((row.total / row.count) * 10) / 10, count: row.count });
  }
  return ratings;
}
