/**
 * Where the site's navigation points (spec §2). Several targets are screens still to be built;
 * until they exist they show the 404 page.
 */
import type { AccountType } from '../lib/auth';
import { PATHS, type AppPath } from '../lib/paths';

export interface NavLinkItem {
  label: string;
  to: AppPath;
  description?: string;
  /** Account types that never see this link (visitors always do). */
  hiddenFor?: readonly AccountType[];
}

export interface NavMenuGroup {
  label: string;
  items: readonly NavLinkItem[];
}

export const FIND_PROFESSIONALS: NavLinkItem = { label: 'Find Professionals', to: PATHS.findProfessionals };
/** Clients do not look for work (spec §2, §6). */
export const FIND_JOB: NavLinkItem = { label: 'Find Job', to: PATHS.findJobs, hiddenFor: ['client'] };

export const FIND_SERVICES_MENU: NavMenuGroup = {
  label: 'Find Services',
  items: [
    { label: 'All Services', to: PATHS.services, description: 'Every service family in one place' },
    { label: 'NetSuite', to: PATHS.netsuite, description: 'Implementation, optimisation and support' },
    { label: 'React', to: PATHS.react, description: 'Hire experienced React developers' },
  ],
};

export const BUSINESS_MENU: NavMenuGroup = {
  label: 'Business',
  items: [
    { label: 'Find Businesses', to: PATHS.findBusinesses, description: 'Agencies and firms by service' },
    { label: 'List Your Business', to: PATHS.businessListing, description: 'Get found by clients looking for you' },
    { label: 'Pricing', to: PATHS.pricing, description: 'Business plans and versigems bundles' },
  ],
};

export const AUTH_LINKS = {
  login: { label: 'Login', to: PATHS.login },
  signup: { label: 'Sign up', to: PATHS.signup },
  dashboard: { label: 'Dashboard', to: PATHS.dashboard },
} as const satisfies Record<string, NavLinkItem>;

export function isVisibleFor(item: NavLinkItem, accountType: AccountType | null): boolean {
  return !accountType || !item.hiddenFor?.includes(accountType);
}
