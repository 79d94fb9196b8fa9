import type { ReactNode } from 'react';
import type { PaymentsVersigemsBundle } from '@/api/generated/model';
import { formatPrice } from '@/lib/format';
import { bundleGems } from './paymentText';

/** The versigems bundles side by side: versigems, bonus, price, and the card's action. */
export function BundleCards({
  bundles,
  action,
}: {
  bundles: PaymentsVersigemsBundle[];
  action: (bundle: PaymentsVersigemsBundle) => ReactNode;
}) {
  return (
    <ul className="price-cards" aria-label="Versigems bundles">
      {bundles.map((bundle) => {
        const titleId = `bundle-${bundle.slug}`;
        return (
          <li key={bundle.id} className={`price-card${bundle.popular ? ' price-card--highlighted' : ''}`}>
            <div className="price-card__badges">
              {bundle.popular && <span className="price-card__badge">Most popular</span>}
            </div>
            <h3 id={titleId} className="price-card__name">
              {bundle.name}
            </h3>
            <p className="price-card__price">
              <span className="price-card__amount">{formatPrice(bundle.price)}</span>
            </p>
            <p className="price-card__gems">{bundleGems(bundle.gems, bundle.bonusGems)}</p>
            {bundle.bonusGems > 0 && (
              <p className="price-card__note">
                {bundle.bonusGems} bonus versigems with each {bundle.name} bundle
              </p>
            )}
            <div className="price-card__action">{action(bundle)}</div>
          </li>
        );
      })}
    </ul>
  );
}
