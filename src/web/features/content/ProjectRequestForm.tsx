import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';
import { useListEstimatedBudgets } from '@/api/generated/catalogue/catalogue';
import { submitWebsiteRequest } from '@/api/generated/website/website';
import type { WebsiteRequestInput, WebsiteRequestReceipt } from '@/api/generated/model';
import { FileDropZone } from '@/forms/FileDropZone';
import { ALLOWED_TYPES_TEXT, fileProblem, forUpload, formatSize } from '@/forms/uploadRules';
import { FieldError, FieldHint } from '@/ui/form/FieldMessages';
import { FormAlert } from '@/ui/form/FormAlert';
import { SelectField } from '@/ui/form/SelectField';
import { TextField } from '@/ui/form/TextField';
import { useFieldAria } from '@/ui/form/fieldAria';
import { useForm, type FieldErrors } from '@/ui/form/useForm';
import { SenderFields, senderErrors } from './SenderFields';
import { useRequestFamilies, type RequestFamily } from '@/forms/requestForms';
import { UPLOAD_LIMITS, WEBSITE_REQUEST_LIMITS } from '@/lib/limits';

/** The contract's limits for W01: 5 files, 25 MB in all. */
export const MAX_PROJECT_FILES = UPLOAD_LIMITS.websiteRequest.maxFiles;
const MAX_PROJECT_BYTES = UPLOAD_LIMITS.websiteRequest.maxTotalBytes;
/** Whole megabytes, as the limits are set: `26214400` -> `25 MB`. */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const INITIAL = { name: '', email: '', company: '', phone: '', serviceSlug: '', budget: '', message: '' };
type Values = typeof INITIAL;

const LIMITS = WEBSITE_REQUEST_LIMITS;
const PHONE = /^\+[1-9][0-9]{6,14}$/;

function validate(values: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = senderErrors(values, LIMITS.name);
  if (values.company.trim().length > LIMITS.company.max)
    errors.company = `A company name can be at most ${LIMITS.company.max} characters.`;
  const phone = values.phone.replace(/[\s().-]/g, '');
  if (phone && !PHONE.test(phone)) errors.phone = 'Enter the number with its country code, like +14155550132.';
  if (!values.serviceSlug) errors.serviceSlug = 'Choose the service you need.';
  const message = values.message.trim();
  if (message.length < LIMITS.message.min)
    errors.message = `Tell us a little more (at least ${LIMITS.message.min} characters).`;
  else if (message.length > LIMITS.message.max)
    errors.message = `Your message can be at most ${LIMITS.message.max.toLocaleString('en-US')} characters.`;
  return errors;
}

/** Families with their sub-families, as the request wizard offers them; a family alone means "not sure which". */
function serviceGroups(families: readonly RequestFamily[]) {
  return families.map((family) => ({
    name: family.name,
    options: [
      { value: family.slug, label: `${family.name}: not sure yet` },
      ...family.forms
        .filter((form) => form.subFamily !== null)
        .map((form) => ({ value: `${family.slug}/${form.subFamily}`, label: form.title })),
    ],
  }));
}

function ServiceField({ value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void }) {
  const { families } = useRequestFamilies();
  const groups = useMemo(() => serviceGroups(families), [families]);
  const { controlId, errorId, controlProps } = useFieldAria({ id: 'project-service', error });
  return (
    <div className="field">
      <label htmlFor={controlId} className="field__label">
        Service
      </label>
      <select
        name="serviceSlug"
        className="field__control field__control--select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...controlProps}
      >
        <option value="">Choose a service</option>
        {groups.map((group) => (
          <optgroup key={group.name} label={group.name}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface Chosen {
  key: string;
  file: File;
  error?: string;
}

/**
 * W01, "Tell us about your project": the marketplace team reads it and replies by email. Files
 * travel with the form (a visitor has no account to upload to), checked here as the server will.
 */
export function ProjectRequestForm() {
  const form = useForm({ initialValues: INITIAL, validate });
  const budgets = useListEstimatedBudgets();
  const [files, setFiles] = useState<Chosen[]>([]);
  const [filesNotice, setFilesNotice] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<WebsiteRequestReceipt | null>(null);
  const [sequence, setSequence] = useState(0);
  const filesAria = useFieldAria({ id: 'project-attachments', error: filesNotice ?? undefined });
  const messageAria = useFieldAria({ id: 'project-message', hint: true, error: form.errors.message });

  const send = useMutation({
    mutationFn: (body: WebsiteRequestInput) => submitWebsiteRequest(body),
    onSuccess: (response) => setReceipt(response.data),
    onError: (error) => {
      if (error instanceof ApiError) {
        const byIndex = new Map(
          (error.body.errors ?? [])
            .map((e) => [/^attachments\.(\d+)$/.exec(e.field)?.[1], e.message] as const)
            .filter((entry): entry is [string, string] => entry[0] !== undefined),
        );
        if (byIndex.size > 0) {
          setFiles((chosen) => chosen.map((item, index) => ({ ...item, error: byIndex.get(String(index)) })));
        }
      }
      form.showServerError(error);
    },
  });

  const addFiles = (added: File[]) => {
    setFilesNotice(null);
    const good = files.filter((item) => !item.error);
    const room = MAX_PROJECT_FILES - good.length;
    // The server refuses the whole form past the total, so a file that would pass it is marked.
    let bytes = good.reduce((sum, item) => sum + item.file.size, 0);
    const next: Chosen[] = [];
    let left = 0;
    let counter = sequence;
    for (const file of added) {
      counter += 1;
      const problem =
        fileProblem(file) ??
        (bytes + file.size > MAX_PROJECT_BYTES
          ? `${file.name} would take the files over ${megabytes(MAX_PROJECT_BYTES)} in all.`
          : undefined);
      if (problem) next.push({ key: `file-${counter}`, file, error: problem });
      else if (next.filter((item) => !item.error).length < room) {
        next.push({ key: `file-${counter}`, file });
        bytes += file.size;
      } else left += 1;
    }
    setSequence(counter);
    if (left > 0)
      setFilesNotice(
        `You can attach up to ${MAX_PROJECT_FILES} files; ${left === 1 ? 'one was' : `${left} were`} left out.`,
      );
    setFiles([...files, ...next]);
  };

  if (receipt) {
    return (
      <div className="project-form__done" role="status">
        <h3 className="content-subheading">Thank you, we have your request</h3>
        <p>
          Your reference is <strong className="project-form__ref">{receipt.refId}</strong>. We have sent it to your
          email address as well; quote it if you write to us about this project.
        </p>
        <p>
          A member of our team will reply by{' '}
          {new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' }).format(
            new Date(receipt.expectedReplyBy),
          )}
          .
        </p>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const bad = files.find((item) => item.error);
    if (bad) {
      setFilesNotice('Remove the files that cannot be sent first.');
      return;
    }
    const phone = values.phone.replace(/[\s().-]/g, '');
    send.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      ...(values.company.trim() ? { company: values.company.trim() } : {}),
      ...(phone ? { phone } : {}),
      serviceSlug: values.serviceSlug,
      ...(values.budget ? { budget: values.budget } : {}),
      message: values.message.trim(),
      ...(files.length ? { attachments: files.map((item) => forUpload(item.file)) } : {}),
    });
  });

  const messageError = form.errors.message;
  return (
    <form
      ref={form.formRef}
      className="project-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="project-form-title"
    >
      <FormAlert>{form.formError}</FormAlert>
      <SenderFields name={form.field('name')} email={form.field('email')} nameMax={LIMITS.name.max} />
      <div className="field-row">
        <TextField
          label="Company (optional)"
          autoComplete="organization"
          maxLength={LIMITS.company.max}
          {...form.field('company')}
        />
        <TextField
          label="Phone with country code (optional)"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          placeholder="+14155550132"
          {...form.field('phone')}
        />
      </div>
      <div className="field-row">
        <ServiceField
          value={form.values.serviceSlug}
          error={form.errors.serviceSlug}
          onChange={(value) => form.setValue('serviceSlug', value)}
        />
        <SelectField
          label="Budget (optional)"
          placeholder={budgets.isError ? 'Budgets could not be loaded' : 'Not sure yet'}
          options={(budgets.data?.data ?? []).map((bracket) => ({ value: bracket.slug, label: bracket.label }))}
          {...form.field('budget')}
        />
      </div>
      <div className="field">
        <label htmlFor={messageAria.controlId} className="field__label">
          About your project
        </label>
        <FieldHint id={messageAria.hintId}>What you need, by when, and anything that helps us match you.</FieldHint>
        <textarea
          name="message"
          rows={6}
          maxLength={LIMITS.message.max}
          className="field__control"
          value={form.values.message}
          onChange={(event) => form.setValue('message', event.target.value)}
          {...messageAria.controlProps}
        />
        <FieldError id={messageAria.errorId} message={messageError} />
      </div>
      <div className="field">
        <label htmlFor={filesAria.controlId} className="field__label">
          Attachments (optional)
        </label>
        <FileDropZone
          id={filesAria.controlId}
          onFiles={addFiles}
          disabled={send.isPending || files.filter((item) => !item.error).length >= MAX_PROJECT_FILES}
          hint={`${ALLOWED_TYPES_TEXT}; up to ${megabytes(UPLOAD_LIMITS.websiteRequest.maxFileBytes)} each, ${megabytes(MAX_PROJECT_BYTES)} in all, ${MAX_PROJECT_FILES} files at most.`}
          aria-describedby={filesAria.controlProps['aria-describedby']}
          aria-invalid={filesAria.controlProps['aria-invalid']}
        />
        <FieldError id={filesAria.errorId} message={filesNotice ?? undefined} />
        {files.length > 0 && (
          <ul className="attachments__list" aria-label="Files to send">
            {files.map((item) => (
              <li
                key={item.key}
                className={['attachments__item', item.error && 'attachments__item--error'].filter(Boolean).join(' ')}
              >
                <span className="attachments__name">{item.file.name}</span>
                <span className="attachments__meta">{formatSize(item.file.size)}</span>
                {item.error && (
                  <span className="attachments__error" role="alert">
                    {item.error}
                  </span>
                )}
                <button
                  type="button"
                  className="attachments__remove"
                  aria-label={`Remove ${item.file.name}`}
                  disabled={send.isPending}
                  onClick={() => setFiles(files.filter((other) => other.key !== item.key))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send my request'}
      </button>
    </form>
  );
}
