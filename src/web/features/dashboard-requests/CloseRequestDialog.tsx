import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getListServiceRequestProposalsQueryKey } from '@/api/generated/proposals/proposals';
import {
  getGetServiceRequestQueryKey,
  getListClientServiceRequestsQueryKey,
  getListLatestClientServiceRequestsQueryKey,
  useCloseServiceRequest,
} from '@/api/generated/requests/requests';
import type { ServiceRequest, ServiceRequestCloseReason } from '@/api/generated/model';
import { Dialog } from '@/ui/Dialog';
import { FormAlert } from '@/ui/form/FormAlert';
import { apiErrorMessage, productToast } from '@/ui/toast';
import { CLOSE_REASONS } from './proposals';

/** The note is kept with the request, never shown to providers: at most this many characters. */
export const CLOSE_NOTE_LIMIT = 500;

const REASONS = Object.keys(CLOSE_REASONS) as ServiceRequestCloseReason[];

/** Closing a request for good, with a reason (and an optional note). */
export function CloseRequestDialog({ request, onClose }: { request: ServiceRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<ServiceRequestCloseReason | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const noteId = useId();
  const countId = useId();
  const errorId = useId();
  const close = useCloseServiceRequest({
    mutation: {
      onSuccess: (response) => {
        queryClient.setQueryData(getGetServiceRequestQueryKey(request.id), response);
        void queryClient.invalidateQueries({ queryKey: [getListClientServiceRequestsQueryKey()[0]] });
        void queryClient.invalidateQueries({ queryKey: getListLatestClientServiceRequestsQueryKey() });
        void queryClient.invalidateQueries({ queryKey: [getListServiceRequestProposalsQueryKey(request.id)[0]] });
        productToast.success('Your request is closed.');
        onClose();
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    const trimmed = note.trim();
    close.mutate({ id: request.id, data: { reason, ...(trimmed ? { note: trimmed } : {}) } });
  };
  const pending = request.proposalCount > 0;
  return (
    <Dialog
      title="Close this request?"
      description={
        pending
          ? 'It leaves the job board for good. Proposals you have not answered are declined and their providers told.'
          : 'It leaves the job board for good and takes no more proposals.'
      }
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <FormAlert>{close.isError && <p>{apiErrorMessage(close.error)}</p>}</FormAlert>
        <fieldset
          className="close-reasons"
          aria-invalid={missing && !reason ? true : undefined}
          aria-describedby={missing && !reason ? errorId : undefined}
        >
          <legend className="field__label">Why are you closing it?</legend>
          {REASONS.map((value) => (
            <label key={value} className="close-reasons__option">
              <input
                type="radio"
                name="close-reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissing(false);
                }}
              />{' '}
              {CLOSE_REASONS[value]}
            </label>
          ))}
          {missing && !reason && (
            <p id={errorId} className="field__error">
              Please pick a reason.
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={noteId} className="field__label">
            Anything to add? (optional)
          </label>
          <textarea
            id={noteId}
            className="field__control"
            rows={3}
            maxLength={CLOSE_NOTE_LIMIT}
            value={note}
            aria-describedby={countId}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={countId} className="field__hint">
            {CLOSE_NOTE_LIMIT - note.length} of {CLOSE_NOTE_LIMIT} characters left. Only you see this note.
          </p>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Keep it open
          </button>
          <button type="submit" className="button button--primary" disabled={close.isPending}>
            {close.isPending ? 'Closing…' : 'Close request'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
