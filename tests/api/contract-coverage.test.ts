import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractCoverage, formatCoverage, readSpecCallIds, SPEC_CALLS_PATH } from '../../scripts/contract-coverage';
import { loadContract, readContract } from '../../src/server/contract/document';
import { allOperationHandlers } from '../../src/server/modules';

describe('contract coverage', () => {
  it('counts implemented against declared by tag and lists inventory rows nobody names', () => {
    const contract = readContract({
      paths: {
        '/csrf/': {
          get: { operationId: 'getCsrfToken', tags: ['auth'], 'x-access': ['anonymous'], 'x-spec': ['A00'] },
        },
        '/auth/me/': {
          get: { operationId: 'getMe', tags: ['auth'], 'x-access': ['signed-in'], 'x-spec': ['A05', 'Z99'] },
        },
        '/website/search/': { post: { operationId: 'searchWebsite', tags: ['website'], 'x-access': ['anonymous'] } },
      },
    });
    const coverage = contractCoverage(contract, ['getCsrfToken'], ['A00', 'A01', 'A05']);
    expect(coverage.tags).toEqual([
      { tag: 'auth', declared: 2, implemented: 1, missing: ['getMe'] },
      { tag: 'website', declared: 1, implemented: 0, missing: ['searchWebsite'] },
    ]);
    expect(coverage.uncoveredSpecIds).toEqual(['A01']);
    expect(coverage.unknownSpecIds).toEqual(['Z99']);
    expect(formatCoverage(coverage, 3)).toContain('Uncovered: A01');
  });

  it('the contract names all 129 rows of the spec call inventory', () => {
    const ids = readSpecCallIds(readFileSync(SPEC_CALLS_PATH, 'utf8'));
    expect(ids).toHaveLength(129);
    const coverage = contractCoverage(loadContract(), Object.keys(allOperationHandlers()), ids);
    expect(coverage.uncoveredSpecIds).toEqual([]);
    expect(coverage.implemented).toBeGreaterThanOrEqual(1);
  });
});
