import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { MultipartBody, Upload } from '../../contract/multipart';
import type { Database } from '../../db/database';
import { users, type UploadRow, type UserRow } from '../../db/schema';
import { ApiError, unauthenticated, validationFailed, type FieldError } from '../../errors';
import { validateFormBody } from '../../forms/body-forms';
import type { components } from '../../generated/api';
import { BUSINESS_LOGO } from '../business';
import { catalogueService, LOOKUP_LIST } from '../catalogue/service';
import { refreshListing, findProfile, lockProfile, saveSection, SECTION, updateProfileColumns } from '../providers';
import {
  claimImage,
  deleteUploads,
  downloadUrl,
  findUpload,
  releaseAttached,
  storeImage,
  uploadService,
  type UploadDeps,
} from '../uploads/service';
import { head } from '../uploads';
import { loadCompletionFacts, profileCompletion } from './completion';
import { readPersonalDetails, updatePersonalDetails } from './personal-details';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];

/** The contract's limits on a profile image. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_MIN_SIDE = 200;
/** Upload purposes of profile images: old ones are deleted when a new one replaces them. */
const IMAGE_PURPOSES = ['avatar', 'logo'] as const;

/** `industry`, `businessSize` and `website`: one value per client, shown by both the about section and the profile details. */
interface ClientCompany {
  industry: string;
  businessSize: string;
  website: string | null;
}
type ClientAboutData = ClientCompany & { about: string };
type ClientProfileDetailsData = ClientCompany & {
  companyName: string | null;
  jobTitle: string | null;
  linkedin: string | null;
};

const displayName = (user: UserRow) =>
  user.accountType === 'business' ? (user.companyname ?? '') : `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim();

/** Trimmed text, or a field error when nothing (or too much) is left. */
function trimmed(errors: FieldError[], field: string, value: string, min: number, max: number): string {
  const text = value.trim();
  if (text.length < min) errors.push({ field, message: `must be at least ${min} characters` });
  else if (text.length > max) errors.push({ field, message: `must be at most ${max} characters` });
  return text;
}

const optionalTrimmed = (errors: FieldError[], field: string, value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : trimmed(errors, field, value, 1, max);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const looksLikeImage = (bytes: Buffer) =>
  bytes.subarray(0, 4).equals(PNG) ||
  bytes.subarray(0, 3).equals(JPEG) ||
  (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP');

/**
 * The contract's size rules, before anything is stored: 413 above 5 MB, 400 on `image` below
 * 200 x 200 pixels. Anything else wrong with the file is refused by `storeImage`.
 */
async function checkProfileImage(upload: Upload): Promise<void> {
  if (upload.size > PROFILE_IMAGE_MAX_BYTES) {
    throw new ApiError(413, 'payload_too_large', 'The image is too large. The limit is 5 MB.');
  }
  if (!looksLikeImage(await head(upload, 12))) return;
  const metadata = await sharp(upload.path, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (metadata && (metadata.width < PROFILE_IMAGE_MIN_SIDE || metadata.height < PROFILE_IMAGE_MIN_SIDE)) {
    throw validationFailed([
      { field: 'image', message: `must be at least ${PROFILE_IMAGE_MIN_SIDE} x ${PROFILE_IMAGE_MIN_SIDE} pixels` },
    ]);
  }
}

/**
 * A business has one logo, its profile image: the settings upload and the details form both set
 * it, and both attach it as the business's logo, so the one the details form replaces is released.
 */
async function useAsBusinessLogo(tx: Database, user: UserRow, imageId: string | null) {
  const target = { type: BUSINESS_LOGO, id: user.id };
  const logo = imageId ? await claimImage(tx, user.id, imageId, target) : null;
  await releaseAttached(tx, target, logo?.id ?? null);
}

/** Names, profile image, completion scores and the client's sections. */
/** The users and their images: the database, the profile form, and the upload service's own needs. */
export type AccountDeps = Pick<AppDeps, 'db' | 'formsDir'> & UploadDeps;

export const accountService = perApp((deps: AccountDeps) => {
  const db = deps.db;

  async function accountOf(tx: Database, userId: string): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw unauthenticated();
    return user;
  }

  /** A stored image whose profile write failed: its row and its bytes go. */
  async function discardUpload(id: string): Promise<void> {
    const rows = await deleteUploads(db, { ids: [id] });
    await uploadService(deps).discard(rows.map((row) => row.storageKey));
  }

  /** The catalogue's industries and business sizes. */
  async function companyOptions() {
    const [industries, sizes] = await Promise.all([
      catalogueService(db).options(LOOKUP_LIST.industryType),
      catalogueService(db).options(LOOKUP_LIST.businessSize),
    ]);
    return { industries, sizes };
  }

  /** Industry and business size checked against the catalogue's options, with their labels. */
  function companyLabels(
    options: Awaited<ReturnType<typeof companyOptions>>,
    errors: FieldError[],
    input: { industry: string; businessSize: string },
  ) {
    const industry = options.industries.find((option) => option.slug === input.industry);
    const businessSize = options.sizes.find((option) => option.slug === input.businessSize);
    if (!industry) errors.push({ field: 'industry', message: 'is not an industry we list' });
    if (!businessSize) errors.push({ field: 'businessSize', message: 'is not a business size we list' });
    return {
      industry: { slug: input.industry, label: industry?.label ?? '' },
      businessSize: { slug: input.businessSize, label: businessSize?.label ?? '' },
    };
  }

  /** Industry and business size checked against the catalogue, with their labels. */
  async function companyLookups(errors: FieldError[], input: { industry: string; businessSize: string }) {
    return companyLabels(await companyOptions(), errors, input);
  }

  /**
   * Saves one of the client's two sections and copies the shared company values into the other
   * one when it exists, so both always show the same industry, size and website.
   */
  async function saveClientSection<T extends ClientCompany>(
    userId: string,
    key: typeof SECTION.clientAbout | typeof SECTION.clientProfileDetails,
    data: T,
  ) {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const user = await accountOf(tx, userId);
      await lockProfile(tx, user);
      const otherKey = key === SECTION.clientAbout ? SECTION.clientProfileDetails : SECTION.clientAbout;
      const other = (await findProfile(tx, user.id))?.sections[otherKey]?.data as ClientCompany | undefined;
      if (other) {
        const { industry, businessSize, website } = data;
        await saveSection(tx, user, otherKey, { ...other, industry, businessSize, website });
      }
      return saveSection(tx, user, key, data);
    });
  }

  return {
    async completion(userId: string): Promise<Schemas['AccountProfileCompletion']> {
      const user = await accountOf(db, userId);
      return profileCompletion(await loadCompletionFacts(db, user));
    },

    /**
     * Names and image (C07). A new image is checked and stored first (a refusal writes nothing
     * and keeps the old image); the names, the image id and the profile-setup section are then
     * written in one transaction, and the replaced image is deleted once that has committed.
     */
    async updateProfile(userId: string, body: MultipartBody): Promise<Schemas['AccountProfile']> {
      const input = body as MultipartBody & Omit<Schemas['AccountProfileUpdateInput'], 'image'>;
      const image = body.files.image?.[0];
      const { files: _files, ...fields } = body;
      // The profile form judges the text fields; an image alone leaves it nothing to judge.
      const formErrors =
        Object.keys(fields).length > 0 ? validateFormBody(deps.formsDir, 'updateProfile', fields) : null;
      if (formErrors) throw validationFailed(formErrors);
      const user = await accountOf(db, userId);
      const errors: FieldError[] = [];
      const names: Partial<Pick<UserRow, 'firstname' | 'lastname' | 'companyname'>> = {};
      const allowed = user.accountType === 'business' ? ['companyname'] : ['firstname', 'lastname'];
      for (const field of ['firstname', 'lastname', 'companyname'] as const) {
        const value = input[field];
        if (value === undefined) continue;
        if (!allowed.includes(field)) {
          errors.push({
            field,
            message:
              field === 'companyname' ? 'is only for business accounts' : 'is only for client and freelancer accounts',
          });
        } else {
          names[field] = trimmed(
            errors,
            field,
            value,
            field === 'companyname' ? 2 : 1,
            field === 'companyname' ? 120 : 100,
          );
        }
      }
      const removeImage = input.removeImage === true;
      if (removeImage && image) errors.push({ field: 'removeImage', message: 'cannot be sent with a new image' });
      if (Object.keys(names).length === 0 && !image && !removeImage) {
        errors.push({ field: 'body', message: 'must change at least one field' });
      }
      if (errors.length > 0) throw validationFailed(errors);

      let stored: { id: string } | null = null;
      if (image) {
        await checkProfileImage(image);
        const business = user.accountType === 'business';
        stored = await storeImage(deps, {
          ownerId: user.id,
          purpose: business ? 'logo' : 'avatar',
          fileName: image.filename,
          file: image,
          preset: business ? 'logo' : 'avatar',
          field: 'image',
        });
      }

      let replaced: UploadRow[] = [];
      let saved: { user: UserRow; image: UploadRow | null };
      try {
        saved = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          await lockProfile(tx, user);
          const profile = await findProfile(tx, user.id);
          const now = new Date();
          const [updated] = await tx
            .update(users)
            .set({ ...names, updatedAt: now })
            .where(eq(users.id, user.id))
            .returning();
          const imageId = stored ? stored.id : removeImage ? null : (profile?.imageId ?? null);
          if (imageId !== (profile?.imageId ?? null)) {
            await updateProfileColumns(tx, user, { imageId });
            if (profile?.imageId) {
              replaced = await deleteUploads(tx, {
                ids: [profile.imageId],
                ownerId: user.id,
                purposes: IMAGE_PURPOSES,
              });
            }
          }
          if (user.accountType === 'business' && (stored || removeImage)) {
            await useAsBusinessLogo(tx, user, imageId);
          }
          await saveSection(tx, user, SECTION.profileSetup, {
            firstname: updated!.firstname,
            lastname: updated!.lastname,
            companyname: updated!.companyname,
            imageId,
          });
          await refreshListing(tx, user.id);
          const row = imageId ? await findUpload(tx, imageId) : null;
          return { user: updated!, image: row ?? null };
        });
      } catch (error) {
        if (stored) await discardUpload(stored.id);
        throw error;
      }
      await uploadService(deps).discard(replaced.map((row) => row.storageKey));

      return {
        id: saved.user.id,
        accountType: saved.user.accountType,
        firstname: saved.user.accountType === 'business' ? null : saved.user.firstname,
        lastname: saved.user.accountType === 'business' ? null : saved.user.lastname,
        companyname: saved.user.accountType === 'business' ? saved.user.companyname : null,
        displayName: displayName(saved.user),
        profile: { image: saved.image ? downloadUrl(saved.image) : null },
        updatedAt: saved.user.updatedAt.toISOString(),
      };
    },

    /** The client's about section (CL1). */
    async updateClientAbout(userId: string, input: Schemas['ClientAboutInput']): Promise<Schemas['ClientAbout']> {
      const errors: FieldError[] = [];
      const about = trimmed(errors, 'about', input.about, 20, 2000);
      const labels = await companyLookups(errors, input);
      if (errors.length > 0) throw validationFailed(errors);
      const data: ClientAboutData = {
        about,
        industry: input.industry,
        businessSize: input.businessSize,
        website: input.website ?? null,
      };
      const section = await saveClientSection(userId, SECTION.clientAbout, data);
      return { about, ...labels, website: data.website, updatedAt: section.savedAt };
    },

    /** The client's profile details (CL3). */
    async updateClientProfileDetails(
      userId: string,
      input: Schemas['ClientProfileDetailsInput'],
    ): Promise<Schemas['ClientProfileDetails']> {
      const errors: FieldError[] = [];
      const data: ClientProfileDetailsData = {
        companyName: optionalTrimmed(errors, 'companyName', input.companyName, 120),
        jobTitle: optionalTrimmed(errors, 'jobTitle', input.jobTitle, 100),
        industry: input.industry,
        businessSize: input.businessSize,
        website: input.website ?? null,
        linkedin: input.linkedin ?? null,
      };
      const labels = await companyLookups(errors, input);
      if (errors.length > 0) throw validationFailed(errors);
      const section = await saveClientSection(userId, SECTION.clientProfileDetails, data);
      return { ...data, ...labels, updatedAt: section.savedAt };
    },

    /** The client's settings sections as last saved, each null until saved once. */
    async clientSettings(userId: string): Promise<Schemas['ClientSettings']> {
      const user = await accountOf(db, userId);
      const profile = await findProfile(db, user.id);
      const personalDetails = await readPersonalDetails(db, user, profile);
      const details = profile?.sections[SECTION.clientProfileDetails];
      const about = profile?.sections[SECTION.clientAbout];
      let profileDetails: Schemas['ClientProfileDetails'] | null = null;
      let aboutSection: Schemas['ClientAbout'] | null = null;
      if (details || about) {
        // Both sections hold the same industry and size: the catalogue is read once for the two.
        const options = await companyOptions();
        // An option taken out of the catalogue since keeps its slug as its label.
        const labelled = (data: ClientCompany) => {
          const { industry, businessSize } = companyLabels(options, [], data);
          return {
            industry: { slug: industry.slug, label: industry.label || industry.slug },
            businessSize: { slug: businessSize.slug, label: businessSize.label || businessSize.slug },
          };
        };
        if (details) {
          const data = details.data as ClientProfileDetailsData;
          profileDetails = { ...data, ...labelled(data), updatedAt: details.savedAt };
        }
        if (about) {
          const data = about.data as ClientAboutData;
          aboutSection = { about: data.about, ...labelled(data), website: data.website, updatedAt: about.savedAt };
        }
      }
      return { personalDetails, profileDetails, about: aboutSection };
    },

    /** The client's personal details (CL2): the names go to the account, the rest to the section. */
    updateClientPersonalDetails: (userId: string, input: Schemas['AccountPersonalDetailsInput']) =>
      updatePersonalDetails(db, userId, input),
  };
});
