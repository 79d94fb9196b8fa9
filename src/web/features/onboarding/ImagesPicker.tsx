import { useState } from 'react';
import { FieldError } from '@/ui/form/FieldMessages';
import { usePreview } from './ImagePicker';
import { IMAGE_ACCEPT, IMAGE_RULES_TEXT, imageProblem } from './imageFiles';

const MAX_IMAGES = 8;

function Thumbnail({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled?: boolean }) {
  const url = usePreview(file);
  return (
    <li className="images-picker__item">
      {url && <img src={url} alt="" />}
      <span className="images-picker__name">{file.name}</span>
      <button type="button" className="link-button" onClick={onRemove} disabled={disabled}>
        Remove<span className="visually-hidden"> {file.name}</span>
      </button>
    </li>
  );
}

interface ImagesPickerProps {
  id: string;
  label: string;
  hint: string;
  files: File[];
  onFiles: (files: File[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Several images sent with the form: each checked when chosen, shown as a thumbnail with Remove. */
export function ImagesPicker({ id, label, hint, files, onFiles, error, disabled }: ImagesPickerProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const message = [...problems, error].filter(Boolean).join(' ');
  const full = files.length >= MAX_IMAGES;

  const add = (chosen: File[]) => {
    const refused = chosen.map(imageProblem).filter((problem): problem is string => problem !== null);
    const accepted = chosen.filter((file) => imageProblem(file) === null);
    const room = MAX_IMAGES - files.length;
    if (accepted.length > room) refused.push(`Only ${MAX_IMAGES} images can be added.`);
    setProblems(refused);
    onFiles([...files, ...accepted.slice(0, Math.max(room, 0))]);
  };

  return (
    <div className="field images-picker">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <p id={`${id}-hint`} className="field__hint">
        {hint} {IMAGE_RULES_TEXT} each.
      </p>
      {files.length > 0 && (
        <ul className="images-picker__list" aria-label="Chosen images">
          {files.map((file, index) => (
            <Thumbnail
              key={`${file.name}-${index}`}
              file={file}
              disabled={disabled}
              onRemove={() => onFiles(files.filter((_, at) => at !== index))}
            />
          ))}
        </ul>
      )}
      <div>
        <input
          id={id}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="visually-hidden"
          disabled={disabled || full}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={[`${id}-hint`, message ? `${id}-error` : null].filter(Boolean).join(' ')}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            const chosen = event.target.files ? [...event.target.files] : [];
            event.target.value = '';
            if (chosen.length) add(chosen);
          }}
        />
        <label
          htmlFor={id}
          id={`${id}-button`}
          className={`button button--secondary${full ? ' button--disabled' : ''}`}
          aria-disabled={full || undefined}
        >
          {files.length ? 'Add more images' : 'Choose images'}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={message || undefined} />
    </div>
  );
}
