import { type OperationHandlers } from '../../contract/handlers';
import type { VersigemsLedgerRow } from '../../db/schema';
import type { components } from '../../generated/api';
import { viewerOf } from '../viewer';
import { ledgerPage, versigemsBalance } from './ledger';
import { VERSIGEMS_PRICES } from './pricing';

type Schemas = components['schemas'];

const ledgerEntry = (row: VersigemsLedgerRow): Schemas['PaymentsLedgerEntry'] => ({
  id: row.id,
  delta: row.delta,
  reason: row.reason,
  reference:
    row.referenceKind && row.referenceId
      ? {
          kind: row.referenceKind as Schemas['PaymentsLedgerReference']['kind'],
          id: row.referenceId,
          label: row.referenceLabel ?? '',
        }
      : null,
  balanceAfter: row.balanceAfter,
  createdAt: row.createdAt.toISOString(),
});

/** The versigems operations of the payments tag: the freelancer's balance and ledger. */
export const versigemsRoutes: OperationHandlers = {
  getVersigemsBalance: async (request) => {
    const { userId } = viewerOf(request);
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? 20;
    // One snapshot, so the balance is the one the newest entry of the ledger explains.
    const { balance, rows, total } = await request.server.db.transaction(
      async (tx) => {
        const balance = await versigemsBalance(tx, userId);
        return { balance, ...(await ledgerPage(tx, userId, page, pageSize)) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return {
      balance,
      unlockCost: VERSIGEMS_PRICES.unlock,
      ledger: {
        items: rows.map(ledgerEntry),
        pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
      },
    };
  },
};
