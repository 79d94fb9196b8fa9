import { useEffect, useState } from 'react';
import { FieldError } from '@/ui/form/FieldMessages';
import { IMAGE_ACCEPT, IMAGE_RULES_TEXT, imageProblem } from './imageFiles';

/** A preview URL for a chosen file, revoked when it changes. */
export function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface ImagePickerProps {
  id: string;
  label: string;
  hint: string;
  /** The image saved now, shown until another is chosen. */
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The server's refusal of the image. */
  error?: string;
  /** Round (a person) or square (a logo). */
  shape?: 'round' | 'square';
  disabled?: boolean;
  /** Says what happens to the image (uploading…). */
  status?: string;
  optional?: boolean;
}

/**
 * One image with a live preview: the file is checked (type, size) as soon as it is chosen and a
 * refused one is never kept; the server's own refusal shows under it the same way.
 */
export function ImagePicker({
  id,
  label,
  hint,
  currentUrl,
  file,
  onFile,
  error,
  shape = 'round',
  disabled,
  status,
  optional = false,
}: ImagePickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreview(file);
  const shown = preview ?? currentUrl;
  const message = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="field image-picker">
      <span className="field__label" id={`${id}-label`}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </span>
      <div className="image-picker__body">
        <div className={`image-picker__preview image-picker__preview--${shape}`}>
          {shown ? (
            <img src={shown} alt={preview ? 'Preview of the chosen image' : 'Your current image'} />
          ) : (
            <span className="image-picker__empty" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="36" height="36" fill="none" stroke="currentColor" strokeWidth="1.5">
                {shape === 'round' ? (
                  <>
                    <circle cx="12" cy="9" r="4" />
                    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
                  </>
                ) : (
                  <>
                    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
                    <circle cx="9" cy="10" r="1.75" />
                    <path d="m4 17 5-4.5 4 3.5 3-2.5 4 3.5" strokeLinejoin="round" />
                  </>
                )}
              </svg>
            </span>
          )}
        </div>
        <div className="image-picker__controls">
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            disabled={disabled}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={[hintId, message ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={message ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (!chosen) return;
              const refused = imageProblem(chosen);
              setProblem(refused);
              if (!refused) onFile(chosen);
            }}
          />
          <label htmlFor={id} id={`${id}-button`} className="button button--secondary image-picker__button">
            {shown ? 'Choose another image' : 'Choose an image'}
          </label>
          {file && (
            <button
              type="button"
              className="link-button"
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onFile(null);
              }}
            >
              Remove {file.name}
            </button>
          )}
          <p id={hintId} className="field__hint">
            {hint} {IMAGE_RULES_TEXT}.
          </p>
          {status && (
            <p className="field__hint" role="status">
              {status}
            </p>
          )}
        </div>
      </div>
      <FieldError id={errorId} message={message ?? undefined} />
    </div>
  );
}
