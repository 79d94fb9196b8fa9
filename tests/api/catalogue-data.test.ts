import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueMigration } from '../../scripts/catalogue-data';
import { MIGRATIONS_FOLDER } from '../../src/server/db/database';

describe('the catalogue data migration', () => {
  const { sql, counts } = catalogueMigration();

  // Row for row rather than byte for byte: display names come from Node's CLDR data, which a
  // Node.js update may reword; `tsx scripts/catalogue-data.ts --check` compares exactly.
  it('has the rows scripts/catalogue-data.ts writes from its sources (run it after editing scripts/catalogue/)', () => {
    const rowKeys = (text: string) => text.match(/^ {2}\('[^']*'/gm) ?? [];
    const committed = readFileSync(`${MIGRATIONS_FOLDER}/0003_catalogue_data.sql`, 'utf8');
    expect(rowKeys(committed)).toEqual(rowKeys(sql));
    expect(rowKeys(sql).length).toBeGreaterThan(4000);
  });

  it('holds the full standard lists and a few hundred tools', () => {
    expect(counts.tools).toBeGreaterThan(300);
    expect(counts.countries).toBe(249);
    expect(counts.currencies).toBeGreaterThan(140);
    expect(counts.languages).toBeGreaterThan(180);
    expect(counts.subdivisions).toBeGreaterThan(3000);
  });

  it('keeps every statement apart, so PGlite runs them one by one', () => {
    for (const statement of sql.split('--> statement-breakpoint')) {
      expect(statement.trim().replace(/;$/, '')).not.toMatch(/;\s*(INSERT|CREATE)\b/);
    }
  });
});
