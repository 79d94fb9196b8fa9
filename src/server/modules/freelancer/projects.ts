import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { MultipartBody, Upload } from '../../contract/multipart';
import type { Database } from '../../db/database';
import { validateFormBody } from '../../forms/body-forms';
import { providerProjects, type ProviderProjectRow } from '../../db/schema';
import { conflict, notFound, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { refreshListing, accountOf, lockProfile, listProviderServices, loadTaxonomy } from '../providers';
import { deleteUploads, uploadService, type UploadDeps } from '../uploads/service';
import { checkTools } from './lookups';
import {
  attachStaged,
  MAX_FILES,
  MAX_IMAGES,
  precheckFiles,
  PROJECT_TARGET,
  stageFiles,
  type StagedFiles,
} from './project-files';
import {
  findOwnProject,
  pageOfProjects,
  paginationOf,
  projectData,
  projectSummaries,
  projectViews,
  type ProjectData,
} from './project-views';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
type CreateFields = Omit<Schemas['FreelancerProjectCreateInput'], 'images' | 'files'>;
type UpdateFields = Omit<Schemas['FreelancerProjectUpdateInput'], 'images' | 'files'>;

export const MAX_PROJECTS = 100;

/** A repeated multipart field as a list, whether it came once or several times. */
export const listOf = <T>(value: unknown): T[] | undefined =>
  value === undefined ? undefined : ((Array.isArray(value) ? value : [value]) as T[]);

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Neither date in the future, and the end not before the start; the errors name `fields` (the
 * project form's own unless told).
 */
export function checkDates(
  startedOn: string,
  completedOn: string | null,
  fields = { startedOn: 'startedOn', completedOn: 'completedOn' },
): FieldError[] {
  const errors: FieldError[] = [];
  const now = today();
  if (startedOn > now) errors.push({ field: fields.startedOn, message: 'must not be in the future' });
  if (completedOn !== null) {
    if (completedOn > now) errors.push({ field: fields.completedOn, message: 'must not be in the future' });
    else if (completedOn < startedOn)
      errors.push({ field: fields.completedOn, message: `must not be before ${fields.startedOn}` });
  }
  return errors;
}

async function projectTotal(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(providerProjects).where(eq(providerProjects.userId, userId));
  return row?.total ?? 0;
}

/** A 409 when the freelancer already has the most projects allowed. */
export async function ensureRoomForProject(db: Database, userId: string): Promise<void> {
  if ((await projectTotal(db, userId)) >= MAX_PROJECTS) {
    throw conflict(`You already have ${MAX_PROJECTS} projects. Remove one before adding another.`);
  }
}

/** A 400 on `serviceSlug` unless the family is the primary service or one of the other services. */
async function checkOwnService(db: Database, userId: string, family: string): Promise<FieldError[]> {
  const services = await listProviderServices(db, userId);
  return services.some((service) => service.family === family)
    ? []
    : [{ field: 'serviceSlug', message: 'is not one of your services' }];
}

export interface NewProject {
  family: string;
  title: string;
  projectSize: string;
  data: Omit<ProjectData, 'images'>;
}

/**
 * Writes a project with its staged files, inside the caller's transaction (the caller holds the
 * profile lock and has checked the project count).
 */
export async function insertProject(
  db: Database,
  userId: string,
  project: NewProject,
  staged: StagedFiles,
): Promise<ProviderProjectRow> {
  const id = randomUUID();
  const fileIds = await attachStaged(db, staged, id);
  const now = new Date();
  const [row] = await db
    .insert(providerProjects)
    .values({
      id,
      userId,
      family: project.family,
      title: project.title,
      projectSize: project.projectSize,
      data: { ...project.data, images: staged.images } as unknown as Record<string, unknown>,
      imageIds: staged.images.map((image) => image.id),
      fileIds,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** Portfolio projects of the signed-in freelancer (F03, F04, F12, F13). */
export const projectService = perApp((deps: Pick<AppDeps, 'db' | 'formsDir'> & UploadDeps) => {
  const db = deps.db;

  /** Stores the files, runs `write` in a transaction; when anything fails, no file stays. */
  async function withStagedFiles<T>(
    userId: string,
    images: Upload[],
    files: Upload[],
    write: (tx: Database, staged: StagedFiles) => Promise<T>,
  ): Promise<T> {
    await precheckFiles(images, files);
    const staged = await stageFiles(deps, userId, images, files);
    try {
      return await db.transaction(async (transaction) => write(transaction as unknown as Database, staged));
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }

  return {
    async add(userId: string, body: MultipartBody): Promise<Schemas['FreelancerProject']> {
      const { files, ...fields } = body;
      const formErrors = validateFormBody(deps.formsDir, 'addFreelancerProject', fields);
      if (formErrors) throw validationFailed(formErrors);
      const input = fields as unknown as CreateFields;
      const images = files.images ?? [];
      const documents = files.files ?? [];
      const tools = listOf<number>(input.tools) ?? [];
      const errors = [
        ...(await checkOwnService(db, userId, input.serviceSlug)),
        ...(await checkTools(db, tools)),
        ...checkDates(input.startedOn, input.completedOn ?? null),
      ];
      if (images.length === 0) errors.push({ field: 'images', message: 'must hold at least one image' });
      if (images.length > MAX_IMAGES)
        errors.push({ field: 'images', message: `must hold at most ${MAX_IMAGES} images` });
      if (documents.length > MAX_FILES)
        errors.push({ field: 'files', message: `must hold at most ${MAX_FILES} files` });
      if (errors.length > 0) throw validationFailed(errors);
      await ensureRoomForProject(db, userId);
      const taxonomy = await loadTaxonomy(db);

      return withStagedFiles(userId, images, documents, async (tx, staged) => {
        const user = await accountOf(tx, userId);
        await lockProfile(tx, user);
        await ensureRoomForProject(tx, userId);
        const serviceErrors = await checkOwnService(tx, userId, input.serviceSlug);
        if (serviceErrors.length > 0) throw validationFailed(serviceErrors);
        const row = await insertProject(
          tx,
          userId,
          {
            family: input.serviceSlug,
            title: input.title,
            projectSize: input.projectSize,
            data: {
              description: input.description,
              role: input.role ?? null,
              url: input.url ?? null,
              tools,
              startedOn: input.startedOn,
              completedOn: input.completedOn ?? null,
            },
          },
          staged,
        );
        await refreshListing(tx, userId);
        return (await projectViews(tx, [row], taxonomy))[0]!;
      });
    },

    async update(userId: string, id: string, body: MultipartBody): Promise<Schemas['FreelancerProject']> {
      const existing = await findOwnProject(db, userId, id);
      if (!existing) throw notFound('We could not find this project.');
      const { files, ...fields } = body;
      const input = fields as unknown as UpdateFields;
      const images = files.images ?? [];
      const documents = files.files ?? [];
      const clear = listOf<Schemas['FreelancerProjectClearableField']>(input.clearFields) ?? [];
      const remove = (listOf<string>(input.removeAttachmentIds) ?? []).map((value) => value.toLowerCase());
      const tools = listOf<number>(input.tools);
      if (Object.keys(fields).length === 0 && images.length === 0 && documents.length === 0) {
        throw validationFailed([{ field: 'body', message: 'must change at least one field' }]);
      }

      const errors: FieldError[] = [];
      if (input.serviceSlug !== undefined) errors.push(...(await checkOwnService(db, userId, input.serviceSlug)));
      if (tools) errors.push(...(await checkTools(db, tools)));
      clear.forEach((field, index) => {
        if (input[field] !== undefined) {
          errors.push({ field: `clearFields.${index}`, message: `cannot clear ${field} while setting it` });
        }
      });
      const data = projectData(existing);
      remove.forEach((attachmentId, index) => {
        if (!existing.imageIds.includes(attachmentId) && !existing.fileIds.includes(attachmentId)) {
          errors.push({ field: `removeAttachmentIds.${index}`, message: 'is not an image or file of this project' });
        }
      });
      const startedOn = input.startedOn ?? data.startedOn;
      const completedOn = clear.includes('completedOn') ? null : (input.completedOn ?? data.completedOn ?? null);
      errors.push(...checkDates(startedOn, completedOn));
      const keptImages = existing.imageIds.filter((imageId) => !remove.includes(imageId));
      const keptFiles = existing.fileIds.filter((fileId) => !remove.includes(fileId));
      const imageTotal = keptImages.length + images.length;
      if (imageTotal < 1) errors.push({ field: 'images', message: 'the project must keep at least one image' });
      if (imageTotal > MAX_IMAGES)
        errors.push({ field: 'images', message: `the project may have at most ${MAX_IMAGES} images` });
      if (keptFiles.length + documents.length > MAX_FILES) {
        errors.push({ field: 'files', message: `the project may have at most ${MAX_FILES} files` });
      }
      if (errors.length > 0) throw validationFailed(errors);
      const taxonomy = await loadTaxonomy(db);

      const { row, removedKeys } = await withStagedFiles(userId, images, documents, async (tx, staged) => {
        const user = await accountOf(tx, userId);
        await lockProfile(tx, user);
        const current = await findOwnProject(tx, userId, id);
        if (!current) throw notFound('We could not find this project.');
        if (input.serviceSlug !== undefined) {
          const serviceErrors = await checkOwnService(tx, userId, input.serviceSlug);
          if (serviceErrors.length > 0) throw validationFailed(serviceErrors);
        }
        const removed = remove.length
          ? await deleteUploads(tx, { ids: remove, attachedTo: { type: PROJECT_TARGET, id } })
          : [];
        const newFileIds = await attachStaged(tx, staged, id);
        const currentData = projectData(current);
        const next: ProjectData = {
          description: input.description ?? currentData.description,
          role: clear.includes('role') ? null : (input.role ?? currentData.role ?? null),
          url: clear.includes('url') ? null : (input.url ?? currentData.url ?? null),
          tools: clear.includes('tools') ? [] : (tools ?? currentData.tools ?? []),
          startedOn,
          completedOn,
          images: [...(currentData.images ?? []).filter((image) => !remove.includes(image.id)), ...staged.images],
        };
        const [saved] = await tx
          .update(providerProjects)
          .set({
            family: input.serviceSlug ?? current.family,
            title: input.title ?? current.title,
            projectSize: input.projectSize ?? current.projectSize,
            data: next as unknown as Record<string, unknown>,
            imageIds: [
              ...current.imageIds.filter((imageId) => !remove.includes(imageId)),
              ...staged.images.map((image) => image.id),
            ],
            fileIds: [...current.fileIds.filter((fileId) => !remove.includes(fileId)), ...newFileIds],
            updatedAt: new Date(),
          })
          .where(eq(providerProjects.id, id))
          .returning();
        await refreshListing(tx, userId);
        return { row: saved!, removedKeys: removed.map((file) => file.storageKey) };
      });
      await uploadService(deps).discard(removedKeys);
      return (await projectViews(db, [row], taxonomy))[0]!;
    },

    async get(userId: string, id: string): Promise<Schemas['FreelancerProject']> {
      const row = await findOwnProject(db, userId, id);
      if (!row) throw notFound('We could not find this project.');
      return (await projectViews(db, [row], await loadTaxonomy(db)))[0]!;
    },

    /** F12: a family the freelancer does not offer is a 404. */
    async listOfService(userId: string, family: string, page: { page: number; pageSize: number }) {
      const taxonomy = await loadTaxonomy(db);
      if (taxonomy.find(family)?.parentSlug !== null) {
        throw validationFailed([{ field: 'path.id', message: 'is not a service family we offer' }]);
      }
      const services = await listProviderServices(db, userId);
      if (!services.some((service) => service.family === family)) {
        throw notFound('You do not offer this service.');
      }
      const { rows, total } = await pageOfProjects(db, userId, family, page);
      return {
        items: await projectSummaries(db, rows, taxonomy),
        pagination: paginationOf(page, total),
      };
    },
  };
});
