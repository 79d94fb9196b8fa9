import './profiles.css';
import { Link } from '@tanstack/react-router';
import { useGetPublicBusinessProfile } from '@/api/generated/business/business';
import type {
  BusinessLocation,
  BusinessPublicProfile,
  BusinessPublicReference,
  BusinessSocialProfiles,
} from '@/api/generated/model';
import { ContactButton } from '@/ui/ContactDialog';
import { SocialIcon, type SocialNetwork } from '@/ui/SocialIcons';
import { countryName, formatMonth } from '@/lib/format';
import { useStateName } from '@/lib/places';
import { Avatar, RatingStars, ReviewStars, ServiceChips } from '@/ui/ProfileBits';
import { FactsPanel, ProfileLoading, ProfileProblem, ReviewList, TextBlock } from './ProfileSections';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { LOADER_READ } from '@/lib/loaderRead';

const SOCIAL_NAMES: Record<keyof BusinessSocialProfiles, string> = {
  linkedin: 'LinkedIn',
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  github: 'GitHub',
  clutch: 'Clutch',
  website: 'Website',
};

const ICONS: readonly string[] = ['linkedin', 'x', 'facebook', 'instagram', 'youtube'];

const RELATIONSHIPS: Record<string, string> = {
  client: 'Client',
  'former-client': 'Former client',
  partner: 'Partner',
  vendor: 'Vendor',
  other: 'Other',
};

const BADGE_LABELS: Record<string, string> = { featured: 'Featured', pro: 'Pro' };

/** "example.com" from "https://www.example.com/path". */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function LocationCard({ location }: { location: BusinessLocation }) {
  const label = location.label ?? (location.isHeadquarters ? 'Headquarters' : location.city);
  const stateName = useStateName(location.country, location.state);
  const lines = [
    location.line1,
    location.line2,
    [location.city, stateName, countryName(location.country)].filter(Boolean).join(', '),
    location.postalCode,
  ].filter(Boolean);
  return (
    <li className="profile-location">
      <p className="profile-location__label">
        {label}
        {location.isHeadquarters && label !== 'Headquarters' && <span className="profile-pill">Headquarters</span>}
      </p>
      <address>
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {location.phone && (
          <a href={`tel:${location.phone}`} aria-label={`Call ${label}: ${location.phone}`}>
            {location.phone}
          </a>
        )}
      </address>
    </li>
  );
}

function SocialLinks({ name, profiles }: { name: string; profiles: BusinessSocialProfiles }) {
  const entries = (Object.keys(SOCIAL_NAMES) as (keyof BusinessSocialProfiles)[]).flatMap((key) => {
    const url = profiles[key];
    // The website is the header's link.
    return key !== 'website' && url ? [[key, url] as const] : [];
  });
  if (entries.length === 0) return null;
  return (
    <section className="profile-panel" aria-labelledby="profile-social">
      <h2 id="profile-social" className="profile-panel__title">
        Social profiles
      </h2>
      <ul className="profile-social">
        {entries.map(([key, url]) => (
          <li key={key}>
            <a
              href={url}
              target="_blank"
              rel="noopener nofollow"
              className="profile-social__link"
              aria-label={`${name} on ${SOCIAL_NAMES[key]} (opens in a new tab)`}
            >
              {ICONS.includes(key) ? (
                <SocialIcon network={key as SocialNetwork} />
              ) : (
                <span className="profile-social__glyph" aria-hidden="true">
                  {SOCIAL_NAMES[key].charAt(0)}
                </span>
              )}
              <span aria-hidden="true">{SOCIAL_NAMES[key]}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function References({ references }: { references: readonly BusinessPublicReference[] }) {
  if (references.length === 0) return null;
  return (
    <section className="profile-panel" aria-labelledby="profile-references">
      <h2 id="profile-references" className="profile-panel__title">
        References
      </h2>
      <ul className="profile-reviews">
        {references.map((reference) => (
          <li key={reference.id} className="profile-review">
            <div className="profile-review__head">
              <p className="profile-review__title">{reference.name}</p>
              <ReviewStars rating={reference.rating} />
            </div>
            <p className="profile-review__by">
              {[reference.company, reference.relationship ? RELATIONSHIPS[reference.relationship] : null]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {reference.projectSummary && <p>{reference.projectSummary}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Facts({ business }: { business: BusinessPublicProfile }) {
  const rows: [string, string][] = [
    ['Founded', String(business.foundedYear)],
    ['Employees', business.totalEmployees.label],
    ['Hourly rate', business.averageHourlyRate.label],
    ['Minimum project', business.minimumProjectSize.label],
    ['Languages', business.languages.map((language) => language.name).join(', ')],
    ['Business type', business.businessType.label],
    ['Industry', business.industry.label],
    ['Member since', formatMonth(business.memberSince)],
  ];
  return <FactsPanel id="profile-facts" title="At a glance" rows={rows} />;
}

/** The public business page (B22). */
export function BusinessProfilePage({ companyId }: { companyId: string }) {
  // The route's loader asked already: a failure there is shown with its retry, not asked again.
  const result = useGetPublicBusinessProfile(companyId, LOADER_READ);
  if (result.isPending) return <ProfileLoading />;
  if (result.isError) return <ProfileProblem error={result.error} what="this business" onRetry={result.refetch} />;
  const business = result.data.data;
  const locations = [...business.locations].sort((a, b) => Number(b.isHeadquarters) - Number(a.isHeadquarters));

  return (
    <div className="profile-page">
      <DocumentTitle>{`${business.name} | Versimarket`}</DocumentTitle>
      <header className="profile-hero">
        <div className="container profile-hero__inner">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/find/businesses/">Businesses</Link>
              </li>
              <li aria-current="page">{business.name}</li>
            </ol>
          </nav>
          <div className="profile-hero__identity">
            <Avatar name={business.name} url={business.logoUrl} shape="square" size="large" />
            <div className="profile-hero__text">
              <h1 className="profile-hero__name">
                {business.name}
                {business.badge && (
                  <span className={`provider-badge provider-badge--${business.badge}`}>
                    {BADGE_LABELS[business.badge]}
                  </span>
                )}
              </h1>
              {business.tagline && <p className="profile-hero__tagline">{business.tagline}</p>}
              <div className="profile-hero__meta">
                <RatingStars average={business.rating.average} count={business.rating.count} />
                {business.website && (
                  <a
                    href={business.website}
                    target="_blank"
                    rel="noopener nofollow"
                    aria-label={`Website: ${hostOf(business.website)} (opens in a new tab)`}
                  >
                    {hostOf(business.website)}
                  </a>
                )}
              </div>
            </div>
          </div>
          <div className="profile-hero__actions">
            <ContactButton recipient={{ id: business.accountId, name: business.name }} />
          </div>
        </div>
      </header>

      <div className="container profile-layout profile-layout--facts-first">
        <div className="profile-main">
          <section className="profile-panel" aria-labelledby="profile-about">
            <h2 id="profile-about" className="profile-panel__title">
              About {business.name}
            </h2>
            <TextBlock text={business.description} />
          </section>

          {business.services.length > 0 && (
            <section className="profile-panel" aria-labelledby="profile-services">
              <h2 id="profile-services" className="profile-panel__title">
                Services
              </h2>
              <ServiceChips services={business.services} />
            </section>
          )}

          {locations.length > 0 && (
            <section className="profile-panel" aria-labelledby="profile-locations">
              <h2 id="profile-locations" className="profile-panel__title">
                {locations.length === 1 ? 'Location' : 'Locations'}
              </h2>
              <ul className="profile-locations">
                {locations.map((location) => (
                  <LocationCard key={location.id} location={location} />
                ))}
              </ul>
            </section>
          )}

          <ReviewList reviews={business.reviews} total={business.rating.count} />
          <References references={business.references} />
        </div>

        <aside className="profile-aside" aria-label={`About ${business.name} in brief`}>
          <Facts business={business} />
          <SocialLinks name={business.name} profiles={business.socialProfiles} />
        </aside>
      </div>
    </div>
  );
}
