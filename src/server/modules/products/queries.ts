import type { Database } from '../../db/database';
import { productRequests, type ProductRequestRow } from '../../db/schema';

export type NewProductRequestRow = typeof productRequests.$inferInsert;

export async function insertProductRequest(db: Database, values: NewProductRequestRow): Promise<ProductRequestRow> {
  const [row] = await db.insert(productRequests).values(values).returning();
  return row!;
}
