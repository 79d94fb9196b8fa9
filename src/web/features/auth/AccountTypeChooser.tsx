import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AccountType } from '@/lib/auth';
import { SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { PATHS } from '@/lib/paths';
import { safeNext } from '@/lib/safeNext';
import { AccountTypeIcon } from './AccountTypeIcon';
import {
  ACCOUNT_TYPE_OPTIONS,
  CHOOSER_DELAY_MS,
  CHOOSER_HEADING,
  CONTINUE_LABEL,
  NO_CHOICE_MESSAGE,
  isAccountType,
} from './accountTypes';
import { AuthCard } from './AuthCard';
import { FormAlert } from '@/ui/form/FormAlert';
import { useFlashMessage } from './useFlashMessage';

const ERROR_ID = 'account-type-error';

function storedChoice(): AccountType | null {
  const stored = sessionFlags.get(SESSION_FLAGS.accountType);
  return isAccountType(stored) ? stored : null;
}

/**
 * The account type chooser (spec §2, §4): three radio cards, the choice kept in session
 * storage, then after a short pause clients go on to the page they asked for (`next`) or the
 * client sign-up, and the other types to their own sign-up.
 */
export function AccountTypeChooser({ next }: { next?: string }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<AccountType | null>(storedChoice);
  const [error, setError] = useState<string | null>(null);
  const [proceeding, setProceeding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstRadio = useRef<HTMLInputElement>(null);
  // A Google account with no account yet comes back here to pick a type.
  const authError = useFlashMessage(SESSION_FLAGS.authError);

  useEffect(() => () => clearTimeout(timer.current), []);

  const chosen = ACCOUNT_TYPE_OPTIONS.find((option) => option.type === choice);

  const choose = (type: AccountType) => {
    setChoice(type);
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setError(NO_CHOICE_MESSAGE);
      firstRadio.current?.focus();
      return;
    }
    sessionFlags.set(SESSION_FLAGS.accountType, chosen.type);
    setProceeding(true);
    // A client goes on to `next` (from the URL: any page of the site, with its query) when there is one.
    const back = chosen.type === 'client' ? safeNext(next) : null;
    const go = () => (back ? navigate({ href: back }) : navigate({ to: chosen.signupPath }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void go(), CHOOSER_DELAY_MS);
  };

  return (
    <AuthCard
      title={CHOOSER_HEADING}
      documentTitle="Sign up"
      wide
      footer={
        <p>
          Already have an account? <Link to={PATHS.login}>Log in</Link>
        </p>
      }
    >
      {authError && <FormAlert tone="info">{authError}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <fieldset className="type-cards" aria-describedby={error ? ERROR_ID : undefined}>
          <legend className="visually-hidden">Account type</legend>
          {ACCOUNT_TYPE_OPTIONS.map((option, index) => (
            <label key={option.type} className="type-card" data-type={option.type}>
              <input
                ref={index === 0 ? firstRadio : undefined}
                type="radio"
                name="accountType"
                value={option.type}
                className="type-card__input"
                checked={choice === option.type}
                onChange={() => choose(option.type)}
              />
              <span className="type-card__icon">
                <AccountTypeIcon type={option.type} />
              </span>
              <span className="type-card__text">{option.description}</span>
              <span className="type-card__check" aria-hidden="true" />
            </label>
          ))}
        </fieldset>
        <div role="alert" className="form-alert-region">
          {error && (
            <p id={ERROR_ID} className="field__error type-cards__error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary button--large auth-form__submit" disabled={proceeding}>
          {chosen ? chosen.continueLabel : CONTINUE_LABEL}
        </button>
      </form>
    </AuthCard>
  );
}
