import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { getGetEmailPreferencesQueryOptions } from '@/api/generated/account/account';
import { getGetClientSettingsQueryOptions } from '@/api/generated/client/client';
import { getGetFreelancerSettingsQueryOptions } from '@/api/generated/freelancer/freelancer';
import { PRODUCT_NAME } from '@/ui/Logo';
import { useAuth, type AccountType } from '@/lib/auth';
import { OWN_SECTION_READ } from '@/lib/profileQueries';
import { ChangePasswordSection } from './ChangePasswordSection';
import { EmailChangeSection } from './EmailChangeSection';
import { EmailPreferencesSection } from './EmailPreferencesSection';
import { GoogleAccountSection } from './GoogleAccountSection';
import { ProfileImageSection } from './ProfileImageSection';
import { ProfileSettings } from './ProfileSections';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';
import './settings.css';

/**
 * The route's loader: what the page's sections read first, as they ask for it: a client's or a
 * freelancer's saved sections (a business has its own profile page) and the email preferences.
 */
export const prefetchSettings = (queryClient: QueryClient, accountType: AccountType | undefined) =>
  Promise.all([
    accountType === 'client' && queryClient.prefetchQuery(getGetClientSettingsQueryOptions(OWN_SECTION_READ)),
    accountType === 'freelancer' && queryClient.prefetchQuery(getGetFreelancerSettingsQueryOptions(OWN_SECTION_READ)),
    queryClient.prefetchQuery(getGetEmailPreferencesQueryOptions(RETRIED_LOADER_READ)),
  ]);

/**
 * `/dashboard/settings/`: the account's settings, each section saved on its own: the profile
 * photo, the profile sections of the account type, a provider's reviews and references, the
 * email address and the password. The route passes the reviews and references section in.
 */
export function SettingsPage({ reviews }: { reviews?: ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="container settings-page">
      <DocumentTitle>{`Settings | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="settings-page__title">Settings</h1>
      {user && (
        <p className="settings-page__lead">
          Signed in as <strong>{user.email}</strong>
        </p>
      )}
      <ProfileImageSection />
      <ProfileSettings />
      {reviews}
      <EmailChangeSection />
      <EmailPreferencesSection />
      <GoogleAccountSection />
      <ChangePasswordSection />
    </div>
  );
}
