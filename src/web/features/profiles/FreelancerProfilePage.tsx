import './profiles.css';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useGetPublicFreelancerProfile, useListPublicFreelancerServices } from '@/api/generated/freelancer/freelancer';
import type { FreelancerPublicProfile, FreelancerPublicService } from '@/api/generated/model';
import {
  AVAILABILITY_LABELS,
  countOf,
  formatMonth,
  formatRate,
  monthYear,
  periodLabel,
  PROFICIENCY_LABELS,
  yearsLabel,
} from '@/lib/format';
import { ContactButton } from '@/ui/ContactDialog';
import { Avatar, RatingStars } from '@/ui/ProfileBits';
import { FactsPanel, ProfileLoading, ProfileProblem, ReviewList, TextBlock } from './ProfileSections';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** "San Francisco, United States". */
/** "Leeds, England, United Kingdom": names, never codes. */
export function freelancerPlace(
  profile: Pick<FreelancerPublicProfile, 'city' | 'stateName' | 'countryName' | 'country'>,
) {
  return [profile.city, profile.stateName, profile.countryName ?? profile.country].filter(Boolean).join(', ') || null;
}

/** The freelancer's name, photo and headline: the top of each of their public pages. */
export function FreelancerHero({
  profile,
  crumbs = [],
  children,
}: {
  profile: FreelancerPublicProfile;
  /** Trail after "Professionals / name": the last one is the current page. */
  crumbs?: readonly { label: string; link?: ReactNode }[];
  children?: ReactNode;
}) {
  const place = freelancerPlace(profile);
  const onProfile = crumbs.length === 0;
  return (
    <header className={onProfile ? 'profile-hero' : 'profile-hero profile-hero--compact'}>
      <div className="container profile-hero__inner">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/find/professionals/">Professionals</Link>
            </li>
            {onProfile ? (
              <li aria-current="page">{profile.displayName}</li>
            ) : (
              <li>
                <Link to="/freelancer/$uid/" params={{ uid: profile.id }}>
                  {profile.displayName}
                </Link>
              </li>
            )}
            {crumbs.map((crumb, index) =>
              index === crumbs.length - 1 ? (
                <li key={crumb.label} aria-current="page">
                  {crumb.label}
                </li>
              ) : (
                <li key={crumb.label}>{crumb.link ?? crumb.label}</li>
              ),
            )}
          </ol>
        </nav>
        <div className="profile-hero__identity">
          <Avatar name={profile.displayName} url={profile.avatarUrl} size={onProfile ? 'large' : 'medium'} />
          <div className="profile-hero__text">
            {onProfile ? (
              <h1 className="profile-hero__name">{profile.displayName}</h1>
            ) : (
              <p className="profile-hero__name">{profile.displayName}</p>
            )}
            {profile.headline && <p className="profile-hero__headline">{profile.headline}</p>}
            {onProfile && profile.tagline && <p className="profile-hero__tagline">{profile.tagline}</p>}
            <div className="profile-hero__meta">
              <RatingStars average={profile.rating.average} count={profile.rating.count} />
              {place && <span>{place}</span>}
              {profile.hourlyRate && <span className="profile-hero__rate">{formatRate(profile.hourlyRate)}</span>}
            </div>
          </div>
        </div>
        {children}
      </div>
    </header>
  );
}

function ServiceRow({ uid, service }: { uid: string; service: FreelancerPublicService }) {
  return (
    <li className="profile-service">
      <div className="profile-service__head">
        <h3 className="profile-service__name">
          {service.service.label}
          {service.isPrimary && <span className="profile-pill">Primary</span>}
        </h3>
        <span className="profile-service__rate">{formatRate(service.hourlyRate)}</span>
      </div>
      {service.description && <p className="profile-service__text">{service.description}</p>}
      {service.tools.length > 0 && (
        <ul className="profile-tools" aria-label={`Tools for ${service.service.label}`}>
          {service.tools.map((tool) => (
            <li key={tool.id} className="tag">
              {tool.name}
            </li>
          ))}
        </ul>
      )}
      <p className="profile-service__foot">
        <span>{yearsLabel(service.yearsOfExperience)} of experience</span>
        {service.projectCount > 0 ? (
          <Link
            to="/freelancer/$uid/services/$sid/projects/"
            params={{ uid, sid: service.service.slug }}
            aria-label={`${countOf(service.projectCount, 'project')} in ${service.service.label}`}
          >
            {countOf(service.projectCount, 'project')}
          </Link>
        ) : (
          <span>No projects yet</span>
        )}
      </p>
    </li>
  );
}

function Services({ profile }: { profile: FreelancerPublicProfile }) {
  const services = useListPublicFreelancerServices(profile.id, LOADER_READ);
  const list = services.data?.data;
  return (
    <section className="profile-panel" aria-labelledby="profile-services">
      <div className="profile-panel__head">
        <h2 id="profile-services" className="profile-panel__title">
          Services
        </h2>
        <Link to="/freelancer/$uid/services/" params={{ uid: profile.id }} className="profile-panel__more">
          All services
        </Link>
      </div>
      {list && list.length > 0 ? (
        <ul className="profile-services">
          {list.map((service) => (
            <ServiceRow key={service.service.slug} uid={profile.id} service={service} />
          ))}
        </ul>
      ) : (
        // Until the details load (or when they cannot), the services by name.
        <ul className="service-chips" aria-label="Services">
          {[profile.primaryService, ...profile.otherServices].map((service) => (
            <li key={service.slug} className="service-chip">
              {service.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Facts({ profile }: { profile: FreelancerPublicProfile }) {
  const rows: [string, string | null][] = [
    ['Hourly rate', profile.hourlyRate ? formatRate(profile.hourlyRate) : null],
    ['Availability', profile.availability ? (AVAILABILITY_LABELS[profile.availability] ?? null) : null],
    ['Experience', profile.yearsOfExperience !== null ? yearsLabel(profile.yearsOfExperience) : null],
    ['Projects', countOf(profile.projectCount, 'project')],
    ['Member since', formatMonth(profile.memberSince)],
  ];
  return <FactsPanel id="profile-facts" title="At a glance" rows={rows} />;
}

function Languages({ profile }: { profile: FreelancerPublicProfile }) {
  if (profile.languages.length === 0) return null;
  return (
    <FactsPanel
      id="profile-languages"
      title="Languages"
      rows={profile.languages.map((language) => [
        language.name,
        PROFICIENCY_LABELS[language.proficiency] ?? language.proficiency,
      ])}
    />
  );
}

function Experience({ profile }: { profile: FreelancerPublicProfile }) {
  if (profile.experience.length === 0) return null;
  return (
    <section className="profile-panel" aria-labelledby="profile-experience">
      <h2 id="profile-experience" className="profile-panel__title">
        Experience
      </h2>
      <ul className="profile-timeline">
        {profile.experience.map((entry) => (
          <li key={entry.id}>
            <h3 className="profile-timeline__title">{entry.title}</h3>
            <p className="profile-timeline__where">{[entry.company, entry.location].filter(Boolean).join(' · ')}</p>
            <p className="profile-timeline__when">
              {periodLabel(monthYear(entry.startDate), entry.endDate ? monthYear(entry.endDate) : null, entry.current)}
            </p>
            {entry.description && <p>{entry.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Education({ profile }: { profile: FreelancerPublicProfile }) {
  if (profile.education.length === 0) return null;
  return (
    <section className="profile-panel" aria-labelledby="profile-education">
      <h2 id="profile-education" className="profile-panel__title">
        Education
      </h2>
      <ul className="profile-timeline">
        {profile.education.map((entry) => (
          <li key={entry.id}>
            <h3 className="profile-timeline__title">{entry.school}</h3>
            <p className="profile-timeline__where">{[entry.degree, entry.field].filter(Boolean).join(', ')}</p>
            <p className="profile-timeline__when">
              {periodLabel(String(entry.startYear), entry.endYear ? String(entry.endYear) : null)}
            </p>
            {entry.description && <p>{entry.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The public freelancer page (F14). */
export function FreelancerProfilePage({ uid }: { uid: string }) {
  // The route's loader asked already: a failure there is shown with its retry, not asked again.
  const result = useGetPublicFreelancerProfile(uid, LOADER_READ);
  if (result.isPending) return <ProfileLoading />;
  if (result.isError) return <ProfileProblem error={result.error} what="this profile" onRetry={result.refetch} />;
  const profile = result.data.data;

  return (
    <div className="profile-page">
      <DocumentTitle>{`${profile.displayName}${profile.headline ? `, ${profile.headline}` : ''} | Versimarket`}</DocumentTitle>
      <FreelancerHero profile={profile}>
        <div className="profile-hero__actions">
          <ContactButton recipient={{ id: profile.id, name: profile.displayName }} />
        </div>
      </FreelancerHero>
      <div className="container profile-layout profile-layout--facts-first">
        <div className="profile-main">
          {profile.availability === 'not-available' && (
            <p className="profile-notice" role="note">
              {profile.displayName} is not taking new work at the moment.
            </p>
          )}
          <section className="profile-panel" aria-labelledby="profile-about">
            <h2 id="profile-about" className="profile-panel__title">
              About
            </h2>
            <TextBlock text={profile.about} />
          </section>
          <Services profile={profile} />
          <Experience profile={profile} />
          <Education profile={profile} />
          <ReviewList reviews={profile.reviews} total={profile.rating.count} />
        </div>
        <aside className="profile-aside" aria-label={`About ${profile.displayName} in brief`}>
          <Facts profile={profile} />
          <Languages profile={profile} />
        </aside>
      </div>
    </div>
  );
}
