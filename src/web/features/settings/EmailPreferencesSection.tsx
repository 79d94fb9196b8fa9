import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetEmailPreferencesQueryKey,
  useGetEmailPreferences,
  useUpdateEmailPreferences,
} from '@/api/generated/account/account';
import type { AccountEmailPreferencesInput, WebsiteMailingList } from '@/api/generated/model';
import { apiErrorMessage } from '@/ui/toast';
import { FormAlert } from '@/ui/form/FormAlert';
import { SettingsSection } from './SettingsSection';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';

/** Each list a person can leave, as Settings names and explains it. */
export const EMAIL_LIST_TEXTS: Record<WebsiteMailingList, { label: string; description: string }> = {
  'message-reminders': {
    label: 'Unread message reminders',
    description: 'An email when a message waits unread for 15 minutes, at most one an hour per conversation.',
  },
  'proposal-digest': {
    label: 'New proposals on your requests',
    description: 'An email when a provider sends a proposal on one of your requests.',
  },
  'job-alerts': {
    label: 'Job alerts',
    description: 'New jobs that match your services.',
  },
  newsletter: { label: 'Newsletter', description: 'Marketplace news, once a month.' },
  'product-updates': { label: 'Product updates', description: 'New features and changes to the marketplace.' },
  'tips-and-offers': {
    label: 'Tips and offers',
    description: 'Advice on getting more from the marketplace, and offers.',
  },
};

type Choices = Partial<Record<WebsiteMailingList, boolean>>;

/**
 * Settings › Email preferences: every list the account can leave, ticked while it receives it;
 * the same choices as the unsubscribe links in the emails. Emails about the account itself
 * (passwords, receipts, decisions on proposals) have no list and always arrive.
 */
export function EmailPreferencesSection() {
  const queryClient = useQueryClient();
  const query = useGetEmailPreferences(RETRIED_LOADER_READ);
  const update = useUpdateEmailPreferences();
  const lists = query.data?.data.lists;
  // What the person changed on screen, over what the server says they receive: the boxes are
  // drawn from the answer itself, so they are never shown ticked before the answer is read.
  const [choices, setChoices] = useState<Choices>({});
  const [saved, setSaved] = useState<string | null>(null);
  const chosen = (entry: { list: WebsiteMailingList; subscribed: boolean }) => choices[entry.list] ?? entry.subscribed;

  const changed = (lists ?? []).some((entry) => chosen(entry) !== entry.subscribed);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const data = Object.fromEntries((lists ?? []).map((entry) => [entry.list, chosen(entry)]));
    update.mutate(
      { data: data as AccountEmailPreferencesInput },
      {
        onSuccess: (response) => {
          queryClient.setQueryData(getGetEmailPreferencesQueryKey(), response);
          setChoices({});
          setSaved(response.message || 'Your email preferences are saved.');
        },
      },
    );
  };

  return (
    <SettingsSection
      anchor="email-preferences"
      title="Email preferences"
      lead="Choose the emails you want. Emails about your account (password resets, receipts, decisions on your proposals) always arrive."
    >
      {query.isPending ? (
        <p className="settings-section__lead">Loading your email preferences…</p>
      ) : query.isError || !lists ? (
        <FormAlert>Your email preferences could not be loaded. Reload the page to try again.</FormAlert>
      ) : (
        <form className="settings-form email-preferences" noValidate onSubmit={onSubmit}>
          <FormAlert>{update.isError ? apiErrorMessage(update.error) : null}</FormAlert>
          <fieldset className="email-preferences__lists">
            <legend className="visually-hidden">Emails you receive</legend>
            {lists.map(({ list, subscribed }) => (
              <div key={list} className="email-preferences__item">
                <div className="checkbox">
                  <input
                    type="checkbox"
                    className="checkbox__control"
                    id={`email-list-${list}`}
                    name="lists"
                    value={list}
                    checked={chosen({ list, subscribed })}
                    aria-describedby={`email-list-${list}-hint`}
                    onChange={(event) => {
                      setSaved(null);
                      setChoices({ ...choices, [list]: event.target.checked });
                    }}
                  />
                  <label htmlFor={`email-list-${list}`} className="checkbox__label">
                    {EMAIL_LIST_TEXTS[list].label}
                  </label>
                </div>
                <p id={`email-list-${list}-hint`} className="email-preferences__hint">
                  {EMAIL_LIST_TEXTS[list].description}
                </p>
              </div>
            ))}
          </fieldset>
          <div className="settings-email__actions">
            <button type="submit" className="button button--primary" disabled={update.isPending || !changed}>
              {update.isPending ? 'Saving…' : 'Save email preferences'}
            </button>
            {saved && (
              <p className="email-preferences__saved" role="status">
                {saved}
              </p>
            )}
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
