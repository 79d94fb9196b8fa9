import { PRODUCT_NAME } from '../../ui/Logo';
import { useAuth } from '../../lib/auth';
import { ChangePasswordSection } from './ChangePasswordSection';

/** The sections still to come, named so nobody mistakes their absence for a bug. */
const COMING_SECTIONS = 'personal details, profile details, email address and the linked Google account';

/** `/dashboard/settings/`: the account's settings. Only the password section is built so far. */
export function SettingsPage() {
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
      <ChangePasswordSection />
      <section className="settings-section settings-section--coming" aria-labelledby="settings-coming-title">
        <h2 id="settings-coming-title" className="settings-section__title">
          More settings
        </h2>
        <p className="settings-section__lead">Coming soon: {COMING_SECTIONS}.</p>
      </section>
    </div>
  );
}
