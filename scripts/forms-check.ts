import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalogueData } from '../src/server/modules/catalogue/data-files';
import { checkForms } from '../src/shared/forms/check';

// Usage: tsx scripts/forms-check.ts [forms folder] [catalogue data folder] — the arguments let copies be checked.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const formsDir = path.resolve(process.argv[2] ?? path.join(root, 'forms'));
const contractPath = path.join(root, 'openapi/generated/openapi.yaml');

// The families the server writes into the catalogue at start-up (src/server/catalogue-data/).
const { families } = loadCatalogueData(process.argv[3] ? path.resolve(process.argv[3]) : undefined);
const result = checkForms({ formsDir, contractPath, families });

for (const form of result.forms) {
  console.log(
    `${form.id.padEnd(72)} ${String(form.fields).padStart(2)} fields  ${String(form.steps).padStart(2)} steps  ` +
      `${form.validExamples} valid / ${form.invalidExamples} invalid examples  ${form.optionLists.length} catalogue lists`,
  );
}
const total = (key: 'fields' | 'steps' | 'validExamples' | 'invalidExamples') =>
  result.forms.reduce((sum, form) => sum + form[key], 0);
const usedLists = new Set(result.forms.flatMap((form) => form.optionLists));
console.log(
  `\n${result.forms.length} forms, ${total('fields')} fields, ${total('steps')} steps, ` +
    `${total('validExamples') + total('invalidExamples')} examples (${total('validExamples')} valid, ${total('invalidExamples')} invalid); ` +
    `${usedLists.size} of ${result.catalogueLists.length} catalogue lists referenced.`,
);

if (!result.ok) {
  console.error(`\nforms check failed with ${result.problems.length} problem(s):`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('forms check passed.');
