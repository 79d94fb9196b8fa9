import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { login } from '@/api/generated/auth/auth';
import type { AuthLoginInput } from '@/api/generated/model';
import { LOCAL_FLAGS, SESSION_FLAGS, localFlags } from '@/lib/browserFlags';
import { PATHS, POST_LOGIN_PATH } from '@/lib/paths';
import { safeNext } from '@/lib/safeNext';
import { CheckboxField } from '@/ui/form/CheckboxField';
import { FormAlert } from '@/ui/form/FormAlert';
import { PasswordField } from '@/ui/form/PasswordField';
import { TextField } from '@/ui/form/TextField';
import { useForm } from '@/ui/form/useForm';
import { AuthCard } from './AuthCard';
import { ContinueWithGoogle } from './ContinueWithGoogle';
import { useAfterSignIn } from './useAfterSignIn';
import { useFlashMessage } from './useFlashMessage';
import { collectErrors, email, loginPassword } from '@/ui/form/validation';

type LoginValues = { email: string; password: string; rememberMe: boolean };

function validate(values: LoginValues) {
  return collectErrors({ email: email(values.email), password: loginPassword(values.password) });
}

function rememberMeFlag(): boolean {
  return localFlags.get(LOCAL_FLAGS.rememberMe) === 'true';
}

function storeRememberMe(remember: boolean) {
  if (remember) localFlags.set(LOCAL_FLAGS.rememberMe, 'true');
  else localFlags.remove(LOCAL_FLAGS.rememberMe);
}

/** Sign in with email and password; then to `next` (a path on this site) or the post-login route. */
export function LoginForm({ next }: { next?: string }) {
  const authError = useFlashMessage(SESSION_FLAGS.authError);
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '', rememberMe: rememberMeFlag() },
    validate,
  });
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  const destination = safeNext(next);
  const signIn = useMutation({
    mutationFn: (input: AuthLoginInput) => login(input),
    onSuccess: (response) =>
      afterSignIn(response.data, () =>
        // `next` comes from the URL: any page of the site, with its query, so it goes as it is.
        destination
          ? void navigate({ href: destination, replace: true })
          : void navigate({ to: POST_LOGIN_PATH, replace: true }),
      ),
  });

  const onValid = (values: LoginValues) => {
    storeRememberMe(values.rememberMe);
    signIn.mutate(
      { email: values.email.trim(), password: values.password, rememberMe: values.rememberMe },
      { onError: form.showServerError },
    );
  };

  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <AuthCard
      title="Log in to your account"
      documentTitle="Log in"
      lead={<p>Welcome back. Sign in to pick up where you left off.</p>}
      footer={
        <p>
          New here?{' '}
          <Link to={PATHS.signup} search={destination ? { next: destination } : {}}>
            Create an account
          </Link>
        </p>
      }
    >
      {authError && <FormAlert>{authError}</FormAlert>}
      <ContinueWithGoogle beforeStart={() => storeRememberMe(form.values.rememberMe)} />
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.handleSubmit(onValid)}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          {...form.field('email')}
        />
        <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
        <div className="auth-form__row">
          <CheckboxField
            label="Remember me"
            name="rememberMe"
            checked={form.values.rememberMe}
            onChange={(event) => form.setValue('rememberMe', event.target.checked)}
          />
          <Link to={PATHS.forgotPassword} className="auth-form__aside-link">
            Forgot password?
          </Link>
        </div>
        <FormAlert>{form.formError}</FormAlert>
        <button type="submit" className="button button--primary button--large auth-form__submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </AuthCard>
  );
}
