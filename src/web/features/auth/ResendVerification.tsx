import { FormAlert } from '@/ui/form/FormAlert';
import { useResendVerification } from './useResendVerification';

/** The Resend button with its cooldown, and what the last attempt said. */
export function ResendVerification({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { resend, sending, notice, cooldown } = useResendVerification();
  const waiting = cooldown > 0;
  return (
    <div className="resend">
      <FormAlert>{notice?.tone === 'error' && notice.text}</FormAlert>
      <FormAlert tone={notice?.tone === 'info' ? 'info' : 'success'}>
        {notice?.tone !== 'error' && notice?.text}
      </FormAlert>
      <button
        type="button"
        className={`button button--${variant} button--large`}
        onClick={resend}
        disabled={sending || waiting}
        aria-describedby={waiting ? 'resend-wait' : undefined}
      >
        {sending ? 'Sending…' : 'Resend verification email'}
      </button>
      {waiting && (
        <p id="resend-wait" className="resend__wait">
          You can ask for another email in {cooldown} s.
        </p>
      )}
    </div>
  );
}
