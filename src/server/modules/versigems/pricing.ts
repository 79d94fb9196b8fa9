/**
 * What things cost in versigems, and what a business's free plan allows. The contract publishes
 * these numbers (`getProposalQuote`, `getVersigemsBalance`, `unlockRequestInvite`); change them
 * here and in its descriptions together.
 */
export const VERSIGEMS_PRICES = {
  /** One proposal of a freelancer. */
  proposal: 2,
  /** Unlocking contact with one request's client (M07). */
  unlock: 5,
  /** What every new freelancer account starts with (`bonus`, key `welcome:<user id>`). */
  welcomeBonus: 10,
} as const;

/** Proposals a business on the free plan may send per calendar month (UTC). */
export const FREE_PLAN_PROPOSALS_PER_MONTH = 5;
