import { uniqueViolation } from '../../db/errors';
import type { ProductRequestRow } from '../../db/schema';
import { validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { formErrors } from '../../forms/errors';
import { FORMS_DIR, serverForms, type CompiledForm } from '../../forms/load';
import { isRecord } from '../../lib/records';
import { catalogueErrors, requestCatalogue, type RequestCatalogue } from '../catalogue';
import { newRefId } from '../../ref-ids';
import { productRequestReceived } from './email';
import * as queries from './queries';
import { oneBusinessDayAfter, startDateRange } from '../../reply-time';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
export type ProductRequestType = Schemas['ProductRequestType'];
export type ProductRequestInput = Schemas['ProductNetsuiteRequestInput'] | Schemas['ProductReactHireInput'];

/** The contract operation each product form is posted to (forms/index.json `operationId`). */
export const PRODUCT_OPERATIONS: Record<ProductRequestType, string> = {
  netsuite: 'createNetsuiteProductRequest',
  'react-hire': 'createReactHireRequest',
};

const REF_ATTEMPTS = 5;
const REF_INDEX = 'product_requests_ref_id_unique';
const PART_TIME_HOURS = { min: 10, max: 30 } as const;

/** `PR-` and 8 characters of the service requests' alphabet (no 0/O, 1/I/L). */
export const newProductRefId = () => newRefId('PR');

export type ProductForm = CompiledForm;

/**
 * The product forms of forms/index.json (`kind: product-request`), keyed by the request type of
 * the operation they are posted to: the same files the product pages render.
 */
export function productForms(formsDir: string = FORMS_DIR): Map<ProductRequestType, ProductForm> {
  const { products } = serverForms(formsDir);
  return new Map(
    (Object.entries(PRODUCT_OPERATIONS) as [ProductRequestType, string][]).map(([type, operationId]) => {
      const form = products.get(operationId);
      if (!form) throw new Error(`forms/index.json has no form for ${operationId}`);
      return [type, form];
    }),
  );
}

/** What a schema cannot say: weekly hours of a part-time hire, min <= max, a start date in range. */
function crossFieldErrors(type: ProductRequestType, body: Record<string, unknown>, now: Date): FieldError[] {
  if (type !== 'react-hire') return [];
  const errors: FieldError[] = [];
  const hours = body.hoursPerWeek;
  if (
    body.engagementType === 'part-time' &&
    !(typeof hours === 'number' && hours >= PART_TIME_HOURS.min && hours <= PART_TIME_HOURS.max)
  ) {
    errors.push({
      field: 'hoursPerWeek',
      message: `is required for part-time: from ${PART_TIME_HOURS.min} to ${PART_TIME_HOURS.max} hours a week`,
    });
  }
  const budget = body.budget;
  if (isRecord(budget) && typeof budget.min === 'number' && typeof budget.max === 'number' && budget.max < budget.min) {
    errors.push({ field: 'budget.max', message: 'must not be below the minimum' });
  }
  if (typeof body.startDate === 'string') {
    const { earliest, latest } = startDateRange(now);
    if (body.startDate < earliest) errors.push({ field: 'startDate', message: 'must be today or later' });
    else if (body.startDate > latest) errors.push({ field: 'startDate', message: 'must be at most a year ahead' });
  }
  return errors;
}

export interface ProductRequestCaller {
  /** The signed-in account, or null for a visitor. */
  userId: string | null;
  ip: string;
}

/** The request rows, their forms, the per-IP and per-email limits, and the confirmation email. */
export type ProductRequestDeps = Pick<AppDeps, 'db' | 'formsDir' | 'rateLimits' | 'email' | 'config'>;

export class ProductRequestService {
  private readonly catalogue: RequestCatalogue;

  private readonly forms: Map<ProductRequestType, ProductForm>;
  /** The clock of "today" and the reply time; tests pin it. */
  now: () => Date = () => new Date();

  constructor(private readonly deps: ProductRequestDeps) {
    this.forms = productForms(deps.formsDir);
    this.catalogue = requestCatalogue(deps.db);
  }

  /**
   * The body (already the contract's shape) against its form's JSON Schema, every `x-options`
   * answer against the catalogue, then the rules across fields. Throws one 400 naming each field.
   */
  private async validate(type: ProductRequestType, body: Record<string, unknown>, now: Date): Promise<void> {
    const form = this.forms.get(type)!;
    if (!form.validate(body)) throw validationFailed(formErrors(form.validate.errors ?? []));

    const errors = await catalogueErrors(this.catalogue, form.catalogueFields, body, (path) => path.join('.'));
    errors.push(...crossFieldErrors(type, body, now));
    if (errors.length > 0) throw validationFailed(errors);
  }

  async create(
    type: ProductRequestType,
    input: ProductRequestInput,
    caller: ProductRequestCaller,
  ): Promise<Schemas['ProductRequestReceipt']> {
    const body = input as unknown as Record<string, unknown>;
    const now = this.now();
    await this.validate(type, body, now);

    const contact = input.contact;
    const email = contact.email.trim();
    // Counted once the request is valid: fixing a field is not an attempt. Each receipt is an
    // email to the address given, so the address is limited as well as the sender.
    await this.deps.rateLimits.consume('productRequestPerIp', caller.ip);
    await this.deps.rateLimits.consume('productRequestPerEmail', email.toLowerCase());

    const row = await this.insert({
      type,
      userId: caller.userId,
      formId: this.forms.get(type)!.entry.id,
      email,
      answers: body,
      status: 'received',
      createdAt: now,
    });
    const expectedReplyBy = oneBusinessDayAfter(row.createdAt);
    this.deps.email.sendInBackground(async () => ({
      to: email,
      ...productRequestReceived({
        type,
        firstname: contact.firstname.trim(),
        refId: row.refId,
        expectedReplyBy,
        publicUrl: this.deps.config.publicUrl,
      }),
    }));
    return {
      id: row.id,
      refId: row.refId,
      type: row.type,
      status: row.status,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
      expectedReplyBy: expectedReplyBy.toISOString(),
    };
  }

  /** A new reference on the rare clash with an existing one. */
  private async insert(values: Omit<queries.NewProductRequestRow, 'refId'>): Promise<ProductRequestRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await queries.insertProductRequest(this.deps.db, { ...values, refId: newProductRefId() });
      } catch (error) {
        // The reference is the table's only unique value besides the generated id.
        const index = uniqueViolation(error);
        if ((index !== REF_INDEX && index !== '') || attempt >= REF_ATTEMPTS) throw error;
      }
    }
  }
}

const productServices = perApp((deps: ProductRequestDeps) => new ProductRequestService(deps));

/** The app's service; given a clock, it reads that clock from then on (tests pin "now"). */
export function productRequestService(deps: ProductRequestDeps, options?: { now: () => Date }): ProductRequestService {
  const service = productServices(deps);
  if (options) service.now = options.now;
  return service;
}
