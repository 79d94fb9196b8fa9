import { useRef, useState, type DragEvent } from 'react';
import { ACCEPT } from './uploadRules';

interface FileDropZoneProps {
  id: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** What the zone says under its button (the types and size limit). */
  hint: string;
  /** The input's `accept` (the request attachments' types when absent). */
  accept?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A file input that also takes files dropped on it. The input itself stays in the tab order
 * (visually hidden); its label is the visible button, and the zone shows its focus ring.
 */
export function FileDropZone({ id, onFiles, disabled, hint, accept = ACCEPT, ...aria }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length > 0) onFiles(files);
  };
  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      className={['dropzone', over && 'dropzone--over', disabled && 'dropzone--disabled'].filter(Boolean).join(' ')}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="dropzone"
    >
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={accept}
        className="visually-hidden"
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          // The same file chosen again after a removal still fires a change.
          event.target.value = '';
        }}
        {...aria}
      />
      <label htmlFor={id} className="button button--secondary dropzone__button">
        Choose files
      </label>
      <span className="dropzone__text">or drag and drop them here</span>
      <span className="dropzone__hint">{hint}</span>
    </div>
  );
}
