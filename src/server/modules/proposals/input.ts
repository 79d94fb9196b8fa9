import { inspectInput } from '../../contract/input-guard';
import type { ProposalMilestoneValue } from '../../db/schema';
import { validationFailed, type FieldError } from '../../errors';
import { validateFormBody } from '../../forms/body-forms';
import type { RequestCatalogue } from '../catalogue';
import type { RequestFacts } from './queries';

/** The proposal form's fields as a multipart body carries them (after the contract's checks). */
export interface ProposalFields {
  coverLetter: string;
  priceType: 'fixed' | 'hourly';
  amount: number;
  currency: string;
  estimatedDuration: string;
  milestones?: string;
}

/** A proposal's terms as stored, every check passed. */
export interface ProposalTerms {
  coverLetter: string;
  priceType: 'fixed' | 'hourly';
  amount: number;
  currency: string;
  estimatedDuration: string;
  milestones: ProposalMilestoneValue[];
}

/** The form the server checks proposals against (`forms/proposals/proposal/`). */
const PROPOSAL_FORM = 'proposals/proposal';

/**
 * A field holding JSON text (`milestones`, `keepAttachments`): parsed, then walked by the same
 * guard as a JSON body (depth, size, lone surrogates written as `\u` escapes), so nothing the
 * text unfolds into reaches the checks unguarded. A 400 on `field` for text that is not JSON.
 */
export function parseJsonField(text: string, field: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationFailed([{ field, message: 'must be valid JSON' }]);
  }
  const faults = inspectInput(value, field);
  if (faults.length > 0) throw validationFailed(faults);
  return value;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * Every check of the proposal form, in two rounds: the form itself (`forms/proposals/proposal/`,
 * faults by field name such as `milestones.1.amount`), then what it cannot judge: the duration
 * and currency against the catalogue, the currency against the request budget's, milestones
 * adding up to the price (compared in cents) with increasing due days.
 */
export async function checkTerms(
  formsDir: string,
  catalogue: RequestCatalogue,
  fields: ProposalFields,
  request: RequestFacts | null,
  extraErrors: FieldError[] = [],
): Promise<ProposalTerms> {
  const milestones = fields.milestones === undefined ? undefined : parseJsonField(fields.milestones, 'milestones');
  const candidate = {
    coverLetter: fields.coverLetter.trim(),
    priceType: fields.priceType,
    amount: fields.amount,
    currency: fields.currency,
    estimatedDuration: fields.estimatedDuration,
    ...(milestones === undefined ? {} : { milestones }),
  };
  const formFaults = validateFormBody(formsDir, PROPOSAL_FORM, candidate);
  if (formFaults) throw validationFailed([...extraErrors, ...formFaults]);

  const terms: ProposalTerms = { ...candidate, milestones: (milestones as ProposalMilestoneValue[] | undefined) ?? [] };
  const errors: FieldError[] = [...extraErrors];
  const durations = await catalogue.list('project-duration');
  if (!durations.has(terms.estimatedDuration)) {
    errors.push({ field: 'estimatedDuration', message: 'is not one of the project durations' });
  }
  const currencies = await catalogue.list('currency');
  const requestCurrency = request ? budgetCurrency(request) : null;
  if (!currencies.has(terms.currency)) {
    errors.push({ field: 'currency', message: 'is not a currency we support' });
  } else if (requestCurrency !== null && terms.currency !== requestCurrency) {
    errors.push({ field: 'currency', message: `must be ${requestCurrency}, the currency of the request's budget` });
  }
  if (terms.priceType === 'hourly' && terms.milestones.length > 0) {
    errors.push({ field: 'milestones', message: 'are for a fixed price only' });
  }
  if (terms.milestones.length > 0) {
    const total = terms.milestones.reduce((sum, milestone) => sum + cents(milestone.amount), 0);
    if (total !== cents(terms.amount)) {
      errors.push({
        field: 'milestones',
        message: `must add up to your price of ${terms.amount} ${terms.currency} (they add up to ${total / 100})`,
      });
    }
    terms.milestones.forEach((milestone, index) => {
      const previous = terms.milestones[index - 1];
      if (previous && milestone.dueInDays <= previous.dueInDays) {
        errors.push({
          field: `milestones.${index}.dueInDays`,
          message: `must be later than the milestone before (day ${previous.dueInDays})`,
        });
      }
    });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return terms;
}

/** The currency proposals on the request must use: its budget's when it names an amount, else null. */
export function budgetCurrency(request: Pick<RequestFacts, 'budgetType' | 'budgetCurrency'>): string | null {
  return request.budgetType === 'fixed' || request.budgetType === 'hourly' ? request.budgetCurrency : null;
}

/** `keepAttachments`: ids of the proposal's current files; a 400 on `keepAttachments` otherwise. */
export function parseKeepAttachments(text: string | undefined, current: readonly string[]): string[] {
  if (text === undefined || text.trim() === '') return [];
  const value = parseJsonField(text, 'keepAttachments');
  const fault = (message: string) => validationFailed([{ field: 'keepAttachments', message }]);
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string')) {
    throw fault('must be a JSON list of attachment ids');
  }
  const known = new Map(current.map((id) => [id.toLowerCase(), id]));
  const kept: string[] = [];
  for (const id of value as string[]) {
    const found = known.get(id.toLowerCase());
    if (!found) throw fault('must list only files of this proposal');
    if (!kept.includes(found)) kept.push(found);
  }
  return kept;
}
