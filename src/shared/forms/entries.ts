/** The shapes of forms/index.json's entries. Browser-safe: no Node APIs. */

/** A request form's index.json entry: what the web app offers and the server accepts. */
export interface FormIndexEntry {
  id: string;
  group: string;
  kind: 'service-request' | 'product-request';
  family: string;
  subFamily: string | null;
  title: string;
  path: string;
  operationId: string;
  envelopeFields: string[];
}

/** The groups and kinds of the forms whose body is exactly a contract operation's request body. */
export const BODY_FORM_KINDS = { onboarding: 'onboarding', profile: 'profile-section', proposals: 'proposal' } as const;

/**
 * An onboarding step's or profile section's index.json entry: the form is the whole request body
 * of each of `operationIds`; `fileFields` are the multipart file parts sent beside it.
 */
export interface BodyFormIndexEntry {
  id: string;
  group: keyof typeof BODY_FORM_KINDS;
  kind: (typeof BODY_FORM_KINDS)[keyof typeof BODY_FORM_KINDS];
  title: string;
  path: string;
  operationIds: string[];
  fileFields?: string[];
}

export type AnyFormIndexEntry = FormIndexEntry | BodyFormIndexEntry;

export const isBodyFormEntry = (entry: AnyFormIndexEntry): entry is BodyFormIndexEntry =>
  Object.hasOwn(BODY_FORM_KINDS, entry.group);
