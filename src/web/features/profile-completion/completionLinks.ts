import type { AccountCompletionKey } from '@/api/generated/model';
import type { AccountType } from '@/lib/auth';
import { PATHS, type AppPath } from '@/lib/paths';

/** Where a checklist item is done: a page of the route tree and, optionally, the section on it. */
export interface CompletionTarget {
  to: AppPath;
  hash?: string;
}

const at = (to: AppPath, hash?: string): CompletionTarget => (hash ? { to, hash } : { to });

const VERIFY = at(PATHS.verificationEmail);
const SETTINGS_IMAGE = at(PATHS.settings, 'profile-image');
const PERSONAL_DETAILS = at(PATHS.settings, 'personal-details');
const REVIEWS = at(PATHS.settings, 'review-and-references');

/**
 * The page that fixes each item of each account type's checklist, typed against the route tree
 * (a renamed or removed route no longer compiles). The server's `link` of the item names the same
 * place; a unit test keeps the two equal.
 */
export const COMPLETION_TARGETS: Record<AccountType, Partial<Record<AccountCompletionKey, CompletionTarget>>> = {
  client: {
    'email-verified': VERIFY,
    'profile-image': SETTINGS_IMAGE,
    'personal-details': PERSONAL_DETAILS,
    'company-details': at(PATHS.settings, 'profile-details'),
    about: at('/dashboard/complete/profile/', 'about'),
  },
  freelancer: {
    'email-verified': VERIFY,
    'profile-image': at(PATHS.profileSetup),
    'primary-service': at('/auth/su/freelancer/primary-service/'),
    'leads-location': at('/auth/su/freelancer/leads/'),
    'service-details': at('/auth/su/freelancer/service-details/'),
    about: at('/dashboard/complete/profile/', 'about'),
    education: at('/dashboard/complete/education/'),
    experience: at('/dashboard/complete/experience/'),
    languages: at('/dashboard/complete/languages/'),
    tagline: at(PATHS.settings, 'tagline'),
    projects: at(PATHS.dashboardServices),
    references: REVIEWS,
    'personal-details': PERSONAL_DETAILS,
  },
  business: {
    'email-verified': VERIFY,
    'profile-image': SETTINGS_IMAGE,
    'business-details': at('/auth/su/business/details/'),
    'personal-contact': at('/auth/su/business/personal-contact/'),
    about: at('/auth/su/business/about/'),
    locations: at('/auth/su/business/locations/'),
    'social-profiles': at('/auth/su/business/social-profiles/'),
    references: REVIEWS,
    competitors: at('/auth/su/business/competitors/'),
  },
};

/** The item's page for this account type; an item the web app does not know yet goes to the settings. */
export function completionTarget(accountType: AccountType | undefined, key: AccountCompletionKey): CompletionTarget {
  return (accountType && COMPLETION_TARGETS[accountType][key]) || at(PATHS.settings);
}
