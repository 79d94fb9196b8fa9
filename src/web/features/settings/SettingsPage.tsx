import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@/ui/Logo';
import { useAuth } from '@/lib/auth';
import { ChangePasswordSection } from './ChangePasswordSection';
import { EmailChangeSection } from './EmailChangeSection';
import { EmailPreferencesSection } from './EmailPreferencesSection';
import { GoogleAccountSection } from './GoogleAccountSection';
import { ProfileImageSection } from './ProfileImageSection';
import { ProfileSettings } from './ProfileSections';
import './settings.css';

/**
 * `/dashboard/settings/`: the account's settings, each section saved on its own: the profile
 * photo, the profile sections of the account type, a provider's reviews and references, the
 * email address and the password. The route passes the reviews and references section in.
 */
export function SettingsPage({ reviews }: { reviews?: ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="container settings-page">
      <title>{`Settings | ${PRODUCT_NAME}`}</title>
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
