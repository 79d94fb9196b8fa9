import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { providerProjects, type ProviderProjectRow, type UploadRow } from '../../db/schema';
import type { components } from '../../generated/api';
import { downloadUrl, findUploads, toAttachment } from '../uploads/service';
import { type Taxonomy } from '../providers';
import { toolRefs, toolsById } from './lookups';
import type { ProjectImageData } from './project-files';
import { projectSizeRef } from './project-sizes';

type Schemas = components['schemas'];
export type ProjectView = Schemas['FreelancerProject'];
export type ProjectSummary = Schemas['FreelancerProjectSummary'];

/** What a project keeps in `data` besides its columns. */
export interface ProjectData {
  description: string;
  role: string | null;
  url: string | null;
  tools: number[];
  startedOn: string;
  completedOn: string | null;
  images: ProjectImageData[];
}

export const projectData = (row: ProviderProjectRow) => row.data as unknown as ProjectData;

const EXCERPT_LENGTH = 160;

/** The start of a text, cut at a word and ending in an ellipsis when longer. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** Everything the views of some projects read: their uploads and tools. */
interface ProjectContext {
  uploads: Map<string, UploadRow>;
  tools: Awaited<ReturnType<typeof toolsById>>;
  taxonomy: Taxonomy;
}

async function contextOf(db: Database, rows: ProviderProjectRow[], taxonomy: Taxonomy): Promise<ProjectContext> {
  const ids = rows.flatMap((row) => [...row.imageIds, ...row.fileIds]);
  // `db` may be a transaction: one query at a time on its connection.
  const uploadRows = await findUploads(db, ids);
  const tools = await toolsById(
    db,
    rows.flatMap((row) => projectData(row).tools ?? []),
  );
  return { uploads: new Map(uploadRows.map((row) => [row.id, row])), tools, taxonomy };
}

function imagesOf(row: ProviderProjectRow, context: ProjectContext): Schemas['FreelancerProjectImage'][] {
  const sizes = new Map((projectData(row).images ?? []).map((image) => [image.id, image]));
  return row.imageIds.flatMap((id) => {
    const upload = context.uploads.get(id);
    if (!upload) return [];
    const size = sizes.get(id);
    const url = downloadUrl(upload);
    return [
      {
        id,
        name: size?.name ?? upload.name,
        url,
        // No smaller copy is made yet: the stored image (at most 1920 px) serves as its thumbnail.
        thumbnailUrl: url,
        width: size?.width ?? 1,
        height: size?.height ?? 1,
        size: upload.size,
        contentType: 'image/webp' as const,
      },
    ];
  });
}

function view(row: ProviderProjectRow, context: ProjectContext): ProjectView {
  const data = projectData(row);
  return {
    id: row.id,
    service: { slug: row.family as Schemas['ProviderServiceFamilySlug'], label: context.taxonomy.label(row.family) },
    title: row.title,
    description: data.description,
    projectSize: projectSizeRef(row.projectSize),
    role: data.role ?? null,
    url: data.url ?? null,
    tools: toolRefs(context.tools, data.tools),
    startedOn: data.startedOn,
    completedOn: data.completedOn ?? null,
    images: imagesOf(row, context),
    files: row.fileIds.flatMap((id) => {
      const upload = context.uploads.get(id);
      return upload ? [toAttachment(upload)] : [];
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function summary(row: ProviderProjectRow, context: ProjectContext): ProjectSummary {
  const data = projectData(row);
  const images = imagesOf(row, context);
  return {
    id: row.id,
    service: { slug: row.family as Schemas['ProviderServiceFamilySlug'], label: context.taxonomy.label(row.family) },
    title: row.title,
    excerpt: excerpt(data.description),
    projectSize: projectSizeRef(row.projectSize),
    coverImageUrl: images[0]?.thumbnailUrl ?? null,
    tools: toolRefs(context.tools, data.tools),
    startedOn: data.startedOn,
    completedOn: data.completedOn ?? null,
    imageCount: row.imageIds.length,
    fileCount: row.fileIds.length,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function projectViews(db: Database, rows: ProviderProjectRow[], taxonomy: Taxonomy) {
  const context = await contextOf(db, rows, taxonomy);
  return rows.map((row) => view(row, context));
}

export async function projectSummaries(db: Database, rows: ProviderProjectRow[], taxonomy: Taxonomy) {
  const context = await contextOf(db, rows, taxonomy);
  return rows.map((row) => summary(row, context));
}

/** One of the user's projects, or null (another's project reads as none). */
export async function findOwnProject(db: Database, userId: string, id: string): Promise<ProviderProjectRow | null> {
  const [row] = await db
    .select()
    .from(providerProjects)
    .where(and(eq(providerProjects.id, id), eq(providerProjects.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Newest first by completion, ongoing ones first, then the newest created. */
const NEWEST_FIRST = [
  sql`(${providerProjects.data}->>'completedOn') IS NULL DESC`,
  sql`(${providerProjects.data}->>'completedOn') DESC`,
  desc(providerProjects.createdAt),
  desc(providerProjects.id),
];

/** A page of the user's projects of one family, with the total. */
export async function pageOfProjects(
  db: Database,
  userId: string,
  family: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: ProviderProjectRow[]; total: number }> {
  const where = and(eq(providerProjects.userId, userId), eq(providerProjects.family, family));
  // `db` may be a transaction: one query at a time on its connection.
  const rows = await db
    .select()
    .from(providerProjects)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [totals] = await db.select({ total: count() }).from(providerProjects).where(where);
  return { rows, total: totals?.total ?? 0 };
}

/** The newest project (by the same order) of each family, for cover images. */
export async function newestProjects(db: Database, userId: string): Promise<Map<string, ProviderProjectRow>> {
  const rows = await db
    .select()
    .from(providerProjects)
    .where(eq(providerProjects.userId, userId))
    .orderBy(...NEWEST_FIRST);
  const newest = new Map<string, ProviderProjectRow>();
  for (const row of rows) if (!newest.has(row.family)) newest.set(row.family, row);
  return newest;
}

export const paginationOf = (page: { page: number; pageSize: number }, total: number): Schemas['Pagination'] => ({
  page: page.page,
  pageSize: page.pageSize,
  total,
  totalPages: Math.ceil(total / page.pageSize),
});
