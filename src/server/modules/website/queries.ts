import type { Database } from '../../db/database';
import { contactMessages, websiteRequests, type ContactMessageRow, type WebsiteRequestRow } from '../../db/schema';

export async function insertWebsiteRequest(
  db: Database,
  values: typeof websiteRequests.$inferInsert,
): Promise<WebsiteRequestRow> {
  const [row] = await db.insert(websiteRequests).values(values).returning();
  return row!;
}

export async function insertContactMessage(
  db: Database,
  values: typeof contactMessages.$inferInsert,
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}
