import { Link } from '@tanstack/react-router';
import type { BusinessListing, FreelancerListing } from '@/api/generated/model';
import { formatMonth, formatRate } from '@/lib/format';
import { usePlace } from '@/lib/places';
import { ContactButton } from '@/ui/ContactDialog';
import { Avatar, RatingStars, ServiceChips } from '@/ui/ProfileBits';

/** Cards show this many services; the rest are counted. */
export const CARD_SERVICE_LIMIT = 4;

const BADGE_LABELS: Record<string, string> = { featured: 'Featured', pro: 'Pro' };

/**
 * One business in the directory: logo, name, tagline, services, where, bands, rating. A sponsored
 * listing (placed first for its plan) says so above the rest, and in the card's name for a screen
 * reader moving from card to card.
 */
export function BusinessCard({ business }: { business: BusinessListing }) {
  const titleId = `business-${business.companyId}-name`;
  const sponsoredId = `business-${business.companyId}-sponsored`;
  const place = usePlace(business.headquarters);
  return (
    <article
      className={
        business.sponsored ? 'result-card provider-card provider-card--sponsored' : 'result-card provider-card'
      }
      aria-labelledby={business.sponsored ? `${titleId} ${sponsoredId}` : titleId}
    >
      {business.sponsored && (
        <p id={sponsoredId} className="provider-card__sponsored">
          Sponsored
        </p>
      )}
      <div className="provider-card__head">
        <Avatar name={business.name} url={business.logoUrl} shape="square" />
        <div className="provider-card__identity">
          <h3 id={titleId} className="provider-card__name">
            <Link className="card-title-link" to="/business/$companyId/" params={{ companyId: business.companyId }}>
              {business.name}
            </Link>
            {business.badge && (
              <span className={`provider-badge provider-badge--${business.badge}`}>{BADGE_LABELS[business.badge]}</span>
            )}
          </h3>
          <RatingStars average={business.rating.average} count={business.rating.count} />
        </div>
      </div>
      {business.tagline && <p className="provider-card__tagline">{business.tagline}</p>}
      <ServiceChips services={business.services} limit={CARD_SERVICE_LIMIT} />
      <dl className="result-card__facts">
        <div>
          <dt>Hourly rate</dt>
          <dd>{business.averageHourlyRate.label}</dd>
        </div>
        <div>
          <dt>Min. project</dt>
          <dd>{business.minimumProjectSize.label}</dd>
        </div>
        <div>
          <dt>Team</dt>
          <dd>{business.totalEmployees.label}</dd>
        </div>
      </dl>
      <p className="result-card__meta">
        {place && <span>{place}</span>}
        <span>Member since {formatMonth(business.memberSince)}</span>
      </p>
      <div className="provider-card__actions">
        <ContactButton
          recipient={{ id: business.accountId, name: business.name }}
          className="button button--secondary button--small"
        />
      </div>
    </article>
  );
}

/** One professional in the directory: photo, name, headline, services, where, rate, rating. */
export function FreelancerCard({ freelancer }: { freelancer: FreelancerListing }) {
  const titleId = `freelancer-${freelancer.uid}-name`;
  const place = usePlace(freelancer.location);
  return (
    <article className="result-card provider-card" aria-labelledby={titleId}>
      <div className="provider-card__head">
        <Avatar name={freelancer.displayName} url={freelancer.avatarUrl} />
        <div className="provider-card__identity">
          <h3 id={titleId} className="provider-card__name">
            <Link className="card-title-link" to="/freelancer/$uid/" params={{ uid: freelancer.uid }}>
              {freelancer.displayName}
            </Link>
          </h3>
          {freelancer.headline && <p className="provider-card__headline">{freelancer.headline}</p>}
          <RatingStars average={freelancer.rating.average} count={freelancer.rating.count} />
        </div>
        {freelancer.hourlyRate && (
          <p className="provider-card__rate">
            <span className="visually-hidden">Hourly rate: </span>
            {formatRate(freelancer.hourlyRate)}
          </p>
        )}
      </div>
      {freelancer.tagline && <p className="provider-card__tagline">{freelancer.tagline}</p>}
      <ServiceChips services={freelancer.services} limit={CARD_SERVICE_LIMIT} />
      <p className="result-card__meta">
        {place && <span>{place}</span>}
        <span>Member since {formatMonth(freelancer.memberSince)}</span>
      </p>
      <div className="provider-card__actions">
        <ContactButton
          recipient={{ id: freelancer.uid, name: freelancer.displayName }}
          className="button button--secondary button--small"
        />
      </div>
    </article>
  );
}

/** The shape of a card while the page loads. */
export function ProviderCardSkeleton() {
  return (
    <div className="result-card result-card--skeleton provider-card" aria-hidden="true">
      <div className="provider-card__head">
        <span className="provider-avatar provider-avatar--medium provider-avatar--circle skeleton-shape" />
        <div className="provider-card__identity">
          <span className="skeleton-shape skeleton-shape--title" />
          <span className="skeleton-shape skeleton-shape--short" />
        </div>
      </div>
      <span className="skeleton-shape skeleton-shape--long" />
      <span className="skeleton-shape skeleton-shape--line" />
    </div>
  );
}
