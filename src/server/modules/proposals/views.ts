import type { Database } from '../../db/database';
import type { ProposalRow, UserRow } from '../../db/schema';
import type { components } from '../../generated/api';
import { loadCompletionFacts, profileCompletion } from '../account';
import type { RequestCatalogue } from '../catalogue';
import { findProfile, publicPersonName, SECTION, sectionData } from '../providers';
import { conversationsOfPairs } from '../messages';
import { providerRatings } from '../references/service';
import { attachmentCounts, attachmentsOf, downloadUrlsById } from '../uploads/service';
import * as queries from './queries';

type Schemas = components['schemas'];
export type ProposalView = Schemas['Proposal'];
export type ProposalSummaryView = Schemas['ProposalSummary'];

/** The first 280 characters of the cover letter, cut at a word, with `…` when longer. */
export function coverLetterPreview(text: string, limit = 280): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** How a provider is named on proposals: a business by its company, a freelancer as on public pages. */
export function providerName(user: Pick<UserRow, 'accountType' | 'companyname' | 'firstname' | 'lastname'>): string {
  if (user.accountType === 'business') return user.companyname?.trim() || 'A business';
  return publicPersonName(user) || 'A freelancer';
}

/** A person's own name, for the greeting of an email to them. */
export const greetingName = (user: Pick<UserRow, 'accountType' | 'companyname' | 'firstname'>) =>
  (user.accountType === 'business' ? user.companyname : user.firstname)?.trim() || 'there';

interface ProviderFacts {
  summary: Schemas['UserSummary'];
  stats: Schemas['ProposalProviderStats'];
}

/**
 * What each proposal shows of its provider, for a page of proposals: names, avatars, ratings and
 * hires in a handful of queries whatever the page's length; the completion score per provider,
 * as the account module computes it.
 */
async function providerFacts(db: Database, providerIds: string[]): Promise<Map<string, ProviderFacts>> {
  const ids = [...new Set(providerIds)];
  const [people, ratings, hires] = await Promise.all([
    queries.usersByIds(db, ids),
    providerRatings(db, ids),
    queries.hiresOf(db, ids),
  ]);
  const profiles = await Promise.all(
    people.map(async (user) => {
      const profile = await findProfile(db, user.id);
      const completion = profileCompletion(await loadCompletionFacts(db, user)).score;
      const logo =
        user.accountType === 'business'
          ? sectionData<{ logo?: string | null }>(profile, SECTION.businessDetails)?.logo
          : null;
      return { user, imageId: logo ?? profile?.imageId ?? null, completion };
    }),
  );
  const avatars = await downloadUrlsById(
    db,
    profiles.map((entry) => entry.imageId).filter((id): id is string => id !== null),
  );
  const facts = new Map<string, ProviderFacts>();
  for (const { user, imageId, completion } of profiles) {
    const rating = ratings.get(user.id) ?? { average: null, count: 0 };
    facts.set(user.id, {
      summary: {
        id: user.id,
        accountType: user.accountType,
        displayName: providerName(user),
        avatarUrl: imageId ? (avatars.get(imageId) ?? null) : null,
        companyId: user.companyId ?? null,
      },
      stats: {
        rating: rating.average,
        reviewCount: rating.count,
        profileCompletion: Math.max(0, Math.min(100, Math.round(completion))),
        hires: hires.get(user.id) ?? 0,
      },
    });
  }
  return facts;
}

/** The contract's Option of a duration slug (the slug itself as its label when the catalogue lost it). */
async function durationOptions(catalogue: RequestCatalogue): Promise<(slug: string) => Schemas['Option']> {
  const labels = await catalogue.labels('project-duration');
  return (slug) => {
    const found = labels.get(slug);
    return found ? { id: found.id, slug: found.slug, label: found.label } : { id: 0, slug, label: slug };
  };
}

const requestTitle = (request: queries.RequestFacts): Schemas['ServiceRequestTitle'] => ({
  id: request.id,
  refId: request.refId as Schemas['ServiceRequestTitle']['refId'],
  title: request.title,
});

/** Proposals in full, as their provider and the request's client see them. */
export async function proposalViews(
  db: Database,
  catalogue: RequestCatalogue,
  rows: ProposalRow[],
): Promise<ProposalView[]> {
  if (rows.length === 0) return [];
  const [requests, providers, duration, files] = await Promise.all([
    queries.requestsByIds(
      db,
      rows.map((row) => row.requestId),
    ),
    providerFacts(
      db,
      rows.map((row) => row.providerId),
    ),
    durationOptions(catalogue),
    Promise.all(rows.map((row) => attachmentsOf(db, 'proposal', row.id))),
  ]);
  // The conversation of the request's client and the provider about the request, for the page at once.
  const pairOf = (row: ProposalRow) => ({
    requestId: row.requestId,
    one: requests.get(row.requestId)!.clientId,
    other: row.providerId,
  });
  const conversationOf = await conversationsOfPairs(db, rows.map(pairOf));
  return rows.map((row, index) => {
    const provider = providers.get(row.providerId)!;
    const conversationId = conversationOf(pairOf(row));
    return {
      id: row.id,
      request: requestTitle(requests.get(row.requestId)!),
      provider: provider.summary,
      providerStats: provider.stats,
      coverLetter: row.coverLetter,
      price: { amount: row.amount, currency: row.currency },
      priceType: row.priceType,
      estimatedDuration: duration(row.estimatedDuration),
      milestones: row.milestones,
      attachments: files[index]!,
      status: row.status,
      conversation: conversationId ? { id: conversationId } : null,
      declineReason: row.declineReason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function proposalView(db: Database, catalogue: RequestCatalogue, row: ProposalRow): Promise<ProposalView> {
  return (await proposalViews(db, catalogue, [row]))[0]!;
}

/** Rows of a proposal list, with their request, provider and counts in a few queries. */
export async function proposalSummaries(
  db: Database,
  catalogue: RequestCatalogue,
  rows: ProposalRow[],
): Promise<ProposalSummaryView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [requests, providers, duration, files] = await Promise.all([
    queries.requestsByIds(
      db,
      rows.map((row) => row.requestId),
    ),
    providerFacts(
      db,
      rows.map((row) => row.providerId),
    ),
    durationOptions(catalogue),
    attachmentCounts(db, 'proposal', ids),
  ]);
  return rows.map((row) => {
    const provider = providers.get(row.providerId)!;
    return {
      id: row.id,
      request: requestTitle(requests.get(row.requestId)!),
      provider: provider.summary,
      providerStats: provider.stats,
      coverLetterPreview: coverLetterPreview(row.coverLetter),
      price: { amount: row.amount, currency: row.currency },
      priceType: row.priceType,
      estimatedDuration: duration(row.estimatedDuration),
      milestoneCount: row.milestones.length,
      attachmentCount: files.get(row.id) ?? 0,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
