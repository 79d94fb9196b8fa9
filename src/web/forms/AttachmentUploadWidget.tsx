import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { ApiError } from '../api/mutator';
import { getGetMeQueryOptions } from '../api/generated/auth/auth';
import { uploadAttachment } from '../api/generated/uploads/uploads';
import { controlAria } from './fieldIds';
import { FileDropZone } from './FileDropZone';
import { rememberUploadedFile, uploadedFile } from './uploadedFiles';
import { ALLOWED_TYPES_TEXT, fileProblem, forUpload, formatSize } from './uploadRules';

interface Pending {
  key: string;
  name: string;
  size: number;
  /** Set when the upload was refused; the row stays until dismissed. */
  error?: string;
}

const DEFAULT_MAX = 10;

/**
 * Uploads each chosen or dropped file at once (uploadAttachment) and keeps the ids the server
 * answers as the field's value; the request attaches them when it is posted. Refusals, from the
 * checks here or from the server, show beside the file. Ids restored from a draft are shown with
 * the name this browser remembers.
 */
export function AttachmentUploadWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, schema } = props;
  const ids: string[] = Array.isArray(value) ? value.map(String) : [];
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : DEFAULT_MAX;
  const [pending, setPending] = useState<Pending[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  // Uploads finish one by one, each after renders that changed the value: add to the newest.
  const latest = useRef(ids);
  latest.current = ids;
  const sequence = useRef(0);

  // The session check the app already made, read from the cache: uploads need an account.
  const me = useQuery({ ...getGetMeQueryOptions(), enabled: false });
  const visitor = me.error instanceof ApiError && me.error.httpStatus === 401;

  const inFlight = pending.filter((item) => !item.error).length;
  const inactive = disabled || readonly || visitor;

  const update = (key: string, change: Partial<Pending> | null) =>
    setPending((items) =>
      change === null
        ? items.filter((item) => item.key !== key)
        : items.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  const send = async (item: Pending, file: File) => {
    try {
      const response = await uploadAttachment({ file: forUpload(file) });
      rememberUploadedFile(response.data.id, { name: response.data.name, size: response.data.size });
      const next = [...latest.current, response.data.id];
      latest.current = next;
      onChange(next);
      update(item.key, null);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fieldError('file') : undefined;
      const message = fieldMessage
        ? `The file ${fieldMessage}.`
        : error instanceof ApiError
          ? error.message
          : 'The upload failed. Check your connection and try again.';
      update(item.key, { error: message });
    }
  };

  const add = (files: File[]) => {
    setNotice(null);
    const room = max - latest.current.length - inFlight;
    const accepted: [Pending, File][] = [];
    const refused: Pending[] = [];
    for (const file of files) {
      const key = `upload-${(sequence.current += 1)}`;
      const problem = fileProblem(file);
      if (problem) refused.push({ key, name: file.name, size: file.size, error: problem });
      else if (accepted.length < room) accepted.push([{ key, name: file.name, size: file.size }, file]);
    }
    const dropped = files.length - refused.length - accepted.length;
    if (dropped > 0)
      setNotice(`You can attach up to ${max} files; ${dropped === 1 ? 'one was' : `${dropped} were`} left out.`);
    setPending((items) => [...items, ...accepted.map(([item]) => item), ...refused]);
    for (const [item, file] of accepted) void send(item, file);
  };

  const remove = (removed: string) => {
    const next = latest.current.filter((item) => item !== removed);
    latest.current = next;
    onChange(next.length > 0 ? next : undefined);
  };

  const full = ids.length + inFlight >= max;
  return (
    <div className="attachments">
      <FileDropZone
        id={id}
        onFiles={add}
        disabled={inactive || full}
        hint={`${ALLOWED_TYPES_TEXT}; up to 10 MB each, ${max} files at most.`}
        {...controlAria(props)}
      />
      {visitor && (
        <p className="field__hint attachments__notice">
          Sign in or create your client account to attach files; your answers so far are kept.
        </p>
      )}
      {notice && (
        <p className="field__error attachments__notice" role="alert">
          {notice}
        </p>
      )}
      {(ids.length > 0 || pending.length > 0) && (
        <ul className="attachments__list" aria-label="Attached files">
          {ids.map((uploadId, index) => {
            const known = uploadedFile(uploadId);
            const name = known?.name ?? `Uploaded file ${index + 1}`;
            return (
              <li key={uploadId} className="attachments__item">
                <span className="attachments__name">{name}</span>
                {known && <span className="attachments__meta">{formatSize(known.size)}</span>}
                <button
                  type="button"
                  className="attachments__remove"
                  aria-label={`Remove ${name}`}
                  disabled={inactive}
                  onClick={() => remove(uploadId)}
                >
                  Remove
                </button>
              </li>
            );
          })}
          {pending.map((item) => (
            <li
              key={item.key}
              className={['attachments__item', item.error && 'attachments__item--error'].filter(Boolean).join(' ')}
              aria-busy={item.error ? undefined : true}
            >
              <span className="attachments__name">{item.name}</span>
              {item.error ? (
                <>
                  <span className="attachments__error" role="alert">
                    {item.error}
                  </span>
                  <button
                    type="button"
                    className="attachments__remove"
                    aria-label={`Dismiss ${item.name}`}
                    onClick={() => update(item.key, null)}
                  >
                    Dismiss
                  </button>
                </>
              ) : (
                <span className="attachments__meta attachments__meta--busy">Uploading… {formatSize(item.size)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
