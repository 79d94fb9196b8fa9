import './styles/profile-bits.css';
import { useId, useState } from 'react';
import type { ProviderServiceSummary } from '@/api/generated/model';
import { initialsOf, ratingLabel } from '@/lib/format';

interface AvatarProps {
  name: string;
  url: string | null | undefined;
  /** Rounded square for a business logo, circle for a person. */
  shape?: 'circle' | 'square';
  size?: 'small' | 'medium' | 'large';
}

/** A photo or logo; the name's initials when there is none or it fails to load. Decorative: the name is beside it. */
export function Avatar({ name, url, shape = 'circle', size = 'medium' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const className = `provider-avatar provider-avatar--${shape} provider-avatar--${size}`;
  if (url && failed !== url) {
    return (
      <span className={className} aria-hidden="true">
        <img src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(url)} />
      </span>
    );
  }
  return (
    <span className={`${className} provider-avatar--initials`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

function Star({ fill }: { fill: number }) {
  // fill: 0 to 1, drawn with a clip so part stars show.
  const id = useId();
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={id}>
          <rect x="0" y="0" width={20 * fill} height="20" />
        </clipPath>
      </defs>
      <path
        className="rating-stars__empty"
        d="M10 1.5l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L10 14.8l-5.3 2.9 1.2-5.9L1.4 7.7l6-.7z"
      />
      <path
        className="rating-stars__full"
        clipPath={`url(#${id})`}
        d="M10 1.5l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L10 14.8l-5.3 2.9 1.2-5.9L1.4 7.7l6-.7z"
      />
    </svg>
  );
}

/** Five stars filled to the average, the average and the review count; "No reviews yet" without any. */
export function RatingStars({ average, count }: { average: number | null; count: number }) {
  const label = ratingLabel(average, count);
  if (!count || average === null) {
    return <span className="rating-stars rating-stars--none">{label}</span>;
  }
  return (
    <span className="rating-stars" role="img" aria-label={label}>
      <span className="rating-stars__icons">
        {[0, 1, 2, 3, 4].map((index) => (
          <Star key={index} fill={Math.max(0, Math.min(1, average - index))} />
        ))}
      </span>
      <span className="rating-stars__value" aria-hidden="true">
        {average.toFixed(1)}
      </span>
      <span className="rating-stars__count" aria-hidden="true">
        ({count})
      </span>
    </span>
  );
}

/** One review's stars: "Rated 4 out of 5". */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="rating-stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      <span className="rating-stars__icons">
        {[0, 1, 2, 3, 4].map((index) => (
          <Star key={index} fill={index < rating ? 1 : 0} />
        ))}
      </span>
    </span>
  );
}

/** Services as chips, with a "+N more" chip past `limit`. */
export function ServiceChips({
  services,
  limit = services.length,
  label = 'Services',
}: {
  services: readonly ProviderServiceSummary[];
  limit?: number;
  label?: string;
}) {
  if (services.length === 0) return null;
  const shown = services.slice(0, limit);
  const more = services.length - shown.length;
  return (
    <ul className="service-chips" aria-label={label}>
      {shown.map((service) => (
        <li key={service.slug} className="service-chip">
          {service.label}
        </li>
      ))}
      {more > 0 && <li className="service-chip service-chip--more">+{more} more</li>}
    </ul>
  );
}
