import { registerBusiness } from '@/api/generated/auth/auth';
import { FormAlert } from '@/ui/form/FormAlert';
import { PasswordField } from '@/ui/form/PasswordField';
import { SelectField } from '@/ui/form/SelectField';
import { TextField } from '@/ui/form/TextField';
import { useForm } from '@/ui/form/useForm';
import { AuthCard } from './AuthCard';
import { ContinueWithGoogle } from './ContinueWithGoogle';
import { HEARD_ABOUT_US_OPTIONS, isHeardAboutUs } from './heardAboutUs';
import { SignupLinks } from './SignupLinks';
import { useSignUp } from './useSignUp';
import {
  collectErrors,
  companyName,
  email,
  heardAboutUs,
  heardAboutUsOther,
  LIMITS,
  newPassword,
} from '@/ui/form/validation';

type BusinessValues = {
  companyname: string;
  email: string;
  password: string;
  heardAboutUs: string;
  heardAboutUsOther: string;
};

const INITIAL: BusinessValues = { companyname: '', email: '', password: '', heardAboutUs: '', heardAboutUsOther: '' };

function validate(values: BusinessValues) {
  return collectErrors({
    companyname: companyName(values.companyname),
    email: email(values.email),
    password: newPassword(values.password, values.email),
    heardAboutUs: heardAboutUs(values.heardAboutUs),
    heardAboutUsOther: values.heardAboutUs === 'other' ? heardAboutUsOther(values.heardAboutUsOther) : undefined,
  });
}

/** Business sign-up (contract: AuthRegisterBusinessInput); "Other" asks where, and requires it. */
export function BusinessSignupForm() {
  const form = useForm({ initialValues: INITIAL, validate });
  const signUp = useSignUp(registerBusiness);
  const other = form.values.heardAboutUs === 'other';

  const onValid = (values: BusinessValues) => {
    if (!isHeardAboutUs(values.heardAboutUs)) return;
    signUp.mutate(
      {
        companyname: values.companyname.trim(),
        email: values.email.trim(),
        password: values.password,
        heardAboutUs: values.heardAboutUs,
        heardAboutUsOther: other ? values.heardAboutUsOther.trim() : null,
      },
      { onError: form.showServerError },
    );
  };

  const busy = signUp.isPending || signUp.isSuccess;

  return (
    <AuthCard
      title="Sign up as a business"
      lead={<p>List your company, show your services and get found by clients looking for you.</p>}
      footer={<SignupLinks otherTypesLabel="Not a business? Choose another account type" />}
    >
      <ContinueWithGoogle accountType="business" />
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.handleSubmit(onValid)}>
        <TextField
          label="Company name"
          autoComplete="organization"
          required
          maxLength={LIMITS.companyName.max}
          {...form.field('companyname')}
        />
        <TextField
          label="Work email"
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
        <SelectField
          label="How did you hear about us?"
          placeholder="Choose one"
          options={HEARD_ABOUT_US_OPTIONS}
          required
          {...form.field('heardAboutUs')}
        />
        {other && (
          <TextField
            label="Where did you hear about us?"
            required
            maxLength={LIMITS.heardAboutUsOther.max}
            {...form.field('heardAboutUsOther')}
          />
        )}
        <FormAlert>{form.formError}</FormAlert>
        <button type="submit" className="button button--primary button--large auth-form__submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </button>
      </form>
    </AuthCard>
  );
}
