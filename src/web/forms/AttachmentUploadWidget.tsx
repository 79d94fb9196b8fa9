import type { WidgetProps } from '@rjsf/utils';

/**
 * Uploads have no call in the contract yet, so the field says so instead of offering a
 * picker that could not send anything. Ids already in a draft are kept.
 */
export function AttachmentUploadWidget({ id, value }: WidgetProps) {
  const count = Array.isArray(value) ? value.length : 0;
  return (
    <p id={id} className="field__hint wizard-attachments">
      {count
        ? `${count} file(s) attached.`
        : 'File uploads are coming soon; you can share files with providers in messages.'}
    </p>
  );
}
