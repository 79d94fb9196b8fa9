import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createFormsAjv } from './ajv';
import { accountListsFromContract, catalogueListsFromContract } from './catalogue-lists';
import {
  BODY_FORM_CONTEXT_FIELDS,
  BODY_FORM_KINDS,
  isBodyFormEntry,
  type AnyFormIndexEntry,
  type BodyFormIndexEntry,
  type FormIndexEntry,
} from './entries';
import { KNOWN_WIDGETS } from './widgets';

export { BODY_FORM_KINDS, isBodyFormEntry };
export type { AnyFormIndexEntry, BodyFormIndexEntry, FormIndexEntry };

type Json = unknown;
type JsonObject = Record<string, Json>;

export interface FormsCheckOptions {
  /** The forms folder (`forms/`). */
  formsDir: string;
  /** The bundled contract the catalogue lists are read from (`openapi/generated/openapi.yaml`). */
  contractPath: string;
  /**
   * The service families (and their sub-families) the catalogue holds: a form's `family` and
   * `subFamily` must name one. Without it, only the slugs' shape is checked.
   */
  families?: { slug: string; subFamilies: { slug: string }[] }[];
}

export interface CheckedForm {
  id: string;
  fields: number;
  steps: number;
  validExamples: number;
  invalidExamples: number;
  optionLists: string[];
}

export interface FormsCheckResult {
  ok: boolean;
  /** One line per problem, each starting with the file it is about. */
  problems: string[];
  forms: CheckedForm[];
  /** The catalogue lists `x-options` may name. */
  catalogueLists: string[];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
/** Keywords whose values are data, not schemas: a walk for `x-options` must not look inside them. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example', 'x-steps']);
/** Keywords that narrow a choice to fixed values; a catalogue field must leave its values to the database. */
const FIXED_CHOICE_KEYWORDS = ['enum', 'const', 'oneOf', 'anyOf'];

const isObject = (v: Json): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `$id` the contract is loaded under, so its `#/components/...` references resolve in Ajv. */
const CONTRACT_ID = 'https://marketplace.example/openapi/openapi.json';

/** A schema node with the URI its relative `$ref`s resolve against. */
interface Located {
  node: JsonObject;
  base: string;
}

/** The parts of a schema node the check needs once its `$ref` chain is followed. */
interface SchemaView {
  types: Set<string>;
  /** Its own properties, those its `$ref` adds, and those an `if` adds through `then`/`else`. */
  properties: Map<string, Located>;
  /** Top-level `required` names, its `$ref`'s included (not those a condition adds). */
  required: Set<string>;
  items: Located | null;
  fixedChoices: boolean;
}

class Checker {
  readonly problems: string[] = [];
  private readonly docs = new Map<string, JsonObject>();
  private readonly ajv: Ajv2020 = createFormsAjv();
  private lists = new Set<string>();
  private families = new Set<string>();
  private subFamilies = new Set<string>();
  private operationIds = new Set<string>();
  /** Contract operations by operationId, and an Ajv holding the contract, for the body cross-check. */
  private operations = new Map<string, JsonObject>();
  private contract: JsonObject | undefined;
  private contractAjv: Ajv2020 | undefined;
  /** Each form's examples, judged against the contract once the index says which operations it serves. */
  private examples = new Map<string, { file: string; kind: 'valid' | 'invalid'; data: Json }[]>();
  /** Each form's top-level `required`, compared with the contract's. */
  private required = new Map<string, Set<string>>();

  constructor(private readonly options: FormsCheckOptions) {}

  /** Paths in messages read as `forms/requests/<id>/ui.json`, whatever folder is checked. */
  private rel(file: string): string {
    return path.join(path.basename(this.options.formsDir), path.relative(this.options.formsDir, file));
  }

  private problem(file: string, message: string): void {
    this.problems.push(`${this.rel(file)}: ${message}`);
  }

  private readJson(file: string): Json | undefined {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Json;
    } catch (error) {
      this.problem(file, `not readable JSON (${(error as Error).message})`);
      return undefined;
    }
  }

  run(): FormsCheckResult {
    this.loadContract();
    const formsDir = this.options.formsDir;
    if (!existsSync(formsDir)) {
      this.problems.push(`${formsDir}: the forms folder does not exist`);
      return this.result([]);
    }
    this.loadDefs(path.join(formsDir, '_defs'));
    const folders = this.formFolders();
    const checked: CheckedForm[] = [];
    const titles = new Map<string, string>();
    const properties = new Map<string, Set<string>>();
    for (const folder of folders) {
      const form = this.checkForm(folder);
      if (form) {
        checked.push(form.summary);
        titles.set(form.summary.id, form.title);
        properties.set(form.summary.id, form.properties);
      }
    }
    this.checkIndex(
      folders.map((folder) => this.formId(folder)),
      titles,
      properties,
    );
    return this.result(checked);
  }

  private result(forms: CheckedForm[]): FormsCheckResult {
    return { ok: this.problems.length === 0, problems: this.problems, forms, catalogueLists: [...this.lists].sort() };
  }

  private loadContract(): void {
    const file = this.options.contractPath;
    let contract: Json;
    try {
      contract = parseYaml(readFileSync(file, 'utf8')) as Json;
    } catch (error) {
      this.problems.push(`${file}: the contract cannot be read (${(error as Error).message})`);
      return;
    }
    this.lists = new Set([...catalogueListsFromContract(contract), ...accountListsFromContract(contract)]);
    if (this.lists.size === 0) this.problems.push(`${file}: no catalogue lists found in the contract`);
    if (!isObject(contract)) return;
    for (const family of this.options.families ?? []) {
      this.families.add(family.slug);
      for (const subFamily of family.subFamilies) this.subFamilies.add(`${family.slug}/${subFamily.slug}`);
    }
    for (const item of Object.values(isObject(contract.paths) ? contract.paths : {})) {
      if (!isObject(item)) continue;
      for (const operation of Object.values(item)) {
        if (isObject(operation) && typeof operation.operationId === 'string') {
          this.operationIds.add(operation.operationId);
          this.operations.set(operation.operationId, operation);
        }
      }
    }
    this.contract = contract;
  }

  private loadDefs(dir: string): void {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (!name.endsWith('.json')) {
        this.problem(file, 'only .json files belong in _defs');
        continue;
      }
      const schema = this.readJson(file);
      if (!isObject(schema)) continue;
      if (!this.checkMetadata(file, schema)) continue;
      try {
        this.ajv.addSchema(schema);
        this.docs.set(schema.$id as string, schema);
      } catch (error) {
        this.problem(file, `not a valid JSON Schema: ${(error as Error).message}`);
      }
    }
    // Definitions are compiled once all are loaded, so one may reference another.
    for (const [id, schema] of this.docs) {
      // Ajv compiles a definition only when something references it, so each one is compiled here.
      const targets = ['', ...Object.keys(isObject(schema.$defs) ? schema.$defs : {}).map((name) => `#/$defs/${name}`)];
      for (const target of targets) {
        try {
          this.ajv.getSchema(id + target);
        } catch (error) {
          const where = target ? ` (${target.slice(2)})` : '';
          this.problem(this.fileOfId(id) ?? dir, `does not compile${where}: ${(error as Error).message}`);
        }
      }
      this.checkOptionFields(this.fileOfId(id) ?? dir, schema, id);
    }
  }

  private fileOfId(id: string): string | undefined {
    const marker = '/forms/';
    const at = id.lastIndexOf(marker);
    return at < 0 ? undefined : path.join(this.options.formsDir, id.slice(at + marker.length));
  }

  /** Group folders are the top-level folders not starting with `_`; each of their folders is one form. */
  private formFolders(): string[] {
    const formsDir = this.options.formsDir;
    const folders: string[] = [];
    for (const group of readdirSync(formsDir).sort()) {
      const groupDir = path.join(formsDir, group);
      if (group.startsWith('_') || group.startsWith('.') || !statSync(groupDir).isDirectory()) continue;
      if (!SLUG.test(group)) this.problem(groupDir, 'a group folder name must be a lower-case slug');
      for (const name of readdirSync(groupDir).sort()) {
        const dir = path.join(groupDir, name);
        if (!statSync(dir).isDirectory()) {
          this.problem(dir, 'only form folders belong in a group folder');
          continue;
        }
        if (!SLUG.test(name)) this.problem(dir, 'a form folder name must be a lower-case slug');
        folders.push(dir);
      }
    }
    return folders;
  }

  private formId(folder: string): string {
    return path.relative(this.options.formsDir, folder).split(path.sep).join('/');
  }

  private checkMetadata(file: string, schema: JsonObject): boolean {
    let ok = true;
    if (schema.$schema !== DRAFT_2020) {
      this.problem(file, `$schema must be "${DRAFT_2020}"`);
      ok = false;
    }
    if (typeof schema.$id !== 'string' || !/^https?:\/\/.+\/forms\/.+\.json$/.test(schema.$id)) {
      this.problem(file, '$id must be an absolute URL ending in /forms/<path of this file>');
      ok = false;
    } else if (!schema.$id.endsWith('/forms/' + this.formId(file))) {
      // The $id mirrors the file's place so relative $refs resolve the same in Ajv and on disk.
      this.problem(file, `$id must end with /forms/${this.formId(file)} (found ${schema.$id})`);
      ok = false;
    }
    for (const key of ['title', 'description']) {
      if (typeof schema[key] !== 'string' || (schema[key] as string).trim() === '') {
        this.problem(file, `${key} is missing`);
        ok = false;
      }
    }
    return ok;
  }

  private checkForm(folder: string): { summary: CheckedForm; title: string; properties: Set<string> } | undefined {
    const id = this.formId(folder);
    const schemaFile = path.join(folder, 'schema.json');
    const uiFile = path.join(folder, 'ui.json');
    const examplesDir = path.join(folder, 'examples');
    for (const name of readdirSync(folder)) {
      if (!['schema.json', 'ui.json', 'examples'].includes(name)) {
        this.problem(path.join(folder, name), 'a form folder holds only schema.json, ui.json and examples/');
      }
    }
    if (!existsSync(schemaFile)) {
      this.problem(schemaFile, 'missing');
      return undefined;
    }
    const schema = this.readJson(schemaFile);
    if (!isObject(schema)) {
      if (schema !== undefined) this.problem(schemaFile, 'must be a JSON object');
      return undefined;
    }
    if (!this.checkMetadata(schemaFile, schema)) return undefined;
    const base = schema.$id as string;
    // A form that is one shared object (an office, a reference) is `type: object` with a `$ref` to it.
    if (schema.type !== 'object' || (!isObject(schema.properties) && typeof schema.$ref !== 'string')) {
      this.problem(schemaFile, 'a form schema must be `type: object` with `properties` (or a `$ref` to an object)');
      return undefined;
    }

    let validate: ReturnType<Ajv2020['compile']> | undefined;
    this.docs.set(base, schema);
    try {
      validate = this.ajv.compile(schema);
    } catch (error) {
      this.problem(schemaFile, `does not compile: ${(error as Error).message}`);
    }

    const root = this.view({ node: schema, base });
    const propertyNames = new Set(root.properties.keys());
    this.required.set(id, root.required);
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (!propertyNames.has(String(name)))
        this.problem(schemaFile, `required names "${String(name)}", which is not a field`);
    }
    this.checkOptionFields(schemaFile, schema, base);
    const optionLists = this.listsUsed({ node: schema, base });
    const steps = this.checkSteps(schemaFile, schema['x-steps'], propertyNames);

    if (!existsSync(uiFile)) this.problem(uiFile, 'missing');
    else {
      const ui = this.readJson(uiFile);
      if (isObject(ui)) {
        this.checkUi(uiFile, ui, { node: schema, base }, '');
        this.checkStepOrder(schemaFile, steps, ui['ui:order']);
      } else if (ui !== undefined) this.problem(uiFile, 'must be a JSON object');
    }

    let valid = 0;
    let invalid = 0;
    if (!existsSync(examplesDir)) this.problem(examplesDir, 'missing: add valid-*.json and invalid-*.json submissions');
    else {
      for (const name of readdirSync(examplesDir).sort()) {
        const file = path.join(examplesDir, name);
        const kind = /^(valid|invalid)-[a-z0-9-]+\.json$/.exec(name)?.[1];
        if (!kind) {
          this.problem(file, 'example files are named valid-<name>.json or invalid-<name>.json');
          continue;
        }
        if (kind === 'valid') valid++;
        else invalid++;
        const data = this.readJson(file);
        if (data !== undefined) {
          const example = { file, kind: kind as 'valid' | 'invalid', data };
          this.examples.set(id, [...(this.examples.get(id) ?? []), example]);
        }
        // A schema that does not compile is already reported; judging examples against it says nothing more.
        if (data === undefined || !validate) continue;
        const passes = validate(data) as boolean;
        if (kind === 'valid') {
          if (!passes)
            this.problem(
              file,
              `should pass but fails: ${this.ajv.errorsText(validate.errors, { dataVar: 'answers' })}`,
            );
        } else {
          if (passes) this.problem(file, 'should fail but passes the schema');
        }
      }
      if (valid === 0) this.problem(examplesDir, 'needs at least one valid-*.json submission');
      if (invalid === 0) this.problem(examplesDir, 'needs at least one invalid-*.json submission');
    }

    return {
      summary: {
        id,
        fields: propertyNames.size,
        steps: steps?.length ?? 0,
        validExamples: valid,
        invalidExamples: invalid,
        optionLists,
      },
      title: schema.title as string,
      properties: propertyNames,
    };
  }

  /** Follows a `$ref` to the node it names, across the loaded files. */
  private resolve(ref: string, base: string): Located | undefined {
    let url: URL;
    try {
      url = new URL(ref, base);
    } catch {
      return undefined;
    }
    const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    const doc = this.docs.get(url.href);
    if (!doc) return undefined;
    let node: Json = doc;
    for (const part of pointer.split('/').slice(1)) {
      node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    return isObject(node) ? { node, base: typeof doc.$id === 'string' ? doc.$id : url.href } : undefined;
  }

  /** A node merged with what its `$ref` chain adds (2020-12 applies a `$ref` beside its siblings). */
  private view(at: Located, depth = 0): SchemaView {
    const { node, base } = at;
    const view: SchemaView = {
      types: new Set(),
      properties: new Map(),
      required: new Set(),
      items: null,
      fixedChoices: false,
    };
    if (typeof node.$ref === 'string' && depth < 20) {
      const target = this.resolve(node.$ref, base);
      if (target) {
        const inner = this.view(target, depth + 1);
        inner.types.forEach((t) => view.types.add(t));
        inner.properties.forEach((v, k) => view.properties.set(k, v));
        inner.required.forEach((name) => view.required.add(name));
        view.items = inner.items;
        view.fixedChoices = inner.fixedChoices;
      }
    }
    const types = Array.isArray(node.type) ? node.type : typeof node.type === 'string' ? [node.type] : [];
    if (types.length > 0) view.types = new Set(types.filter((t): t is string => typeof t === 'string'));
    if (isObject(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        if (isObject(child)) view.properties.set(name, { node: child, base });
      }
    }
    // Fields asked only under a condition (RJSF shows them once the `if` holds).
    for (const branch of [node.then, node.else]) {
      if (!isObject(branch) || !isObject(branch.properties)) continue;
      for (const [name, child] of Object.entries(branch.properties)) {
        if (isObject(child) && !view.properties.has(name)) view.properties.set(name, { node: child, base });
      }
    }
    if (Array.isArray(node.required)) {
      for (const name of node.required) if (typeof name === 'string') view.required.add(name);
    }
    if (isObject(node.items)) view.items = { node: node.items, base };
    if (FIXED_CHOICE_KEYWORDS.some((k) => k in node)) view.fixedChoices = true;
    return view;
  }

  /** Every `x-options` names a catalogue list and sits on a plain string or id field (or a list of them). */
  private checkOptionFields(file: string, schema: JsonObject, base: string): string[] {
    const found: string[] = [];
    const walk = (node: Json, pointer: string): void => {
      if (Array.isArray(node)) {
        node.forEach((child, i) => walk(child, `${pointer}/${i}`));
        return;
      }
      if (!isObject(node)) return;
      if ('x-options' in node) {
        const list = node['x-options'];
        const where = pointer || '/';
        if (typeof list !== 'string' || !this.lists.has(list)) {
          this.problem(
            file,
            `x-options "${String(list)}" at ${where} is not a catalogue list (known: ${[...this.lists].join(', ')})`,
          );
        } else found.push(list);
        this.checkOptionField(file, { node, base }, where);
      }
      for (const [key, child] of Object.entries(node)) {
        if (!DATA_KEYWORDS.has(key)) walk(child, `${pointer}/${key}`);
      }
    };
    walk(schema, '');
    return [...new Set(found)].sort();
  }

  /** The catalogue lists a form draws on, through its own fields and the shared definitions it references. */
  private listsUsed(start: Located): string[] {
    const lists = new Set<string>();
    const visited = new Set<Json>();
    const walk = (node: Json, base: string): void => {
      if (Array.isArray(node)) return node.forEach((child) => walk(child, base));
      if (!isObject(node) || visited.has(node)) return;
      visited.add(node);
      if (typeof node['x-options'] === 'string') lists.add(node['x-options']);
      if (typeof node.$ref === 'string') {
        const target = this.resolve(node.$ref, base);
        if (target) walk(target.node, target.base);
      }
      for (const [key, child] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) walk(child, base);
    };
    walk(start.node, start.base);
    return [...lists].sort();
  }

  private checkOptionField(file: string, at: Located, where: string): void {
    const view = this.view(at);
    const scalar = (v: SchemaView) => [...v.types].some((t) => t === 'string' || t === 'integer');
    let target = view;
    if (view.types.has('array')) {
      if (!view.items) {
        this.problem(file, `x-options at ${where}: an array field needs \`items\``);
        return;
      }
      target = this.view(view.items);
    }
    if (!scalar(target)) {
      this.problem(file, `x-options at ${where}: the field (or its items) must be a string or an integer id`);
    }
    if (view.fixedChoices || target.fixedChoices) {
      this.problem(
        file,
        `x-options at ${where}: options come from the catalogue, so the field must not list them (${FIXED_CHOICE_KEYWORDS.join('/')})`,
      );
    }
  }

  private checkSteps(file: string, steps: Json, properties: Set<string>): string[][] | undefined {
    if (steps === undefined) return undefined;
    if (!Array.isArray(steps) || steps.length === 0) {
      this.problem(file, 'x-steps must be a non-empty array of { id, title, fields }');
      return undefined;
    }
    const seen = new Map<string, string>();
    const ids = new Set<string>();
    const result: string[][] = [];
    steps.forEach((step, i) => {
      const label = isObject(step) && typeof step.id === 'string' ? `x-steps "${step.id}"` : `x-steps[${i}]`;
      if (!isObject(step) || typeof step.id !== 'string' || !SLUG.test(step.id)) {
        this.problem(file, `${label}: id must be a lower-case slug`);
      } else if (ids.has(step.id)) this.problem(file, `${label}: the id is used twice`);
      else ids.add(step.id);
      if (!isObject(step) || typeof step.title !== 'string' || step.title.trim() === '') {
        this.problem(file, `${label}: title is missing`);
      }
      const fields = isObject(step) && Array.isArray(step.fields) ? step.fields : undefined;
      if (!fields || fields.length === 0 || fields.some((f) => typeof f !== 'string')) {
        this.problem(file, `${label}: fields must be a non-empty list of field names`);
        result.push([]);
        return;
      }
      result.push(fields as string[]);
      for (const field of fields as string[]) {
        if (!properties.has(field)) this.problem(file, `${label}: "${field}" is not a field of the schema`);
        else if (seen.has(field)) this.problem(file, `${label}: "${field}" is already in step "${seen.get(field)}"`);
        else seen.set(field, isObject(step) && typeof step.id === 'string' ? step.id : String(i));
      }
    });
    for (const property of properties) {
      if (!seen.has(property)) this.problem(file, `x-steps: field "${property}" is in no step`);
    }
    return result;
  }

  /** The wizard shows steps in order and the single-page view follows `ui:order`; both must agree. */
  private checkStepOrder(file: string, steps: string[][] | undefined, order: Json): void {
    if (!steps || !Array.isArray(order)) return;
    const stepOrder = steps.flat();
    const uiOrder = order.filter((name): name is string => typeof name === 'string' && name !== '*');
    const inSteps = uiOrder.filter((name) => stepOrder.includes(name));
    const expected = stepOrder.filter((name) => inSteps.includes(name));
    if (inSteps.join() !== expected.join()) {
      this.problem(file, `x-steps lists the fields in another order than ui.json's ui:order (${expected.join(', ')})`);
    }
  }

  private checkUi(file: string, ui: JsonObject, at: Located, where: string): void {
    const view = this.view(at);
    const names = view.properties;
    const label = where ? ` (under ${where})` : '';
    const order = ui['ui:order'];
    if (order !== undefined) {
      if (!Array.isArray(order) || order.some((name) => typeof name !== 'string')) {
        this.problem(file, `ui:order${label} must be a list of field names`);
      } else {
        const listed = new Set<string>();
        for (const name of order as string[]) {
          if (listed.has(name)) this.problem(file, `ui:order${label} lists "${name}" twice`);
          listed.add(name);
          if (name !== '*' && !names.has(name))
            this.problem(file, `ui:order${label} names "${name}", which is not a field of the schema`);
        }
        // RJSF refuses to render an order that leaves fields out without a "*" to place them.
        if (!listed.has('*')) {
          for (const name of names.keys()) {
            if (!listed.has(name)) this.problem(file, `ui:order${label} leaves out "${name}" (add it or "*")`);
          }
        }
      }
    }
    const widget = ui['ui:widget'];
    if (widget !== undefined && (typeof widget !== 'string' || !KNOWN_WIDGETS.has(widget))) {
      this.problem(
        file,
        `ui:widget "${String(widget)}"${label} is not a known widget (${[...KNOWN_WIDGETS].join(', ')})`,
      );
    }
    for (const [key, value] of Object.entries(ui)) {
      if (key.startsWith('ui:')) continue;
      const path = where ? `${where}.${key}` : key;
      let child: Located | undefined;
      if (names.has(key)) child = names.get(key);
      else if (key === 'items' && view.items) child = view.items;
      if (!child) {
        this.problem(file, `"${path}" is not a field of the schema`);
        continue;
      }
      if (!isObject(value)) {
        this.problem(file, `"${path}" must be an object of ui: options`);
        continue;
      }
      this.checkUi(file, value, child, path);
    }
  }

  private checkIndex(folderIds: string[], titles: Map<string, string>, properties: Map<string, Set<string>>): void {
    const file = path.join(this.options.formsDir, 'index.json');
    if (!existsSync(file)) {
      this.problem(file, 'missing');
      return;
    }
    const index = this.readJson(file);
    if (!isObject(index) || !Array.isArray(index.forms)) {
      if (index !== undefined) this.problem(file, 'must be an object with a `forms` list');
      return;
    }
    const listed = new Set<string>();
    index.forms.forEach((raw, i) => {
      const entry = raw as Partial<FormIndexEntry> & JsonObject;
      const label = isObject(raw) && typeof raw.id === 'string' ? `entry "${raw.id}"` : `forms[${i}]`;
      const fail = (message: string) => this.problem(file, `${label}: ${message}`);
      if (!isObject(raw)) return fail('must be an object');
      const bodyForm = typeof raw.group === 'string' && Object.hasOwn(BODY_FORM_KINDS, raw.group);
      const known = bodyForm
        ? ['id', 'group', 'kind', 'title', 'path', 'operationIds', 'fileFields']
        : ['id', 'group', 'kind', 'family', 'subFamily', 'title', 'path', 'operationId', 'envelopeFields'];
      for (const key of Object.keys(entry)) if (!known.includes(key)) fail(`unknown key "${key}"`);
      if (typeof entry.id !== 'string') return fail('id is missing');
      if (listed.has(entry.id)) fail('listed twice');
      listed.add(entry.id);
      if (entry.path !== entry.id) fail(`path must equal the id (${entry.id})`);
      if (typeof entry.group !== 'string' || !entry.id.startsWith(entry.group + '/')) {
        fail('group must be the first part of the id');
      }
      if (!folderIds.includes(entry.id)) fail(`no folder forms/${entry.id}`);
      const title = titles.get(entry.id);
      if (typeof entry.title !== 'string' || (title !== undefined && entry.title !== title)) {
        fail(`title must match the schema's title ("${title ?? ''}")`);
      }
      if (bodyForm) return this.checkBodyEntry(raw as unknown as BodyFormIndexEntry, fail, properties.get(entry.id));
      if (entry.kind !== 'service-request' && entry.kind !== 'product-request') {
        fail('kind must be service-request or product-request');
      }
      if (typeof entry.family !== 'string' || (this.families.size > 0 && !this.families.has(entry.family))) {
        fail(`family "${String(entry.family)}" is not a service family of the catalogue`);
      }
      if (entry.subFamily !== null && (typeof entry.subFamily !== 'string' || !SLUG.test(entry.subFamily))) {
        fail('subFamily must be a slug or null');
      } else if (
        entry.kind === 'service-request' &&
        typeof entry.subFamily === 'string' &&
        this.families.size > 0 &&
        !this.subFamilies.has(`${String(entry.family)}/${entry.subFamily}`)
      ) {
        fail(`subFamily "${entry.subFamily}" is not a sub-family of ${String(entry.family)} in the catalogue`);
      }
      if (typeof entry.operationId !== 'string' || !this.operationIds.has(entry.operationId)) {
        fail(`operationId "${String(entry.operationId)}" is not an operation of the contract`);
      }
      const fields = properties.get(entry.id);
      if (!Array.isArray(entry.envelopeFields)) fail('envelopeFields must be a list (empty when none)');
      else {
        for (const field of entry.envelopeFields) {
          if (fields && !fields.has(field)) fail(`envelope field "${String(field)}" is not a field of the schema`);
        }
      }
    });
    for (const id of folderIds) if (!listed.has(id)) this.problem(file, `forms/${id} has no entry`);
  }

  /**
   * An onboarding, profile or proposal entry: its kind follows its group, it names the operations
   * the form is the body of, and the form agrees with each operation's request body in the contract.
   */
  private checkBodyEntry(entry: BodyFormIndexEntry, fail: (message: string) => void, fields?: Set<string>): void {
    const kind = BODY_FORM_KINDS[entry.group];
    if (entry.kind !== kind) fail(`kind must be ${kind} in group ${entry.group}`);
    if (!Array.isArray(entry.operationIds) || entry.operationIds.length === 0) {
      fail('operationIds must list the operations the form is the request body of');
      return;
    }
    const fileFields = entry.fileFields ?? [];
    if (!Array.isArray(fileFields) || fileFields.some((field) => typeof field !== 'string')) {
      fail('fileFields must be a list of field names');
      return;
    }
    for (const field of fileFields) {
      if (fields?.has(field)) fail(`file field "${field}" is a field of the form: file parts are sent beside it`);
    }
    for (const operationId of entry.operationIds) {
      if (typeof operationId !== 'string' || !this.operationIds.has(operationId)) {
        fail(`operationId "${String(operationId)}" is not an operation of the contract`);
        continue;
      }
      this.crossCheck(entry, operationId, fileFields, fail, fields);
    }
  }

  /** The operation's body schema (a multipart one without its file parts), compiled against the contract. */
  private contractBody(
    operationId: string,
    fileFields: string[],
    contextFields: readonly string[],
    fail: (message: string) => void,
  ):
    | {
        validate: ReturnType<Ajv2020['compile']>;
        properties: Set<string> | null;
        required: Set<string>;
        /** Multipart text parts: a list or object the form holds is sent in them as JSON text. */
        textParts: Set<string>;
      }
    | undefined {
    const contract = this.contract;
    const requestBody = this.deref(this.operations.get(operationId)?.requestBody);
    const content = isObject(requestBody) ? this.deref(requestBody.content) : undefined;
    const json = isObject(content) ? this.deref(content['application/json']) : undefined;
    const multipart = isObject(content) ? this.deref(content['multipart/form-data']) : undefined;
    const media = isObject(json) ? json : multipart;
    const schema = isObject(media) ? this.deref(media.schema) : undefined;
    if (!contract || !isObject(schema)) {
      fail(`${operationId} has no JSON or multipart request body in the contract`);
      return undefined;
    }
    const declared = isObject(schema.properties) ? schema.properties : null;
    let body: JsonObject = schema;
    const textParts = new Set<string>();
    if (!isObject(json)) {
      for (const field of fileFields) {
        if (!declared || !(field in declared)) fail(`file field "${field}" is not a part of ${operationId}`);
      }
      const files = new Set(
        Object.entries(declared ?? {})
          .filter(([name, part]) => fileFields.includes(name) || this.isFilePart(part))
          .map(([name]) => name),
      );
      for (const name of files) {
        if (!fileFields.includes(name)) fail(`${operationId} has the file part "${name}": list it in fileFields`);
      }
      body = {
        ...schema,
        properties: Object.fromEntries(Object.entries(declared ?? {}).filter(([name]) => !files.has(name))),
        required: (Array.isArray(schema.required) ? schema.required : []).filter((name) => !files.has(String(name))),
      };
      for (const [name, part] of Object.entries(body.properties as JsonObject)) {
        const resolved = this.deref(part);
        if (isObject(resolved) && resolved.type === 'string') textParts.add(name);
      }
    } else if (fileFields.length > 0) fail(`${operationId} takes JSON: it has no file parts for fileFields`);
    // The page sends these beside the form: the form neither asks for them nor has to.
    if (contextFields.length > 0) {
      body = {
        ...body,
        required: (Array.isArray(body.required) ? body.required : []).filter(
          (name) => !contextFields.includes(String(name)),
        ),
      };
    }
    const ajv = this.contractValidator(contract);
    try {
      const validate = ajv.compile(this.anchored(body) as JsonObject);
      const properties =
        declared && schema.additionalProperties === false
          ? new Set(Object.keys(body.properties as JsonObject))
          : this.branchProperties(schema);
      const required = new Set((Array.isArray(body.required) ? body.required : []).map(String));
      return { validate, properties, required, textParts };
    } catch (error) {
      fail(`the request body of ${operationId} does not compile: ${(error as Error).message}`);
      return undefined;
    }
  }

  /**
   * The form and the contract cannot drift apart: every valid example is a body the operation
   * accepts, and the form accepts no field the body refuses nor leaves out a field it requires.
   * (Every invalid example already fails the form itself.)
   */
  private crossCheck(
    entry: BodyFormIndexEntry,
    operationId: string,
    fileFields: string[],
    fail: (message: string) => void,
    fields?: Set<string>,
  ): void {
    const body = this.contractBody(operationId, fileFields, BODY_FORM_CONTEXT_FIELDS[entry.group] ?? [], fail);
    if (!body) return;
    const schemaFile = path.join(this.options.formsDir, entry.path, 'schema.json');
    if (fields && body.properties) {
      for (const field of fields) {
        if (!body.properties.has(field))
          this.problem(schemaFile, `accepts "${field}", which the ${operationId} body refuses`);
      }
    }
    const required = this.required.get(entry.id);
    if (required) {
      for (const name of body.required) {
        if (!required.has(name))
          this.problem(schemaFile, `"${name}" is required by ${operationId} but not by the form`);
      }
    }
    for (const example of this.examples.get(entry.id) ?? []) {
      if (example.kind !== 'valid') continue;
      if (!body.validate(asSent(example.data, body.textParts))) {
        this.problem(
          example.file,
          `passes the form but ${operationId} refuses it: ${this.ajv.errorsText(body.validate.errors, { dataVar: 'body' })}`,
        );
      }
    }
  }

  /** Top-level properties of a body whose branches (`oneOf`/`anyOf`) each refuse other fields; null when open. */
  private branchProperties(schema: JsonObject): Set<string> | null {
    const branches = [
      ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
      ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ]
      .map((branch) => this.deref(branch))
      .filter(isObject);
    if (branches.length === 0 || branches.some((b) => b.additionalProperties !== false || !isObject(b.properties)))
      return null;
    return new Set(branches.flatMap((branch) => Object.keys(branch.properties as JsonObject)));
  }

  private isFilePart(part: Json): boolean {
    const schema = this.deref(part);
    if (!isObject(schema)) return false;
    if (schema.format === 'binary') return true;
    const items = this.deref(schema.items);
    return schema.type === 'array' && isObject(items) && items.format === 'binary';
  }

  /** Follows a local `#/...` reference of the contract. */
  private deref(node: Json): Json {
    let current = node;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
      const ref = current.$ref;
      if (!ref.startsWith('#/')) return current;
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<Json>((at, key) => (isObject(at) ? at[key] : undefined), this.contract);
    }
    return current;
  }

  /** A copy of a contract schema whose `#/...` references name the contract document. */
  private anchored(node: Json): Json {
    if (Array.isArray(node)) return node.map((child) => this.anchored(child));
    if (!isObject(node)) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' && value.startsWith('#')
          ? CONTRACT_ID + value
          : this.anchored(value),
      ]),
    );
  }

  /** An Ajv holding the contract document, lenient about OpenAPI's keywords and formats. */
  private contractValidator(contract: JsonObject): Ajv2020 {
    if (this.contractAjv) return this.contractAjv;
    const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false, allowUnionTypes: true });
    addFormats(ajv);
    for (const format of ['binary', 'byte', 'password', 'int32', 'int64', 'float', 'double'])
      ajv.addFormat(format, true);
    ajv.addSchema({ ...contract, $id: CONTRACT_ID });
    this.contractAjv = ajv;
    return ajv;
  }
}

/** A form's data as its multipart body carries it: a list or object in a text part as JSON text. */
function asSent(data: Json, textParts: Set<string>): Json {
  const copy = structuredClone(data);
  if (!isObject(copy)) return copy;
  for (const name of textParts) {
    const value = copy[name];
    if (value !== null && typeof value === 'object') copy[name] = JSON.stringify(value);
  }
  return copy;
}

/** Checks every file of a forms folder; never throws for a problem in the files, it reports it. */
export function checkForms(options: FormsCheckOptions): FormsCheckResult {
  return new Checker(options).run();
}

function readIndex(formsDir: string): AnyFormIndexEntry[] {
  const index = JSON.parse(readFileSync(path.join(formsDir, 'index.json'), 'utf8')) as { forms: AnyFormIndexEntry[] };
  return index.forms;
}

/** The request forms' index entries, for the server and the web app. */
export function readFormIndex(formsDir: string): FormIndexEntry[] {
  return readIndex(formsDir).filter((entry): entry is FormIndexEntry => !isBodyFormEntry(entry));
}

/** The onboarding steps' and profile sections' index entries. */
export function readBodyFormIndex(formsDir: string): BodyFormIndexEntry[] {
  return readIndex(formsDir).filter(isBodyFormEntry);
}

/** Every index entry, in the index's order. */
export function readFullFormIndex(formsDir: string): AnyFormIndexEntry[] {
  return readIndex(formsDir);
}
