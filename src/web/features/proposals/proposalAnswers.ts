import type { Proposal, ProposalMilestone, ProposalPriceType } from '@/api/generated/model';
import type { JsonObject } from '@/forms/types';
import { UPLOAD_LIMITS, UPLOAD_TYPES } from '@/lib/limits';
import { uploadRulesFor } from '@/forms/uploadRules';

/** The proposal form of forms/ (submitProposal and updateProposal share it). */
export const PROPOSAL_FORM_ID = 'proposals/proposal';

/** The contract's limits on a proposal's files (submitProposal `x-upload` and its types). */
export const PROPOSAL_FILES = {
  ...uploadRulesFor(UPLOAD_TYPES.proposalAttachments, UPLOAD_LIMITS.proposal.maxFileBytes),
  maxFiles: UPLOAD_LIMITS.proposal.maxFiles,
  maxTotalBytes: UPLOAD_LIMITS.proposal.maxTotalBytes,
};

/** The form's fields as the operations take them, files aside (`milestones` as JSON text). */
export interface ProposalFields {
  coverLetter: string;
  priceType: ProposalPriceType;
  amount: number;
  currency: string;
  estimatedDuration: string;
  milestones?: string;
}

const isMilestone = (value: unknown): value is ProposalMilestone =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The milestones answered, as a list (none when the form has none). */
export function milestonesOf(answers: JsonObject): ProposalMilestone[] {
  return Array.isArray(answers.milestones) ? (answers.milestones as unknown[]).filter(isMilestone) : [];
}

/** What the milestones add up to (an unanswered amount counts as nothing). */
export function milestonesTotal(answers: JsonObject): number {
  return milestonesOf(answers).reduce((sum, item) => sum + (typeof item.amount === 'number' ? item.amount : 0), 0);
}

/** Milestones belong to a fixed price: paid by the hour, the form drops them. */
export function adjustProposalAnswers(answers: JsonObject): JsonObject {
  if (answers.priceType !== 'hourly' || answers.milestones === undefined) return answers;
  const { milestones: _dropped, ...rest } = answers;
  return rest;
}

/** The answers (checked by the form's schema) as the operations' fields: milestones as one JSON field, fixed price only. */
export function proposalFields(answers: JsonObject): ProposalFields {
  const milestones = answers.priceType === 'fixed' ? milestonesOf(answers) : [];
  return {
    coverLetter: String(answers.coverLetter),
    priceType: answers.priceType as ProposalPriceType,
    amount: Number(answers.amount),
    currency: String(answers.currency),
    estimatedDuration: String(answers.estimatedDuration),
    ...(milestones.length
      ? {
          milestones: JSON.stringify(milestones.map(({ title, amount, dueInDays }) => ({ title, amount, dueInDays }))),
        }
      : {}),
  };
}

/** A sent proposal as the form's answers, to edit it. */
export function proposalAnswers(proposal: Proposal): JsonObject {
  return {
    coverLetter: proposal.coverLetter,
    priceType: proposal.priceType,
    amount: proposal.price.amount,
    currency: proposal.price.currency,
    estimatedDuration: proposal.estimatedDuration.slug,
    ...(proposal.milestones.length
      ? { milestones: proposal.milestones.map(({ title, amount, dueInDays }) => ({ title, amount, dueInDays })) }
      : {}),
  } as unknown as JsonObject;
}

/**
 * A proposal being written is kept in this tab's sessionStorage, one per request, so a person
 * who leaves to buy versigems finds it again; it is removed once the proposal is sent.
 */
export const draftKey = (requestId: string) => `proposal-draft:${requestId}`;

export function readDraft(requestId: string): JsonObject | null {
  try {
    const raw = window.sessionStorage.getItem(draftKey(requestId));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

export function saveDraft(requestId: string, answers: JsonObject): void {
  try {
    window.sessionStorage.setItem(draftKey(requestId), JSON.stringify(answers));
  } catch {
    // Storage full or refused (private mode): the draft is simply not kept.
  }
}

export function clearDraft(requestId: string): void {
  try {
    window.sessionStorage.removeItem(draftKey(requestId));
  } catch {
    // Nothing to clear.
  }
}
