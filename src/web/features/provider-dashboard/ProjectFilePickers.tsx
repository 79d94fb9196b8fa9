import { useEffect, useId, useMemo, type ReactNode } from 'react';
import type { Attachment, FreelancerProjectImage } from '@/api/generated/model';
import { formatSize } from '@/forms/uploadRules';
import { UPLOAD_BYTES, UPLOAD_TYPES } from '@/lib/limits';

/** Contract F03/F04: 1 to 8 images (PNG, JPEG, WebP, 5 MB each) and up to 5 files (10 MB each). */
export const IMAGE_RULES = {
  min: 1,
  max: 8,
  maxBytes: UPLOAD_BYTES.image,
  types: UPLOAD_TYPES.projectImages,
};
export const FILE_RULES = {
  max: 5,
  maxBytes: UPLOAD_BYTES.file,
  types: UPLOAD_TYPES.projectFiles,
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

interface ChosenFileProps {
  /** Images show a preview; documents their size beside the name. */
  kind: 'image' | 'document';
  name: string;
  /** Bytes; shown for chosen images and for every document. */
  size?: number;
  /** The preview of an image ('' while there is none). */
  src?: string;
  /** Chosen now, not saved yet. */
  chosen?: boolean;
  /** A saved one marked for removal: Keep undoes it. */
  removed?: boolean;
  onToggle: () => void;
}

/** One kept or chosen image or document, with Remove (or Keep, once marked for removal). */
function ChosenFile({ kind, name, size, src, chosen = false, removed = false, onToggle }: ChosenFileProps) {
  const action = removed ? 'Keep' : 'Remove';
  const shownName = removed ? `${name} (will be removed)` : name;
  if (kind === 'document') {
    return (
      <li className="attachments__item">
        <span className="attachments__name">{shownName}</span>
        <span className="attachments__meta">{formatSize(size ?? 0)}</span>
        <button type="button" className="attachments__remove" aria-label={`${action} ${name}`} onClick={onToggle}>
          {action}
        </button>
      </li>
    );
  }
  return (
    <li className={`image-preview${removed ? ' image-preview--removed' : ''}${chosen ? ' image-preview--new' : ''}`}>
      {src ? <img src={src} alt={name} /> : <span className="image-preview__blank" />}
      <span className="image-preview__name">
        {chosen && size !== undefined ? (
          <>
            {shownName} <span className="image-preview__size">{formatSize(size)}</span>
          </>
        ) : (
          shownName
        )}
      </span>
      <button type="button" className="link-button" aria-label={`${action} ${name}`} onClick={onToggle}>
        {action}
      </button>
    </li>
  );
}

interface PickerProps<Saved> {
  /** What the project holds (edit), each kept unless marked for removal. */
  existing?: Saved[];
  removedIds?: string[];
  onToggleExisting?: (id: string) => void;
  added: File[];
  onAdd: (files: File[]) => void;
  onRemoveAdded: (index: number) => void;
  error?: string;
}

/** A saved image or document as the list shows it. */
interface SavedFile {
  id: string;
  name: string;
  size?: number;
  src?: string;
}

interface ChosenFilesFieldProps extends PickerProps<SavedFile> {
  kind: ChosenFileProps['kind'];
  /** Previews of the chosen images, in their order. */
  previews?: string[];
  legend: ReactNode;
  /** The rules, under the legend. */
  hint: ReactNode;
  listLabel: string;
  listClassName: string;
  accept: string;
  chooseLabel: string;
}

/** A list of files sent with a project: what is kept and chosen, then a button to choose more. */
function ChosenFilesField({
  kind,
  existing = [],
  removedIds = [],
  onToggleExisting,
  added,
  previews = [],
  onRemoveAdded,
  legend,
  hint,
  listLabel,
  listClassName,
  accept,
  chooseLabel,
  onAdd,
  error,
}: ChosenFilesFieldProps) {
  const id = useId();
  return (
    <fieldset className="wizard-fieldset project-files" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="field__label">{legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {(existing.length > 0 || added.length > 0) && (
        <ul className={listClassName} aria-label={listLabel}>
          {existing.map((file) => (
            <ChosenFile
              key={file.id}
              kind={kind}
              name={file.name}
              size={file.size}
              src={file.src}
              removed={removedIds.includes(file.id)}
              onToggle={() => onToggleExisting?.(file.id)}
            />
          ))}
          {added.map((file, index) => (
            <ChosenFile
              key={`${file.name}-${index}`}
              kind={kind}
              name={file.name}
              size={file.size}
              src={previews[index]}
              chosen
              onToggle={() => onRemoveAdded(index)}
            />
          ))}
        </ul>
      )}
      <input
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        accept={accept}
        multiple
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length) onAdd(files);
          event.target.value = '';
        }}
      />
      <label htmlFor={`${id}-input`} className="button button--secondary project-files__choose">
        {chooseLabel}
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The project's images: previews of what is kept and chosen, each removable before saving. */
export function ImagesPicker({ existing = [], ...props }: PickerProps<FreelancerProjectImage>) {
  const previews = usePreviews(props.added);
  const saved = useMemo(
    () => existing.map((image) => ({ id: image.id, name: image.name, src: image.thumbnailUrl ?? image.url })),
    [existing],
  );
  const kept = existing.filter((image) => !(props.removedIds ?? []).includes(image.id)).length;
  const total = kept + props.added.length;
  return (
    <ChosenFilesField
      {...props}
      kind="image"
      existing={saved}
      previews={previews}
      legend="Images"
      hint={
        <>
          One to {IMAGE_RULES.max} PNG, JPEG or WebP images, 5 MB each at most. The first one is the cover. {total} of{' '}
          {IMAGE_RULES.max} chosen.
        </>
      }
      listLabel="Images of the project"
      listClassName="image-previews"
      accept={IMAGE_RULES.types.join(',')}
      chooseLabel="Choose images"
    />
  );
}

/** Documents about the project (a case study), optional. */
export function FilesPicker(props: PickerProps<Attachment>) {
  return (
    <ChosenFilesField
      {...props}
      kind="document"
      legend={
        <>
          Documents <span className="field__optional">(optional)</span>
        </>
      }
      hint={<>Up to {FILE_RULES.max} PDF, image, Word, Excel, PowerPoint or ZIP files, 10 MB each at most.</>}
      listLabel="Documents of the project"
      listClassName="attachments__list"
      accept={FILE_ACCEPT}
      chooseLabel="Choose documents"
    />
  );
}
