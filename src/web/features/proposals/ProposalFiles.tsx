import { useId, useState } from 'react';
import type { Attachment } from '@/api/generated/model';
import { FileDropZone } from '@/forms/FileDropZone';
import { formatSize } from '@/forms/uploadRules';
import { PROPOSAL_FILES } from './proposalAnswers';

interface ProposalFilesProps {
  /** The proposal's current files (when editing), each kept unless marked for removal. */
  existing?: Attachment[];
  removedIds?: string[];
  onToggleExisting?: (id: string) => void;
  /** Files chosen now, sent with the form. */
  added: File[];
  onAdd: (files: File[]) => void;
  onRemoveAdded: (index: number) => void;
  /** What the server said about the files (`attachments.N`). */
  error?: string;
}

/**
 * The proposal's files, sent as multipart parts beside the form: the kept ones, the chosen ones,
 * and the drop zone to choose more. A file of the wrong type or size, or one too many, is
 * refused here with the reason, before anything is sent.
 */
export function ProposalFiles({
  existing = [],
  removedIds = [],
  onToggleExisting,
  added,
  onAdd,
  onRemoveAdded,
  error,
}: ProposalFilesProps) {
  const id = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const kept = existing.filter((file) => !removedIds.includes(file.id));
  const count = kept.length + added.length;
  const room = PROPOSAL_FILES.maxFiles - count;

  const take = (files: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const problem = PROPOSAL_FILES.problem(file);
      if (problem) problems.push(problem);
      else if (accepted.length < room) accepted.push(file);
      else problems.push(`${file.name} was left out: a proposal has at most ${PROPOSAL_FILES.maxFiles} files.`);
    }
    setRefused(problems);
    if (accepted.length) onAdd(accepted);
  };

  const messages = [...refused, ...(error ? [error] : [])];
  return (
    <fieldset className="wizard-fieldset proposal-files" aria-describedby={`${id}-hint`}>
      <legend className="field__label">
        Files <span className="field__optional">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="field__hint">
        A plan, a CV or samples of your work. {count} of {PROPOSAL_FILES.maxFiles} chosen.
      </p>
      <FileDropZone
        id={`${id}-input`}
        onFiles={take}
        disabled={room <= 0}
        accept={PROPOSAL_FILES.accept}
        hint={`${PROPOSAL_FILES.typesText}; up to ${formatSize(PROPOSAL_FILES.maxFileBytes).replace('.0 MB', ' MB')} each, ${PROPOSAL_FILES.maxFiles} files at most.`}
        aria-describedby={`${id}-hint${messages.length ? ` ${id}-error` : ''}`}
        aria-invalid={messages.length ? true : undefined}
      />
      {messages.length > 0 && (
        <div id={`${id}-error`} className="field__error proposal-files__error" role="alert">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {(existing.length > 0 || added.length > 0) && (
        <ul className="attachments__list" aria-label="Files of the proposal">
          {existing.map((file) => {
            const removed = removedIds.includes(file.id);
            const action = removed ? 'Keep' : 'Remove';
            return (
              <li key={file.id} className="attachments__item">
                <span className="attachments__name">{removed ? `${file.name} (will be removed)` : file.name}</span>
                <span className="attachments__meta">{formatSize(file.size)}</span>
                <button
                  type="button"
                  className="attachments__remove"
                  aria-label={`${action} ${file.name}`}
                  onClick={() => onToggleExisting?.(file.id)}
                >
                  {action}
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
    </fieldset>
  );
}
