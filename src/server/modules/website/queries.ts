import type { Database } from '../../db/database';
import { websiteRequests, type WebsiteRequestRow } from '../../db/schema';

export async function insertWebsiteRequest(
  db: Database,
  values: typeof websiteRequests.$inferInsert,
): Promise<WebsiteRequestRow> {
  const [row] = await db.insert(websiteRequests).values(values).returning();
  return row!;
}
