import { useMemo, useState, type ReactNode } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { Attachment, ProposalResponse } from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import { ProfileSectionForm, type SaveFailure } from '@/forms/profile/ProfileSectionForm';
import type { JsonObject } from '@/forms/types';
import { formatAmount } from '@/lib/format';
import {
  adjustProposalAnswers,
  milestonesOf,
  milestonesTotal,
  PROPOSAL_FILES,
  PROPOSAL_FORM_ID,
  proposalFields,
  type ProposalFields,
} from './proposalAnswers';
import { ProposalFiles } from './ProposalFiles';

/** Nothing is drawn for a field that does not apply (milestones when paid by the hour). */
function NoField() {
  return null;
}

/** What the form sends: its fields, the files chosen now, and the current files kept (when editing). */
export interface ProposalSubmission {
  fields: ProposalFields;
  files: File[];
  keepAttachments: string[];
}

interface ProposalFormProps {
  idPrefix: string;
  initialAnswers: JsonObject;
  /** The currency the request's budget fixes, or null when any is taken. */
  currency: string | null;
  /** The proposal's current files (editing). */
  existingAttachments?: Attachment[];
  onSend: (submission: ProposalSubmission) => Promise<ProposalResponse>;
  onSent: (response: ProposalResponse) => void;
  /** Told of the answers as they change (to keep a draft). */
  onAnswersChange?: (answers: JsonObject) => void;
  submitLabel: string;
  busyLabel: string;
  secondaryAction?: ReactNode;
  /** Shown instead of the submit button when the proposal cannot be sent now. */
  blocked?: ReactNode;
}

/** Refused before sending, worded as the server would, so it shows where the server's would. */
function refuse(field: string, message: string): never {
  throw new ApiError(400, {
    status: 'error',
    message: 'Check the files of your proposal.',
    code: 'validation_failed',
    errors: [{ field, message }],
  });
}

function filesError(failure: SaveFailure | null): string | undefined {
  return (
    failure?.fields
      .filter((error) => error.field === 'attachments' || error.field.startsWith('attachments.'))
      .map((error) => error.message)
      .join(' ') || undefined
  );
}

/** "Milestones add up to $4,500 of $18,500": live, for a fixed price with milestones. */
function MilestonesTotal({ answers }: { answers: JsonObject }) {
  if (answers.priceType !== 'fixed' || milestonesOf(answers).length === 0) return null;
  const currency =
    typeof answers.currency === 'string' && /^[A-Z]{3}$/.test(answers.currency) ? answers.currency : 'USD';
  const total = milestonesTotal(answers);
  const price = typeof answers.amount === 'number' ? answers.amount : null;
  const matches = price !== null && Math.abs(total - price) < 0.005;
  return (
    <p className={`proposal-total${matches ? ' proposal-total--ok' : ''}`} aria-live="polite">
      Milestones add up to {formatAmount(total, currency)}
      {price !== null ? ` of ${formatAmount(price, currency)}` : ''}
      {price !== null && !matches ? '. They must add up to your price.' : '.'}
    </p>
  );
}

/**
 * The proposal form of forms/ (the same schema the server checks), with its files sent beside
 * it: the submit page and the edit of a sent proposal both use it.
 */
export function ProposalForm({
  idPrefix,
  initialAnswers,
  currency,
  existingAttachments = [],
  onSend,
  onSent,
  onAnswersChange,
  submitLabel,
  busyLabel,
  secondaryAction,
  blocked,
}: ProposalFormProps) {
  const start = useMemo(
    () => adjustProposalAnswers(currency ? { ...initialAnswers, currency } : initialAnswers),
    [initialAnswers, currency],
  );
  const [answers, setAnswers] = useState<JsonObject>(start);
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const hourly = answers.priceType === 'hourly';
  const uiOverrides = useMemo<UiSchema>(
    () => ({
      ...(currency ? { currency: { 'ui:readonly': true, 'ui:help': `This client budgets in ${currency}.` } } : {}),
      ...(hourly ? { milestones: { 'ui:field': NoField } } : {}),
    }),
    [currency, hourly],
  );

  const save = async (data: JsonObject) => {
    const keepAttachments = existingAttachments.filter((file) => !removed.includes(file.id)).map((file) => file.id);
    if (keepAttachments.length + files.length > PROPOSAL_FILES.maxFiles) {
      refuse('attachments', `A proposal has at most ${PROPOSAL_FILES.maxFiles} files.`);
    }
    const fields = proposalFields(currency ? { ...data, currency } : data);
    return onSend({ fields, files, keepAttachments });
  };

  return (
    <ProfileSectionForm
      formId={PROPOSAL_FORM_ID}
      idPrefix={idPrefix}
      initialAnswers={start}
      uiOverrides={uiOverrides}
      adjustAnswers={adjustProposalAnswers}
      onAnswersChange={(next) => {
        setAnswers(next);
        onAnswersChange?.(next);
      }}
      onSave={save}
      onSaved={(result) => onSent(result as ProposalResponse)}
      onFailure={setFailure}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      secondaryAction={secondaryAction}
      blocked={blocked}
    >
      <MilestonesTotal answers={answers} />
      <ProposalFiles
        existing={existingAttachments}
        removedIds={removed}
        onToggleExisting={(id) =>
          setRemoved((ids) => (ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id]))
        }
        added={files}
        onAdd={(chosen) => setFiles((current) => [...current, ...chosen])}
        onRemoveAdded={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
        error={filesError(failure)}
      />
    </ProfileSectionForm>
  );
}
