import { useEffect, useId, useMemo, useRef } from 'react';
import type { Attachment, FreelancerProjectImage } from '../../api/generated/model';
import { formatSize } from '../../forms/uploadRules';

/** Contract F03/F04: 1 to 8 images (PNG, JPEG, WebP, 5 MB each) and up to 5 files (10 MB each). */
export const IMAGE_RULES = {
  min: 1,
  max: 8,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
};
export const FILE_RULES = {
  max: 5,
  maxBytes: 10 * 1024 * 1024,
  types: [
    'application/pdf',
    'image/png',
    'image/jpeg',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip',
  ],
};
const FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,.pptx,.zip';

/** What is wrong with the chosen images and files, by field, before anything is sent. */
export function attachmentProblems(
  keptImages: number,
  images: File[],
  files: File[],
  keptFiles = 0,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const total = keptImages + images.length;
  if (total < IMAGE_RULES.min) problems.push({ field: 'images', message: 'Add at least one image of the project.' });
  else if (total > IMAGE_RULES.max)
    problems.push({
      field: 'images',
      message: `A project has at most ${IMAGE_RULES.max} images; remove ${total - IMAGE_RULES.max}.`,
    });
  const badImage = images.find((file) => !IMAGE_RULES.types.includes(file.type));
  if (badImage) problems.push({ field: 'images', message: `${badImage.name} is not a PNG, JPEG or WebP image.` });
  const bigImage = images.find((file) => file.size > IMAGE_RULES.maxBytes);
  if (bigImage) problems.push({ field: 'images', message: `${bigImage.name} is larger than 5 MB.` });
  if (keptFiles + files.length > FILE_RULES.max)
    problems.push({ field: 'files', message: `A project has at most ${FILE_RULES.max} documents.` });
  const badFile = files.find((file) => !FILE_RULES.types.includes(file.type));
  if (badFile)
    problems.push({
      field: 'files',
      message: `${badFile.name} is not a PDF, image, Word, Excel, PowerPoint or ZIP file.`,
    });
  const bigFile = files.find((file) => file.size > FILE_RULES.maxBytes);
  if (bigFile) problems.push({ field: 'files', message: `${bigFile.name} is larger than 10 MB.` });
  return problems;
}

/** Object URLs for the chosen images' previews, revoked when they go. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(
    () => files.map((file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '')),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of urls) if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

interface ImagesPickerProps {
  /** The project's images as saved (edit), each kept unless marked for removal. */
  existing?: FreelancerProjectImage[];
  removedIds?: string[];
  onToggleExisting?: (id: string) => void;
  added: File[];
  onAdd: (files: File[]) => void;
  onRemoveAdded: (index: number) => void;
  error?: string;
}

/** The project's images: previews of what is kept and chosen, each removable before saving. */
export function ImagesPicker({
  existing = [],
  removedIds = [],
  onToggleExisting,
  added,
  onAdd,
  onRemoveAdded,
  error,
}: ImagesPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = usePreviews(added);
  const kept = existing.filter((image) => !removedIds.includes(image.id)).length;
  const total = kept + added.length;
  return (
    <fieldset className="wizard-fieldset project-files" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="field__label">Images</legend>
      <p id={`${id}-hint`} className="field__hint">
        One to {IMAGE_RULES.max} PNG, JPEG or WebP images, 5 MB each at most. The first one is the cover. {total} of{' '}
        {IMAGE_RULES.max} chosen.
      </p>
      {(existing.length > 0 || added.length > 0) && (
        <ul className="image-previews" aria-label="Images of the project">
          {existing.map((image) => {
            const removed = removedIds.includes(image.id);
            return (
              <li key={image.id} className={`image-preview${removed ? ' image-preview--removed' : ''}`}>
                <img src={image.thumbnailUrl ?? image.url} alt={image.name} />
                <span className="image-preview__name">{removed ? `${image.name} (will be removed)` : image.name}</span>
                <button
                  type="button"
                  className="link-button"
                  aria-label={`${removed ? 'Keep' : 'Remove'} ${image.name}`}
                  onClick={() => onToggleExisting?.(image.id)}
                >
                  {removed ? 'Keep' : 'Remove'}
                </button>
              </li>
            );
          })}
          {added.map((file, index) => (
            <li key={`${file.name}-${index}`} className="image-preview image-preview--new">
              {previews[index] ? (
                <img src={previews[index]} alt={file.name} />
              ) : (
                <span className="image-preview__blank" />
              )}
              <span className="image-preview__name">
                {file.name} <span className="image-preview__size">{formatSize(file.size)}</span>
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemoveAdded(index)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        accept={IMAGE_RULES.types.join(',')}
        multiple
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length) onAdd(files);
          event.target.value = '';
        }}
      />
      <label htmlFor={`${id}-input`} className="button button--secondary project-files__choose">
        Choose images
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface FilesPickerProps {
  existing?: Attachment[];
  removedIds?: string[];
  onToggleExisting?: (id: string) => void;
  added: File[];
  onAdd: (files: File[]) => void;
  onRemoveAdded: (index: number) => void;
  error?: string;
}

/** Documents about the project (a case study), optional. */
export function FilesPicker({
  existing = [],
  removedIds = [],
  onToggleExisting,
  added,
  onAdd,
  onRemoveAdded,
  error,
}: FilesPickerProps) {
  const id = useId();
  return (
    <fieldset className="wizard-fieldset project-files" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="field__label">
        Documents <span className="field__optional">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="field__hint">
        Up to {FILE_RULES.max} PDF, image, Word, Excel, PowerPoint or ZIP files, 10 MB each at most.
      </p>
      {(existing.length > 0 || added.length > 0) && (
        <ul className="attachments__list" aria-label="Documents of the project">
          {existing.map((file) => {
            const removed = removedIds.includes(file.id);
            return (
              <li key={file.id} className="attachments__item">
                <span className="attachments__name">{removed ? `${file.name} (will be removed)` : file.name}</span>
                <span className="attachments__meta">{formatSize(file.size)}</span>
                <button
                  type="button"
                  className="attachments__remove"
                  aria-label={`${removed ? 'Keep' : 'Remove'} ${file.name}`}
                  onClick={() => onToggleExisting?.(file.id)}
                >
                  {removed ? 'Keep' : 'Remove'}
                </button>
              </li>
            );
          })}
          {added.map((file, index) => (
            <li key={`${file.name}-${index}`} className="attachments__item">
              <span className="attachments__name">{file.name}</span>
              <span className="attachments__meta">{formatSize(file.size)}</span>
              <button
                type="button"
                className="attachments__remove"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemoveAdded(index)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        accept={FILE_ACCEPT}
        multiple
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length) onAdd(files);
          event.target.value = '';
        }}
      />
      <label htmlFor={`${id}-input`} className="button button--secondary project-files__choose">
        Choose documents
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
