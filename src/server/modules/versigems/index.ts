/** The versigems ledger, for the modules that spend or credit versigems. */
export {
  applyLedgerEntry,
  spendVersigems,
  versigemsBalance,
  ledgerPage,
  InsufficientVersigems,
  type Executor,
  type Transaction,
  type LedgerEntryInput,
  type LedgerEntryResult,
  type LedgerReference,
} from './ledger';
export { VERSIGEMS_PRICES, FREE_PLAN_PROPOSALS_PER_MONTH } from './pricing';
