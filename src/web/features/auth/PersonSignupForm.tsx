import { useCallback } from 'react';
import { registerClient, registerFreelancer } from '@/api/generated/auth/auth';
import type { AuthRegisterPersonInput } from '@/api/generated/model';
import { FormAlert } from '@/ui/form/FormAlert';
import { PasswordField } from '@/ui/form/PasswordField';
import { TextField } from '@/ui/form/TextField';
import { useForm } from '@/ui/form/useForm';
import { AuthCard } from './AuthCard';
import { ContinueWithGoogle } from './ContinueWithGoogle';
import { SignupLinks } from './SignupLinks';
import { useSignUp } from './useSignUp';
import { collectErrors, email, LIMITS, newPassword, personName } from '@/ui/form/validation';

type PersonValues = { firstname: string; lastname: string; email: string; password: string };

const INITIAL: PersonValues = { firstname: '', lastname: '', email: '', password: '' };

function validate(values: PersonValues) {
  return collectErrors({
    firstname: personName('first name')(values.firstname),
    lastname: personName('last name')(values.lastname),
    email: email(values.email),
    password: newPassword(values.password, values.email),
  });
}

const COPY = {
  client: {
    title: 'Sign up as a client',
    lead: 'Post requests and hire freelancers, consultants and service businesses.',
    otherTypes: 'Not a client? Choose another account type',
  },
  freelancer: {
    title: 'Sign up as a freelancer',
    lead: 'Build your profile, show your services and answer the requests that fit you.',
    otherTypes: 'Not a freelancer? Choose another account type',
  },
} as const;

const REGISTER = { client: registerClient, freelancer: registerFreelancer } as const;

/** Client and freelancer sign-up: the same fields, a different account type (contract: AuthRegisterPersonInput). */
export function PersonSignupForm({ accountType, next }: { accountType: 'client' | 'freelancer'; next?: string }) {
  const copy = COPY[accountType];
  const form = useForm({ initialValues: INITIAL, validate });
  const register = useCallback((input: AuthRegisterPersonInput) => REGISTER[accountType](input), [accountType]);
  const signUp = useSignUp(register, next);

  const onValid = (values: PersonValues) =>
    signUp.mutate(
      {
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email: values.email.trim(),
        password: values.password,
      },
      { onError: form.showServerError },
    );

  const busy = signUp.isPending || signUp.isSuccess;

  return (
    <AuthCard title={copy.title} lead={<p>{copy.lead}</p>} footer={<SignupLinks otherTypesLabel={copy.otherTypes} />}>
      <ContinueWithGoogle accountType={accountType} />
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.handleSubmit(onValid)}>
        <div className="field-row">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            maxLength={LIMITS.personName.max}
            {...form.field('firstname')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={LIMITS.personName.max}
            {...form.field('lastname')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          {...form.field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={`At least ${LIMITS.password.min} characters.`}
          {...form.field('password')}
        />
        <FormAlert>{form.formError}</FormAlert>
        <button type="submit" className="button button--primary button--large auth-form__submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </button>
      </form>
    </AuthCard>
  );
}
