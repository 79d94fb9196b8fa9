import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  /** The anchor the profile-completion links use (`/dashboard/settings/#tagline`). */
  anchor: string;
  title: string;
  lead: string;
  children: ReactNode;
}

/** One titled section of a settings page, labelled by its heading and reachable by its anchor. */
export function SettingsSection({ anchor, title, lead, children }: SettingsSectionProps) {
  return (
    <section className="settings-section" id={anchor} aria-labelledby={`settings-${anchor}-title`}>
      <h2 id={`settings-${anchor}-title`} className="settings-section__title">
        {title}
      </h2>
      <p className="settings-section__lead">{lead}</p>
      {children}
    </section>
  );
}
