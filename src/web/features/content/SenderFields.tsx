import { TextField } from '@/ui/form/TextField';
import { email as emailRule } from '@/ui/form/validation';
import { AUTH_LIMITS } from '@/lib/limits';

type FieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
};

/** The sender's name and email errors, as both website forms (contact, project request) check them. */
export function senderErrors(
  values: { name: string; email: string },
  nameLimits: { min: number; max: number },
): { name?: string; email?: string } {
  const errors: { name?: string; email?: string } = {};
  const name = values.name.trim();
  if (name.length < nameLimits.min) errors.name = `Enter your name (at least ${nameLimits.min} characters).`;
  else if (name.length > nameLimits.max) errors.name = `Your name can be at most ${nameLimits.max} characters.`;
  const email = emailRule(values.email);
  if (email) errors.email = email;
  return errors;
}

/** The row both website forms start with: the sender's name and email. */
export function SenderFields({ name, email, nameMax }: { name: FieldProps; email: FieldProps; nameMax: number }) {
  return (
    <div className="field-row">
      <TextField label="Your name" autoComplete="name" maxLength={nameMax} {...name} />
      <TextField label="Email" type="email" autoComplete="email" maxLength={AUTH_LIMITS.email.max} {...email} />
    </div>
  );
}
