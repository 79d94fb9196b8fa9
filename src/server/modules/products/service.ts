import type { ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { createFormsAjv } from '../../../shared/forms/ajv';
import { loadForms, type LoadedForm } from '../../../shared/forms/load';
import { uniqueViolation } from '../../db/errors';
import type { ProductRequestRow } from '../../db/schema';
import { validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { catalogueErrors, isRecord, requestCatalogue, type RequestCatalogue } from '../requests/catalogue';
import { FORMS_DIR, formErrors } from '../requests/forms';
import { newRefId } from '../../ref-ids';
import { productRequestReceived } from './email';
import * as queries from './queries';
import { oneBusinessDayAfter, startDateRange } from '../../reply-time';

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

export interface ProductForm extends LoadedForm {
  validate: ValidateFunction;
}

const cache = new Map<string, Map<ProductRequestType, ProductForm>>();

/**
 * The product forms of forms/index.json (`kind: product-request`), compiled once per folder and
 * keyed by the request type of the operation they are posted to: the same files the product
 * pages render.
 */
export function productForms(formsDir: string = FORMS_DIR): Map<ProductRequestType, ProductForm> {
  let forms = cache.get(formsDir);
  if (forms) return forms;
  const ajv = createFormsAjv();
  forms = new Map();
  for (const form of loadForms(formsDir).values()) {
    if (form.entry.kind !== 'product-request') continue;
    const type = (Object.keys(PRODUCT_OPERATIONS) as ProductRequestType[]).find(
      (candidate) => PRODUCT_OPERATIONS[candidate] === form.entry.operationId,
    );
    if (!type) throw new Error(`${form.entry.id}: no product request is posted to ${form.entry.operationId}`);
    if (forms.has(type)) throw new Error(`${form.entry.id}: a second form for ${form.entry.operationId}`);
    forms.set(type, { ...form, validate: ajv.compile(form.schema) });
  }
  for (const [type, operationId] of Object.entries(PRODUCT_OPERATIONS)) {
    if (!forms.has(type as ProductRequestType)) throw new Error(`forms/index.json has no form for ${operationId}`);
  }
  cache.set(formsDir, forms);
  return forms;
}

/**
 * The form's errors named as the contract names a body's fields (`contact.phone`, `tools.2`):
 * the product body is the form data itself, so every top-level field is an "envelope" field of
 * the shared naming and nothing is put under `answers`.
 */
function fieldErrors(form: ProductForm, errors: Parameters<typeof formErrors>[1]): FieldError[] {
  const topLevel = Object.keys(isRecord(form.schema.properties) ? form.schema.properties : {});
  return formErrors(topLevel, errors).map((error) => ({
    ...error,
    field: error.field === 'answers' ? 'body' : error.field.replace(/^answers\./, ''),
  }));
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

export class ProductRequestService {
  private readonly catalogue: RequestCatalogue;

  constructor(
    private readonly app: FastifyInstance,
    /** The clock of "today" and the reply time; tests pin it. */
    private readonly now: () => Date = () => new Date(),
    private readonly forms: Map<ProductRequestType, ProductForm> = productForms(),
  ) {
    this.catalogue = requestCatalogue(app.db);
  }

  /**
   * The body (already the contract's shape) against its form's JSON Schema, every `x-options`
   * answer against the catalogue, then the rules across fields. Throws one 400 naming each field.
   */
  private async validate(type: ProductRequestType, body: Record<string, unknown>, now: Date): Promise<void> {
    const form = this.forms.get(type)!;
    if (!form.validate(body)) throw validationFailed(fieldErrors(form, form.validate.errors ?? []));

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
    await this.app.rateLimits.consume('productRequestPerIp', caller.ip);
    await this.app.rateLimits.consume('productRequestPerEmail', email.toLowerCase());

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
    this.app.email.sendInBackground(async () => ({
      to: email,
      ...productRequestReceived({
        type,
        firstname: contact.firstname.trim(),
        refId: row.refId,
        expectedReplyBy,
        publicUrl: this.app.config.publicUrl,
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
        return await queries.insertProductRequest(this.app.db, { ...values, refId: newProductRefId() });
      } catch (error) {
        // The reference is the table's only unique value besides the generated id.
        const index = uniqueViolation(error);
        if ((index !== REF_INDEX && index !== '') || attempt >= REF_ATTEMPTS) throw error;
      }
    }
  }
}

const services = new WeakMap<FastifyInstance, ProductRequestService>();

/** The app's service; given a clock, a new one that reads it (tests pin "now"). */
export function productRequestService(app: FastifyInstance, options?: { now: () => Date }): ProductRequestService {
  let service = services.get(app);
  if (!service || options) {
    service = new ProductRequestService(app, options?.now);
    services.set(app, service);
  }
  return service;
}
