// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_DATA_DIR, loadCatalogueData } from '../../../src/server/modules/catalogue/data-files';

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the data folder to spoil. */
function copy(): { dir: string; edit(name: string, change: (family: Record<string, unknown>) => unknown): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'catalogue-data-'));
  copies.push(root);
  const dir = path.join(root, 'data');
  cpSync(CATALOGUE_DATA_DIR, dir, { recursive: true });
  return {
    dir,
    edit(name, change) {
      const file = path.join(dir, 'families', `${name}.json`);
      writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)));
    },
  };
}

describe('the catalogue data files', () => {
  it('hold the six families in order, each with an icon the web app draws', () => {
    const data = loadCatalogueData();
    expect(data.families.map((family) => [family.slug, family.position, family.icon])).toEqual([
      ['web-design-and-development', 1, 'browser'],
      ['mobile-app', 2, 'mobile'],
      ['data-and-analytics', 3, 'bar-chart'],
      ['software-development', 4, 'code'],
      ['finance-transformation', 5, 'trend-up'],
      ['machine-learning-and-ai', 6, 'chip'],
    ]);
    expect(data.families.flatMap((family) => family.tools)).toHaveLength(434);
    expect(Object.keys(data.shared.optionLists)).toEqual([
      'business-type',
      'industry-type',
      'project-duration',
      'payment-type',
      'hiring-decision',
      'business-size',
    ]);
    expect(data.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(loadCatalogueData().hash).toBe(data.hash);
  });

  it('change their hash with any change, and give a family without an icon the default one', () => {
    const before = loadCatalogueData().hash;
    const spoilt = copy();
    spoilt.edit('mobile-app', ({ icon: _icon, ...family }) => family);
    const data = loadCatalogueData(spoilt.dir);
    expect(data.families.find((family) => family.slug === 'mobile-app')?.icon).toBe('default');
    expect(data.hash).not.toBe(before);
  });

  it('stop the start-up naming the file and field of a mistake', () => {
    const wrongSlug = copy();
    wrongSlug.edit('mobile-app', (family) => ({ ...family, slug: 'mobile-apps' }));
    expect(() => loadCatalogueData(wrongSlug.dir)).toThrow(
      'catalogue data families/mobile-app.json: slug "mobile-apps" must match the file name',
    );

    const twice = copy();
    twice.edit('mobile-app', (family) => ({
      ...family,
      tools: [...(family.tools as object[]), { slug: 'wordpress', name: 'WordPress' }],
    }));
    expect(() => loadCatalogueData(twice.dir)).toThrow(
      'catalogue data families/mobile-app.json: tool WordPress is also listed under web-design-and-development',
    );

    const badArea = copy();
    badArea.edit('finance-transformation', (family) => ({
      ...family,
      servicesPage: { ...(family.servicesPage as object), areas: [{ subFamily: 'audit', label: 'Audit' }] },
    }));
    expect(() => loadCatalogueData(badArea.dir)).toThrow(
      'servicesPage.areas[0].subFamily "audit" is not one of its sub-families',
    );
  });
});
