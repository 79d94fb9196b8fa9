import type { MultipartBody, Upload } from '../../contract/multipart';
import { uniqueViolation } from '../../db/errors';
import { validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import type { Viewer } from '../../plugins/session';
import { newRefId } from '../../ref-ids';
import { catalogueService } from '../catalogue/service';
import { ATTACHMENT_PURPOSE, checkFiles, insertAttachments, uploadService, type UploadDeps } from '../uploads/service';
import { websiteRequestReceived } from './email';
import { oneBusinessDayAfter } from '../../reply-time';
import * as queries from './queries';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
type Input = Omit<Schemas['WebsiteRequestInput'], 'attachments'>;

/** The text fields as stored: trimmed, and the service's display name for the email. */
interface CheckedFields {
  serviceName: string;
  name: string;
  message: string;
  email: string;
}

const REF_PREFIX = 'WR';
const REF_ATTEMPTS = 5;
const REF_INDEX = 'website_requests_ref_id_unique';

const optional = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The request rows and their files, the per-IP and per-email limits, and the confirmation email. */
export type WebsiteRequestDeps = Pick<AppDeps, 'db' | 'rateLimits' | 'email' | 'config'> & UploadDeps;

export class WebsiteRequestService {
  constructor(private readonly deps: WebsiteRequestDeps) {}

  /** The service's display name, or null when the slug names no family or sub-family. */
  private async serviceName(slug: string): Promise<string | null> {
    const [familySlug, subSlug] = slug.split('/');
    const family = (await catalogueService(this.deps.db).families()).find((f) => f.slug === familySlug);
    if (!family) return null;
    if (subSlug === undefined) return family.name;
    return family.subFamilies.find((sub) => sub.slug === subSlug)?.name ?? null;
  }

  private async budgetKnown(slug: string): Promise<boolean> {
    return (await catalogueService(this.deps.db).estimatedBudgets()).some((bracket) => bracket.slug === slug);
  }

  /**
   * W01's text fields, as far as the contract cannot judge them: the service and budget against
   * the catalogue, names and message without their blanks. A 400 naming each bad field.
   */
  private async checkFields(input: Input): Promise<CheckedFields> {
    const errors: FieldError[] = [];
    const serviceName = await this.serviceName(input.serviceSlug);
    if (serviceName === null) errors.push({ field: 'serviceSlug', message: 'is not a service we offer' });
    if (input.budget !== undefined && !(await this.budgetKnown(input.budget))) {
      errors.push({ field: 'budget', message: 'is not one of the budget brackets' });
    }
    const name = input.name.trim();
    if (name.length < 2) errors.push({ field: 'name', message: 'must be at least 2 characters' });
    const message = input.message.trim();
    if (message.length < 20) errors.push({ field: 'message', message: 'must be at least 20 characters' });
    if (errors.length > 0) throw validationFailed(errors);
    return { serviceName: serviceName!, name, message, email: input.email.trim() };
  }

  /**
   * What W01 checks before a file byte is stored (the contract plugin runs it at the first file,
   * or before `submit` when no file is sent): the text fields, then the attempt counted against
   * the sender's IP and email, so a refused form never costs an attempt and a flood of files
   * stops at the limit.
   */
  async checkBeforeFiles(ip: string, fields: Record<string, unknown>): Promise<void> {
    const { email } = await this.checkFields(fields as unknown as Input);
    await this.deps.rateLimits.consume('websiteRequestPerIp', ip);
    await this.deps.rateLimits.consume('websiteRequestPerEmail', email.toLowerCase());
  }

  /**
   * W01, after `checkBeforeFiles`: checks each file's bytes, then stores the files and writes the
   * request with its files' rows in one transaction. Any failure removes the stored files and
   * leaves no row; the confirmation email goes out once the rows are committed.
   */
  async submit(viewer: Viewer | null, body: MultipartBody): Promise<Schemas['WebsiteRequestReceipt']> {
    const { files, ...fields } = body;
    const input = fields as unknown as Input;
    const { serviceName, name, message, email } = await this.checkFields(input);
    const uploads: Upload[] = files.attachments ?? [];
    const checked = await checkFiles(uploads, 'attachments');

    const ownerId = viewer?.userId ?? null;
    const stored = await uploadService(this.deps).storeFiles(checked, ownerId, ATTACHMENT_PURPOSE);
    try {
      const { request, attachments } = await this.insert(stored.rows, {
        userId: ownerId,
        name,
        email,
        company: optional(input.company),
        phone: optional(input.phone),
        serviceSlug: input.serviceSlug,
        budget: input.budget ?? null,
        message,
      });
      const expectedReplyBy = oneBusinessDayAfter(request.createdAt);
      this.deps.email.sendInBackground(async () => ({
        to: email,
        ...websiteRequestReceived({
          name,
          refId: request.refId,
          serviceName,
          attachmentCount: attachments.length,
          expectedReplyBy,
          publicUrl: this.deps.config.publicUrl,
        }),
      }));
      return {
        id: request.id,
        refId: request.refId as Schemas['WebsiteRequestRefId'],
        status: request.status,
        serviceSlug: request.serviceSlug,
        attachments,
        createdAt: request.createdAt.toISOString(),
        expectedReplyBy: expectedReplyBy.toISOString(),
      };
    } catch (error) {
      await stored.discard();
      throw error;
    }
  }

  /** The request and its files' rows in one transaction; a new reference when one is taken. */
  private async insert(
    fileRows: Awaited<ReturnType<ReturnType<typeof uploadService>['storeFiles']>>['rows'],
    values: Omit<Parameters<typeof queries.insertWebsiteRequest>[1], 'refId'>,
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.db.transaction(async (tx) => {
          const request = await queries.insertWebsiteRequest(tx, { ...values, refId: newRefId(REF_PREFIX) });
          const attachments = await insertAttachments(
            tx,
            fileRows.map((row) => ({ ...row, attachedToType: 'website-request', attachedToId: request.id })),
          );
          return { request, attachments };
        });
      } catch (error) {
        if (uniqueViolation(error) !== REF_INDEX || attempt >= REF_ATTEMPTS) throw error;
      }
    }
  }
}

export const websiteRequestService = perApp((deps: WebsiteRequestDeps) => new WebsiteRequestService(deps));
