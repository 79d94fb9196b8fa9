import { AuthHeardAboutUs } from '@/api/generated/model';
import type { SelectOption } from '@/ui/form/SelectField';

/** Human labels for the contract's `heardAboutUs` values, in the contract's order. */
const LABELS: Record<AuthHeardAboutUs, string> = {
  'search-engine': 'Search engine (Google, Bing…)',
  'social-media': 'Social media',
  linkedin: 'LinkedIn',
  'friend-or-colleague': 'A friend or colleague',
  event: 'An event or conference',
  advertisement: 'An advertisement',
  'blog-or-article': 'A blog post or article',
  other: 'Other',
};

export const HEARD_ABOUT_US_OPTIONS: readonly SelectOption[] = Object.values(AuthHeardAboutUs).map((value) => ({
  value,
  label: LABELS[value],
}));

export function isHeardAboutUs(value: string): value is AuthHeardAboutUs {
  return Object.hasOwn(LABELS, value);
}
