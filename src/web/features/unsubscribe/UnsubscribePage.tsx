import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import { useUnsubscribe } from '@/api/generated/website/website';
import { WebsiteMailingList } from '@/api/generated/model';
import type { WebsiteUnsubscribeResponse } from '@/api/generated/model';
import { PATHS } from '@/lib/paths';
import { CheckboxField } from '@/ui/form/CheckboxField';
import { FormAlert } from '@/ui/form/FormAlert';
import { PRODUCT_NAME } from '@/ui/Logo';
import { DocumentTitle } from '@/ui/DocumentTitle';
import './unsubscribe.css';

type MailingList = WebsiteMailingList;

export const ALL_LISTS = Object.values(WebsiteMailingList) as MailingList[];

/** Each list as a checkbox label, and as the words of "You will no longer receive …". */
export const LISTS: Record<MailingList, { label: string; receive: string }> = {
  'message-reminders': { label: 'Reminders about unread messages', receive: 'reminders about unread messages' },
  'job-alerts': { label: 'Alerts about new jobs that match your services', receive: 'job alerts' },
  'proposal-digest': { label: 'New proposals on your requests', receive: 'emails about new proposals' },
  newsletter: { label: 'The monthly marketplace newsletter', receive: 'the newsletter' },
  'product-updates': { label: 'News about new features', receive: 'product updates' },
  'tips-and-offers': { label: 'Tips and offers', receive: 'tips and offers' },
};

const ORDER = Object.keys(LISTS) as MailingList[];

/** "a", "a or b", "a, b or c". */
export function listWords(lists: readonly string[]): string {
  const words = lists.map((list) => LISTS[list as MailingList]?.receive ?? list);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

const INVALID_LINK = 'This unsubscribe link is not valid. Sign in to manage your emails in Settings.';

type Result = WebsiteUnsubscribeResponse['data'];

function Outcome({ result, onMore, busy }: { result: Result; onMore: () => void; busy: boolean }) {
  const left = [...result.unsubscribed, ...result.alreadyUnsubscribed];
  return (
    <div className="unsubscribe-result" role="status">
      <h2 className="unsubscribe-result__title">You are unsubscribed</h2>
      {left.length > 0 && (
        <p>
          You will no longer receive {listWords(left)} at {result.email}.
        </p>
      )}
      {result.remaining.length > 0 ? (
        <>
          <p>You still receive {listWords(result.remaining)}.</p>
          <button type="button" className="button button--secondary" onClick={onMore} disabled={busy}>
            {busy ? 'Turning them off…' : 'Turn these off too'}
          </button>
        </>
      ) : (
        <p>You will only get emails about your account, like password resets and receipts.</p>
      )}
      <p className="unsubscribe-result__note">
        Changed your mind? Sign in and turn emails back on in <Link to={PATHS.settings}>Settings</Link>.
      </p>
    </div>
  );
}

/** `/unsubscribe?token=…`: leave email lists from an email's link, signed in or not (W04). */
export function UnsubscribePage({ token }: { token?: string }) {
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<MailingList[]>(ORDER);
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useUnsubscribe();

  const leave = (lists: MailingList[] | null) => {
    if (!token) return;
    setProblem(null);
    mutation.mutate(
      { data: { token, ...(lists ? { lists } : {}) } },
      {
        onSuccess: (response) => setResult(response.data),
        onError: (error) => {
          if (error instanceof ApiError && error.httpStatus === 404) setProblem(INVALID_LINK);
          else if (error instanceof ApiError && error.httpStatus === 400) setProblem(INVALID_LINK);
          else setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choosing && chosen.length === 0) {
      setProblem('Tick at least one kind of email to turn off.');
      return;
    }
    leave(choosing && chosen.length < ORDER.length ? chosen : null);
  };

  const toggle = (list: MailingList, on: boolean) =>
    setChosen((current) => (on ? [...current, list] : current.filter((item) => item !== list)));

  return (
    <div className="container unsubscribe-page">
      <DocumentTitle>{`Unsubscribe | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="unsubscribe-page__title">Unsubscribe from emails</h1>
      {!token ? (
        <div className="unsubscribe-result" role="alert">
          <p>{INVALID_LINK}</p>
          <Link to={PATHS.login} className="button button--primary">
            Sign in
          </Link>
        </div>
      ) : result ? (
        <Outcome
          result={result}
          busy={mutation.isPending}
          onMore={() => leave(result.remaining.filter((list): list is MailingList => ORDER.includes(list)))}
        />
      ) : (
        <form className="unsubscribe-form" onSubmit={submit} noValidate>
          <FormAlert>
            {problem && (
              <>
                {problem}{' '}
                {problem === INVALID_LINK && (
                  <Link to={PATHS.login} search={{ next: PATHS.settings }}>
                    Sign in
                  </Link>
                )}
              </>
            )}
          </FormAlert>
          <p>
            {choosing
              ? 'Untick the emails you want to keep.'
              : `Stop the marketing and reminder emails ${PRODUCT_NAME} sends you. Emails about your account (password resets, receipts) still arrive.`}
          </p>
          {choosing && (
            <fieldset className="unsubscribe-form__lists">
              <legend className="field__label">Emails to turn off</legend>
              {ORDER.map((list) => (
                <CheckboxField
                  key={list}
                  label={LISTS[list].label}
                  name="lists"
                  value={list}
                  checked={chosen.includes(list)}
                  onChange={(event) => toggle(list, event.target.checked)}
                />
              ))}
            </fieldset>
          )}
          <div className="unsubscribe-form__actions">
            <button type="submit" className="button button--primary" disabled={mutation.isPending}>
              {mutation.isPending ? 'Unsubscribing…' : choosing ? 'Turn off the ticked emails' : 'Unsubscribe from all'}
            </button>
            {!choosing && (
              <button type="button" className="button button--secondary" onClick={() => setChoosing(true)}>
                Choose which emails
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
