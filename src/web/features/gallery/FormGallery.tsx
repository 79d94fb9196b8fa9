import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { transformErrors } from '@/forms/errorMessages';
import { isBodyFormEntry, type AnyFormIndexEntry } from '../../../shared/forms/entries';
import { allFormEntries } from '@/forms/formFiles';
import { ThemedForm } from '@/forms/theme';
import { isJsonObject, type JsonObject } from '@/forms/types';
import { checkAnswers, groupForms, loadGalleryForm, type CheckResult, type GalleryForm } from './galleryFiles';
import { JsonTree } from './JsonTree';
import { useFormFilesVersion } from './useFormFilesVersion';
import { DocumentTitle } from '@/ui/DocumentTitle';
import './gallery.css';

/** As the request wizard and the product forms render them: nothing answered for the visitor. */
const SERVICE_DEFAULTS = { arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' } as const;
const PRODUCT_DEFAULTS = { ...SERVICE_DEFAULTS, emptyObjectFields: 'populateRequiredDefaults' } as const;

export interface FormGalleryProps {
  /** The selected form's id (`?form=`). */
  formId?: string;
  /** The example file loaded into it (`?example=`). */
  example?: string;
  onExample: (name: string | undefined) => void;
}

/** A request form's family (and sub-family); an onboarding step or profile section has none. */
function familyOf(entry: AnyFormIndexEntry): string | null {
  if (isBodyFormEntry(entry)) return null;
  return entry.subFamily ? `${entry.family} / ${entry.subFamily}` : entry.family;
}

/** The operations a form is submitted to. */
function operationsOf(entry: AnyFormIndexEntry): string {
  return isBodyFormEntry(entry) ? entry.operationIds.join(', ') : entry.operationId;
}

function entryMeta(entry: AnyFormIndexEntry): string {
  return [entry.kind, familyOf(entry), operationsOf(entry)].filter(Boolean).join(' · ');
}

function FormList({ selected }: { selected?: string }) {
  return (
    <nav className="gallery-list" aria-label="Forms">
      {groupForms(allFormEntries()).map(([group, entries]) => (
        <section key={group} className="gallery-list__group" aria-labelledby={`gallery-group-${group}`}>
          <h2 id={`gallery-group-${group}`} className="gallery-list__group-title">
            {group} <span className="gallery-list__count">{entries.length}</span>
          </h2>
          <ul className="gallery-list__items">
            {entries.map((entry) => (
              <li key={entry.id}>
                <Link
                  to="/dev/forms/"
                  search={{ form: entry.id }}
                  className="gallery-list__link"
                  aria-current={entry.id === selected ? 'page' : undefined}
                >
                  <span className="gallery-list__title">{entry.title}</span>
                  <span className="gallery-list__meta">
                    <span className={`gallery-kind gallery-kind--${entry.kind}`}>{entry.kind}</span> {familyOf(entry)}
                  </span>
                  <code className="gallery-list__operation">{operationsOf(entry)}</code>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** `.budget.max` → `budget.max`; a form-level error has no path. */
const fieldOf = (error: RJSFValidationError) => error.property?.replace(/^\./, '') || '(form)';
/** `.budget.max` → `budget`: the field of the form, and so the step, an error belongs to. */
const topField = (error: RJSFValidationError) => fieldOf(error).split(/[.[]/)[0] ?? '';

function ResultPanel({ result, source }: { result: CheckResult; source: string }) {
  return (
    <section className="gallery-result" aria-labelledby="gallery-result-title" aria-live="polite">
      <h3 id="gallery-result-title" className="gallery-panel__title">
        Validation <span className="gallery-result__source">{source}</span>
      </h3>
      {result.valid ? (
        <p className="gallery-result__valid" data-testid="gallery-result">
          valid
        </p>
      ) : (
        <div data-testid="gallery-result">
          <p className="gallery-result__invalid">
            {result.errors.length} {result.errors.length === 1 ? 'error' : 'errors'}
          </p>
          <ul className="gallery-result__errors">
            {result.errors.map((error, index) => (
              <li key={`${error.property}-${error.name}-${index}`}>
                <code className="gallery-result__field">{fieldOf(error)}</code> {error.message}{' '}
                <span className="gallery-result__keyword">{error.name}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ExamplePicker({ gallery, example, onExample }: { gallery: GalleryForm } & Omit<FormGalleryProps, 'formId'>) {
  return (
    <section className="gallery-examples" aria-labelledby="gallery-examples-title">
      <h3 id="gallery-examples-title" className="gallery-panel__title">
        Examples
      </h3>
      <ul className="gallery-examples__list">
        <li>
          <button
            type="button"
            className="gallery-example"
            aria-pressed={example === undefined}
            onClick={() => onExample(undefined)}
          >
            <span className="gallery-example__name">Empty form</span>
          </button>
        </li>
        {gallery.examples.map((item) => {
          const passes = item.result.valid;
          const asExpected = passes === (item.expected === 'valid');
          return (
            <li key={item.name}>
              <button
                type="button"
                className={`gallery-example ${asExpected ? '' : 'gallery-example--unexpected'}`}
                aria-pressed={example === item.name}
                onClick={() => onExample(item.name)}
              >
                <span className="gallery-example__name">{item.name}</span>
                <span className={`gallery-example__outcome gallery-example__outcome--${asExpected ? 'ok' : 'wrong'}`}>
                  {passes ? 'passes' : `fails (${item.result.errors.length})`}
                  {asExpected ? ' ✓' : ' ✗ expected to ' + (item.expected === 'valid' ? 'pass' : 'fail')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The errors of a check as RJSF marks them beside the fields. */
function errorSchemaOf(form: GalleryForm['form'], data: JsonObject): ErrorSchema {
  return form.validators.form.validateFormData(data, form.schema as RJSFSchema, undefined, transformErrors).errorSchema;
}

function FormWorkbench({ gallery, example }: { gallery: GalleryForm; example?: string }) {
  const { form } = gallery;
  const loaded = gallery.examples.find((item) => item.name === example);
  const [answers, setAnswers] = useState<JsonObject>(() =>
    loaded && isJsonObject(loaded.data) ? structuredClone(loaded.data) : {},
  );
  const [step, setStep] = useState(0);
  const result = useMemo(() => checkAnswers(form, answers), [form, answers]);
  const stepSchemas = form.stepSchemas as RJSFSchema[];
  const current = Math.min(step, form.steps.length - 1);
  const fields = form.steps[current]!.fields;
  // An example's errors marked beside the fields of the step shown; the panel above lists them all.
  const marked = useMemo(() => {
    if (!loaded) return undefined;
    const errors = Object.entries(errorSchemaOf(form, answers)).filter(([field]) => fields.includes(field));
    return errors.length ? (Object.fromEntries(errors) as ErrorSchema) : undefined;
  }, [form, answers, loaded, fields]);
  const errorsPerStep = form.steps.map(
    (item) => result.errors.filter((error) => item.fields.includes(topField(error))).length,
  );
  const defaults = form.entry.kind === 'product-request' ? PRODUCT_DEFAULTS : SERVICE_DEFAULTS;

  return (
    <div className="gallery-workbench">
      <ResultPanel result={result} source={loaded ? `answers from ${loaded.name}` : 'answers in the form'} />
      <div className="gallery-rendered wizard__step">
        {form.steps.length > 1 && (
          <div className="gallery-steps" role="tablist" aria-label="Steps">
            {form.steps.map((item, index) => (
              <button
                key={item.id}
                type="button"
                role="tab"
                id={`gallery-tab-${item.id}`}
                aria-selected={index === current}
                aria-controls="gallery-step-panel"
                className="gallery-steps__tab"
                onClick={() => setStep(index)}
              >
                <span className="gallery-steps__number">{index + 1}</span> {item.title}
                {errorsPerStep[index]! > 0 && (
                  <span className="gallery-steps__errors">
                    {errorsPerStep[index]} <span className="visually-hidden">errors</span>
                  </span>
                )}
              </button>
            ))}
          </div>
        )}
        <div
          id="gallery-step-panel"
          role={form.steps.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={form.steps.length > 1 ? `gallery-tab-${form.steps[current]!.id}` : undefined}
        >
          <h3 className="wizard__step-title">
            <span className="wizard__step-count">
              Step {current + 1} of {form.steps.length}
            </span>
            {form.steps[current]!.title}
          </h3>
          <ThemedForm
            key={current}
            idPrefix="gallery"
            schema={stepSchemas[current]!}
            uiSchema={form.uiSchema}
            formData={answers}
            validator={form.validators.steps[current]!}
            extraErrors={marked}
            transformErrors={transformErrors}
            showErrorList="top"
            noHtml5Validate
            experimental_defaultFormStateBehavior={defaults}
            onChange={(event) => setAnswers((event.formData ?? {}) as JsonObject)}
            onError={() => undefined}
            onSubmit={() => setStep((value) => Math.min(value + 1, form.steps.length - 1))}
          >
            <div className="wizard-actions">
              <button type="submit" className="button button--primary">
                Check this step
              </button>
            </div>
          </ThemedForm>
        </div>
      </div>
    </div>
  );
}

function SourceFiles({ gallery }: { gallery: GalleryForm }) {
  const { entry } = gallery.form;
  return (
    <div className="gallery-sources">
      <details className="gallery-file" open>
        <summary className="gallery-file__summary">forms/{entry.path}/schema.json</summary>
        <JsonTree value={gallery.schemaFile} />
      </details>
      <details className="gallery-file" open>
        <summary className="gallery-file__summary">forms/{entry.path}/ui.json</summary>
        {gallery.uiFile ? <JsonTree value={gallery.uiFile} /> : <p className="gallery-muted">No ui.json.</p>}
      </details>
      <details className="gallery-file">
        <summary className="gallery-file__summary">Schema as rendered (shared definitions bundled)</summary>
        <JsonTree value={gallery.form.schema} openDepth={1} />
      </details>
    </div>
  );
}

function FormDetail({ entry, example, onExample }: { entry: AnyFormIndexEntry } & Omit<FormGalleryProps, 'formId'>) {
  const version = useFormFilesVersion();
  const query = useQuery({
    queryKey: ['form-gallery', entry.id, version],
    queryFn: () => loadGalleryForm(entry),
    // A file edited in development: keep showing the form until the new files are read.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === entry.id ? previous : undefined),
    staleTime: Infinity,
    retry: false,
  });
  const gallery = query.data;

  return (
    <article className="gallery-detail" aria-labelledby="gallery-form-title">
      <header className="gallery-detail__header">
        <p className="gallery-detail__id">
          <code>{entry.id}</code>
        </p>
        <h2 id="gallery-form-title" className="gallery-detail__title">
          {entry.title}
        </h2>
        <p className="gallery-muted">{entryMeta(entry)}</p>
        {!isBodyFormEntry(entry) && entry.envelopeFields.length > 0 && (
          <p className="gallery-muted">
            Sent beside <code>answers</code>: {entry.envelopeFields.map((field) => field).join(', ')}
          </p>
        )}
        {isBodyFormEntry(entry) && (entry.fileFields ?? []).length > 0 && (
          <p className="gallery-muted">File parts sent beside the form: {(entry.fileFields ?? []).join(', ')}</p>
        )}
      </header>
      {query.isError ? (
        <p className="gallery-error" role="alert">
          This form could not be loaded: {query.error instanceof Error ? query.error.message : String(query.error)}
        </p>
      ) : !gallery ? (
        <p className="gallery-muted">Loading the form…</p>
      ) : (
        <>
          <ExamplePicker gallery={gallery} example={example} onExample={onExample} />
          <div className="gallery-columns">
            <FormWorkbench key={`${example ?? ''}:${query.dataUpdatedAt}`} gallery={gallery} example={example} />
            <SourceFiles gallery={gallery} />
          </div>
        </>
      )}
    </article>
  );
}

/** Every form of forms/index.json, and the selected one rendered beside its files and examples. */
export function FormGallery({ formId, example, onExample }: FormGalleryProps) {
  const entry = allFormEntries().find((item) => item.id === formId);
  return (
    <div className={`gallery ${entry ? 'gallery--selected' : ''}`}>
      <DocumentTitle>Form gallery | Versimarket</DocumentTitle>
      <header className="gallery__header">
        <p className="wizard__eyebrow">Staff tools</p>
        <h1>Form gallery</h1>
        <p className="gallery-muted">
          The forms of <code>forms/index.json</code>, rendered as the site renders them and checked with the same
          validators. Load an example to see whether it passes.
        </p>
      </header>
      <div className="gallery__layout">
        <FormList selected={entry?.id} />
        <div className="gallery__main">
          {entry ? (
            <FormDetail key={entry.id} entry={entry} example={example} onExample={onExample} />
          ) : formId ? (
            <p className="gallery-error" role="alert">
              No form <code>{formId}</code> in forms/index.json.
            </p>
          ) : (
            <p className="gallery-muted gallery__pick">Pick a form from the list.</p>
          )}
        </div>
      </div>
    </div>
  );
}
