/**
 * `npm run contract:coverage`: how much of the contract the server implements, by tag, and
 * whether every row of the spec's call inventory (openapi/spec-calls.tsv) is named by some
 * operation's `x-spec`. Exits 1 when a row is uncovered. Reads the bundled contract
 * (openapi/generated/openapi.yaml; `npm run codegen` refreshes it).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadContract, type Contract } from '../src/server/contract/document';
import { allOperationHandlers } from '../src/server/modules';

export const SPEC_CALLS_PATH = fileURLToPath(new URL('../openapi/spec-calls.tsv', import.meta.url));

export interface TagCoverage {
  tag: string;
  declared: number;
  implemented: number;
  missing: string[];
}

export interface ContractCoverage {
  tags: TagCoverage[];
  declared: number;
  implemented: number;
  /** Inventory rows no operation names in `x-spec`. */
  uncoveredSpecIds: string[];
  /** `x-spec` values that are not rows of the inventory. */
  unknownSpecIds: string[];
}

/** The inventory's ids: column 1 of every row after the header. */
export function readSpecCallIds(tsv: string): string[] {
  return tsv
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0]!.trim())
    .filter((id) => id !== '');
}

export function contractCoverage(
  contract: Contract,
  implementedIds: Iterable<string>,
  specCallIds: string[],
): ContractCoverage {
  const implemented = new Set(implementedIds);
  const byTag = new Map<string, TagCoverage>();
  for (const operation of contract.operations) {
    const tag = byTag.get(operation.tag) ?? { tag: operation.tag, declared: 0, implemented: 0, missing: [] };
    tag.declared += 1;
    if (implemented.has(operation.operationId)) tag.implemented += 1;
    else tag.missing.push(operation.operationId);
    byTag.set(operation.tag, tag);
  }
  const named = new Set(contract.operations.flatMap((operation) => operation.specIds));
  const inventory = new Set(specCallIds);
  const tags = [...byTag.values()];
  return {
    tags,
    declared: contract.operations.length,
    implemented: tags.reduce((sum, tag) => sum + tag.implemented, 0),
    uncoveredSpecIds: specCallIds.filter((id) => !named.has(id)),
    unknownSpecIds: [...named].filter((id) => !inventory.has(id)).sort(),
  };
}

export function formatCoverage(coverage: ContractCoverage, specCallCount: number): string {
  const width = Math.max(...coverage.tags.map((tag) => tag.tag.length), 5);
  const lines = ['Operations implemented / declared, by tag:'];
  for (const tag of coverage.tags) {
    lines.push(
      `  ${tag.tag.padEnd(width)}  ${String(tag.implemented).padStart(3)} / ${String(tag.declared).padEnd(3)}`,
    );
  }
  lines.push(`  ${'total'.padEnd(width)}  ${String(coverage.implemented).padStart(3)} / ${coverage.declared}`);
  const covered = specCallCount - coverage.uncoveredSpecIds.length;
  lines.push('', `Spec call inventory: ${covered} of ${specCallCount} rows named by an operation's x-spec.`);
  if (coverage.uncoveredSpecIds.length > 0) lines.push(`  Uncovered: ${coverage.uncoveredSpecIds.join(', ')}`);
  if (coverage.unknownSpecIds.length > 0)
    lines.push(`  x-spec values not in the inventory: ${coverage.unknownSpecIds.join(', ')}`);
  return lines.join('\n');
}

function main(): void {
  const specCallIds = readSpecCallIds(readFileSync(SPEC_CALLS_PATH, 'utf8'));
  const coverage = contractCoverage(loadContract(), Object.keys(allOperationHandlers()), specCallIds);
  console.log(formatCoverage(coverage, specCallIds.length));
  if (coverage.uncoveredSpecIds.length > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
