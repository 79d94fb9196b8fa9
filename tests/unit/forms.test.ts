// @vitest-environment node
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadCatalogueData } from '../../src/server/modules/catalogue/data-files';
import { createFormsAjv } from '../../src/shared/forms/ajv';
import { checkForms, readBodyFormIndex, readFormIndex, readFullFormIndex } from '../../src/shared/forms/check';
import { loadForms } from '../../src/shared/forms/load';
import { formDataOf, submissionOf } from '../../src/shared/forms/submission';

/** The catalogue's families, from the data files the server writes into it. */
const FAMILIES = loadCatalogueData().families;

const root = path.resolve(__dirname, '../..');
const realForms = path.join(root, 'forms');
const contractPath = path.join(root, 'openapi/generated/openapi.yaml');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A throw-away copy of forms/ to break or extend. */
function copyForms(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forms-check-'));
  temps.push(dir);
  const forms = path.join(dir, 'forms');
  cpSync(realForms, forms, { recursive: true });
  return forms;
}

type Json = Record<string, unknown>;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;
const writeJson = (file: string, value: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
};
const edit = (file: string, change: (json: Json) => void) => {
  const json = readJson(file);
  change(json);
  writeJson(file, json);
};

const WEB = 'requests/web-design-and-development';

describe('forms check', () => {
  it('passes on the real forms folder and finds every form of the index', () => {
    const result = checkForms({ formsDir: realForms, contractPath, families: FAMILIES });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    const ids = readFullFormIndex(realForms).map((entry) => entry.id);
    expect(result.forms.map((form) => form.id).sort()).toEqual([...ids].sort());
    expect(readFormIndex(realForms)).toHaveLength(14);
    expect(readBodyFormIndex(realForms).map((entry) => entry.group)).toEqual(
      expect.arrayContaining(['onboarding', 'profile']),
    );
    for (const form of result.forms) {
      expect(form.validExamples).toBeGreaterThan(0);
      expect(form.invalidExamples).toBeGreaterThan(0);
    }
    const business = result.forms.find((form) => form.id === 'requests/data-and-analytics-business');
    expect(business?.steps).toBeGreaterThanOrEqual(3);
    expect(result.catalogueLists).toEqual(
      expect.arrayContaining(['currency', 'tool', 'country', 'language', 'web-design-and-development/features']),
    );
  });

  it('fails on a ui.json key that names no field, naming the file', () => {
    const forms = copyForms();
    edit(path.join(forms, WEB, 'ui.json'), (ui) => {
      ui.colour = { 'ui:widget': 'color' };
      (ui.budget as Json).ceiling = { 'ui:placeholder': 'x' };
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(
      expect.stringMatching(/forms\/requests\/web-design-and-development\/ui\.json: "colour"/),
    );
    expect(result.problems).toContainEqual(expect.stringContaining('"budget.ceiling" is not a field'));
  });

  it('fails on a widget the web app does not have', () => {
    const forms = copyForms();
    edit(path.join(forms, WEB, 'ui.json'), (ui) => {
      (ui.features as Json)['ui:widget'] = 'chekboxes';
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toEqual([
      expect.stringMatching(
        /^forms\/requests\/web-design-and-development\/ui\.json: ui:widget "chekboxes" \(under features\)/,
      ),
    ]);
  });

  it('fails on a ui:order entry that names no field', () => {
    const forms = copyForms();
    edit(path.join(forms, WEB, 'ui.json'), (ui) => {
      (ui['ui:order'] as string[]).push('colour');
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toContainEqual(
      expect.stringMatching(/web-design-and-development\/ui\.json: ui:order names "colour"/),
    );
  });

  it('fails on an x-options list the catalogue does not have, and on a catalogue field that lists its options', () => {
    const forms = copyForms();
    edit(path.join(forms, WEB, 'schema.json'), (schema) => {
      const properties = schema.properties as Record<string, Json>;
      properties.pageCount!['x-options'] = 'web-design-and-development/page-counts';
      properties.cmsPlatform!.enum = ['wordpress', 'webflow'];
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(
      expect.stringMatching(
        /web-design-and-development\/schema\.json: x-options "web-design-and-development\/page-counts"/,
      ),
    );
    expect(result.problems).toContainEqual(
      expect.stringMatching(/schema\.json: x-options at \/properties\/cmsPlatform: .*must not list/),
    );
  });

  it('fails when a step leaves a field out or a field is in two steps', () => {
    const forms = copyForms();
    edit(path.join(forms, 'requests/data-and-analytics-business/schema.json'), (schema) => {
      const steps = schema['x-steps'] as { id: string; fields: string[] }[];
      steps[1]!.fields = steps[1]!.fields.filter((field) => field !== 'dataVolume');
      steps[2]!.fields.push('tools');
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toContainEqual(
      'forms/requests/data-and-analytics-business/schema.json: x-steps: field "dataVolume" is in no step',
    );
    expect(result.problems).toContainEqual(expect.stringContaining('"tools" is already in step "data"'));
  });

  it('fails when a valid example does not pass or an invalid one does', () => {
    const forms = copyForms();
    const examples = path.join(forms, WEB, 'examples');
    edit(path.join(examples, 'valid-complete.json'), (answers) => {
      answers.budget = { type: 'fixed', min: 1000, currency: 'USD' };
    });
    writeJson(path.join(examples, 'invalid-actually-fine.json'), readJson(path.join(examples, 'valid-short.json')));
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toContainEqual(
      expect.stringMatching(
        /web-design-and-development\/examples\/valid-complete\.json: should pass but fails: .*budget/,
      ),
    );
    expect(result.problems).toContainEqual(
      expect.stringMatching(/invalid-actually-fine\.json: should fail but passes/),
    );
  });

  it('fails on a $ref that does not resolve', () => {
    const forms = copyForms();
    edit(path.join(forms, WEB, 'schema.json'), (schema) => {
      (schema.properties as Record<string, Json>).industry = { $ref: '../../_defs/common.json#/$defs/sector' };
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toEqual([
      expect.stringMatching(
        /web-design-and-development\/schema\.json: does not compile: can't resolve reference .*sector/,
      ),
    ]);
  });

  it('fails on a misspelt keyword instead of silently ignoring it', () => {
    const forms = copyForms();
    edit(path.join(forms, '_defs/common.json'), (common) => {
      ((common.$defs as Record<string, Json>).goal as Json).maxLenght = 10;
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toContainEqual(
      'forms/_defs/common.json: does not compile ($defs/goal): strict mode: unknown keyword: "maxLenght"',
    );
  });

  it('fails when index.json and the folders disagree', () => {
    const forms = copyForms();
    edit(path.join(forms, 'index.json'), (index) => {
      const entries = index.forms as Json[];
      index.forms = entries.filter((entry) => entry.id !== 'requests/mobile-app');
      (index.forms as Json[]).push({ ...entries[0], id: 'requests/ghost', path: 'requests/ghost' });
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toContainEqual('forms/index.json: forms/requests/mobile-app has no entry');
    expect(result.problems).toContainEqual(
      expect.stringContaining('entry "requests/ghost": no folder forms/requests/ghost'),
    );
  });

  it('accepts a new form folder for a new service family without any code change', () => {
    const forms = copyForms();
    const dir = path.join(forms, 'requests/cybersecurity');
    const id = 'https://marketplace.example/forms/requests/cybersecurity/schema.json';
    const common = '../../_defs/common.json#/$defs/';
    writeJson(path.join(dir, 'schema.json'), {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: id,
      title: 'Cybersecurity',
      description: 'Penetration tests, security reviews and compliance readiness.',
      type: 'object',
      additionalProperties: false,
      required: ['title', 'description', 'assessmentType', 'budget', 'hiringDecision'],
      properties: {
        title: { $ref: common + 'title' },
        description: { $ref: common + 'description' },
        assessmentType: {
          type: 'string',
          title: 'What do you need?',
          oneOf: [
            { const: 'penetration-test', title: 'Penetration test' },
            { const: 'security-review', title: 'Security review' },
          ],
        },
        targets: { $ref: common + 'countries', title: 'Where are the systems hosted?' },
        industry: { $ref: common + 'industry' },
        budget: { $ref: common + 'budget' },
        hiringDecision: { $ref: common + 'hiringDecision' },
      },
      'x-steps': [
        { id: 'scope', title: 'Scope', fields: ['title', 'description', 'assessmentType', 'targets'] },
        { id: 'budget', title: 'Budget', fields: ['industry', 'budget', 'hiringDecision'] },
      ],
    });
    writeJson(path.join(dir, 'ui.json'), {
      'ui:order': ['title', 'description', 'assessmentType', 'targets', '*'],
      description: { 'ui:widget': 'textarea' },
      assessmentType: { 'ui:widget': 'radio' },
      budget: { type: { 'ui:widget': 'radio' } },
    });
    const valid = {
      title: 'Penetration test of our customer portal',
      description: 'A grey-box penetration test of our customer portal and its public API before our SOC 2 audit.',
      assessmentType: 'penetration-test',
      targets: ['DE'],
      budget: { type: 'fixed', min: 8000, max: 15000, currency: 'EUR' },
      hiringDecision: 'within-a-month',
    };
    writeJson(path.join(dir, 'examples/valid-portal.json'), valid);
    writeJson(path.join(dir, 'examples/invalid-no-assessment.json'), { ...valid, assessmentType: 'audit' });
    edit(path.join(forms, 'index.json'), (index) => {
      (index.forms as Json[]).push({
        id: 'requests/cybersecurity',
        group: 'requests',
        kind: 'service-request',
        family: 'cybersecurity',
        subFamily: null,
        title: 'Cybersecurity',
        path: 'requests/cybersecurity',
        operationId: 'createServiceRequest',
        envelopeFields: ['title'],
      });
    });
    // A new family is a catalogue row (data) and a forms folder: the contract stays as it is.
    const families = [...FAMILIES, { slug: 'cybersecurity', subFamilies: [] }];
    const result = checkForms({ formsDir: forms, contractPath, families });
    expect(result.problems).toEqual([]);
    const added = result.forms.find((form) => form.id === 'requests/cybersecurity');
    expect(added).toMatchObject({ fields: 7, steps: 2, validExamples: 1, invalidExamples: 1 });
    expect(added?.optionLists).toEqual(['country', 'currency', 'hiring-decision', 'industry-type']);

    // Without the catalogue knowing the family, the index entry is refused by name.
    const unknown = checkForms({ formsDir: forms, contractPath, families: FAMILIES });
    expect(unknown.problems).toEqual([
      'forms/index.json: entry "requests/cybersecurity": family "cybersecurity" is not a service family of the catalogue',
    ]);
  });

  it('accepts a new sub-family form of an existing family with the contract as it is', () => {
    const forms = copyForms();
    const from = path.join(forms, 'requests/data-and-analytics-personal');
    const dir = path.join(forms, 'requests/data-and-analytics-marketing');
    cpSync(from, dir, { recursive: true });
    edit(path.join(dir, 'schema.json'), (schema) => {
      schema.$id = 'https://marketplace.example/forms/requests/data-and-analytics-marketing/schema.json';
      schema.title = 'Marketing analytics';
    });
    edit(path.join(forms, 'index.json'), (index) => {
      const entries = index.forms as Json[];
      const personal = entries.find((entry) => entry.id === 'requests/data-and-analytics-personal')!;
      entries.push({
        ...personal,
        id: 'requests/data-and-analytics-marketing',
        path: 'requests/data-and-analytics-marketing',
        subFamily: 'marketing',
        title: 'Marketing analytics',
      });
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toEqual([]);
    expect(result.forms).toHaveLength(readFullFormIndex(realForms).length + 1);
  });
});

describe('forms check: onboarding and profile forms against the contract', () => {
  const TAGLINE = 'profile/freelancer-tagline';
  const CONTACT = 'onboarding/business-personal-contact';

  it('accepts the account lists of the services a provider offers as x-options', () => {
    const result = checkForms({ formsDir: realForms, contractPath, families: FAMILIES });
    expect(result.catalogueLists).toEqual(
      expect.arrayContaining(['provider-services', 'service-family', 'service-sub-family']),
    );
  });

  it('reports a valid example the contract operation refuses, naming the example and the operation', () => {
    const forms = copyForms();
    // A drifted copy: the form lets the tagline grow past the contract's 160 characters.
    edit(path.join(forms, TAGLINE, 'schema.json'), (schema) => {
      ((schema.properties as Record<string, Json>).tagline as Json).maxLength = 300;
    });
    writeJson(path.join(forms, TAGLINE, 'examples/valid-long.json'), { tagline: 'A four-day close. '.repeat(12) });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toEqual([
      expect.stringMatching(
        /^forms\/profile\/freelancer-tagline\/examples\/valid-long\.json: passes the form but updateFreelancerTagline refuses it: .*tagline/,
      ),
    ]);
  });

  it('reports a field the contract body refuses and a required field the form leaves optional', () => {
    const forms = copyForms();
    edit(path.join(forms, CONTACT, 'schema.json'), (schema) => {
      (schema.properties as Record<string, Json>).nickname = { type: 'string', title: 'Nickname' };
      schema.required = (schema.required as string[]).filter((name) => name !== 'jobTitle');
    });
    edit(path.join(forms, CONTACT, 'ui.json'), (ui) => {
      (ui['ui:order'] as string[]).push('nickname');
    });
    const result = checkForms({ formsDir: forms, contractPath });
    const file = 'forms/onboarding/business-personal-contact/schema.json';
    // The form serves the set and the update operation: both are named.
    expect(result.problems).toEqual(
      expect.arrayContaining([
        `${file}: accepts "nickname", which the setBusinessPersonalContact body refuses`,
        `${file}: accepts "nickname", which the updateBusinessPersonalContact body refuses`,
        `${file}: "jobTitle" is required by setBusinessPersonalContact but not by the form`,
      ]),
    );
  });

  it('reports a multipart form whose file parts are not declared, or declared as form fields', () => {
    const forms = copyForms();
    edit(path.join(forms, 'index.json'), (index) => {
      const entry = (index.forms as Json[]).find((candidate) => candidate.id === 'profile/freelancer-project')!;
      entry.fileFields = ['images', 'attachments'];
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'forms/index.json: entry "profile/freelancer-project": file field "attachments" is not a part of addFreelancerProject',
        'forms/index.json: entry "profile/freelancer-project": addFreelancerProject has the file part "files": list it in fileFields',
      ]),
    );
  });

  it('reports an entry with an operation the contract does not have or a kind outside its group', () => {
    const forms = copyForms();
    edit(path.join(forms, 'index.json'), (index) => {
      const entry = (index.forms as Json[]).find((candidate) => candidate.id === TAGLINE)!;
      entry.operationIds = ['updateFreelancerTagline', 'updateFreelancerMotto'];
      entry.kind = 'onboarding';
      entry.family = 'finance-transformation';
    });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toEqual([
      'forms/index.json: entry "profile/freelancer-tagline": unknown key "family"',
      'forms/index.json: entry "profile/freelancer-tagline": kind must be profile-section in group profile',
      'forms/index.json: entry "profile/freelancer-tagline": operationId "updateFreelancerMotto" is not an operation of the contract',
    ]);
  });

  it('still requires invalid examples to fail the form itself', () => {
    const forms = copyForms();
    writeJson(path.join(forms, TAGLINE, 'examples/invalid-fine.json'), { tagline: null });
    const result = checkForms({ formsDir: forms, contractPath });
    expect(result.problems).toEqual([
      'forms/profile/freelancer-tagline/examples/invalid-fine.json: should fail but passes the schema',
    ]);
  });
});

describe('loading forms for the server', () => {
  it('bundles every form into a schema a fresh Ajv compiles, and the contract example validates', () => {
    const forms = loadForms(realForms);
    expect([...forms.keys()].sort()).toEqual(
      readFormIndex(realForms)
        .map((entry) => entry.id)
        .sort(),
    );
    const ajv = createFormsAjv();
    for (const form of forms.values()) {
      const validate = ajv.compile(form.schema);
      const dir = path.join(realForms, form.entry.path, 'examples');
      for (const name of readdirSync(dir)) {
        expect(validate(readJson(path.join(dir, name))), `${form.entry.id} ${name}`).toBe(name.startsWith('valid-'));
      }
      expect(form.steps.flatMap((step) => step.fields).sort()).toEqual(
        Object.keys(form.schema.properties as Json).sort(),
      );
    }

    // The request body the contract shows for createServiceRequest is a valid submission of its form.
    const contract = parse(readFileSync(contractPath, 'utf8')) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { example: Json }> } } }>;
    };
    const body = contract.paths['/service/request/new/']!.post.requestBody.content['application/json']!.example as {
      formId: string;
      title: string;
      attachments: string[];
      answers: Json;
    };
    const form = forms.get(body.formId)!;
    const data = formDataOf(form.entry.envelopeFields, body);
    expect(ajv.validate(form.schema, data), ajv.errorsText()).toBe(true);
    expect(submissionOf(form.entry.envelopeFields, data)).toEqual({
      title: body.title,
      attachments: body.attachments,
      answers: body.answers,
    });
    // So are the product request bodies of the NetSuite and React forms.
    for (const [route, id] of [
      ['/products/request/new/', 'requests/netsuite'],
      ['/products/react/hire/', 'requests/react-developers'],
    ] as const) {
      const example = contract.paths[route]!.post.requestBody.content['application/json']!.example;
      expect(ajv.validate(forms.get(id)!.schema, example), `${id}: ${ajv.errorsText()}`).toBe(true);
    }
    expect(form.catalogueFields).toContainEqual({
      path: ['budget', 'currency'],
      list: 'currency',
      multiple: false,
    });
  });
});
