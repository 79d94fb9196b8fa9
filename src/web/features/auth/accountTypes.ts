import type { AccountType } from '@/lib/auth';
import { PATHS, type AppPath } from '@/lib/paths';

export interface AccountTypeOption {
  type: AccountType;
  /** The card's text, exactly as the spec words it (§1). */
  description: string;
  /** The submit button once this card is chosen (§2). */
  continueLabel: string;
  signupPath: AppPath;
}

export const ACCOUNT_TYPE_OPTIONS: readonly AccountTypeOption[] = [
  {
    type: 'client',
    description: "I'm a client, looking for freelancers or consultants",
    continueLabel: 'Continue as a Client',
    signupPath: PATHS.clientSignup,
  },
  {
    type: 'freelancer',
    description: "I'm a freelancer or independent consultant, looking for work",
    continueLabel: 'Continue as a Freelancer',
    signupPath: PATHS.freelancerSignup,
  },
  {
    type: 'business',
    description: "A business looking to sell business' services and boost visibility for brand",
    continueLabel: 'Continue as Business',
    signupPath: PATHS.businessSignup,
  },
];

export const CHOOSER_HEADING = 'Join as a Client or Freelancer or Business';
export const CONTINUE_LABEL = 'Continue';
export const NO_CHOICE_MESSAGE = 'Please select an account type.';
/** The pause between choosing and moving on (spec §9). */
export const CHOOSER_DELAY_MS = 300;

export function isAccountType(value: unknown): value is AccountType {
  return ACCOUNT_TYPE_OPTIONS.some((option) => option.type === value);
}
