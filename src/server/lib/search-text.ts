/**
 * Text search, shared by the job board, the directories, the site search and the catalogue:
 * one normal form for names, and the words and prefix query PostgreSQL full-text search takes.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The one normal form search compares: lower case, accents stripped, punctuation turned into
 * single spaces (so `Node.js` and `node js` meet), keeping `+` and `#` that tell C, C++ and C#
 * apart. The data migration stores names in this form and queries are put in it before they
 * reach SQL, which also keeps LIKE's wildcards and escapes out of user input.
 */
export function searchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}

/** Words of a search as PostgreSQL sees them: letters and digits only, so no query syntax gets through. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** Every word as a prefix, all required: `power bi` finds "Power BI dashboards". */
export const prefixQuery = (words: string[]): SQL =>
  sql`to_tsquery('english', ${words.map((word) => `${word}:*`).join(' & ')})`;
