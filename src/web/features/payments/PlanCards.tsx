import { useId, type ReactNode } from 'react';
import type { PaymentsBusinessPlan, PaymentsPlanInterval } from '@/api/generated/model';
import { formatPrice } from '@/lib/format';
import { BILLED, INTERVAL_LABELS, planExtras, planLimits } from './paymentText';

const INTERVALS: PaymentsPlanInterval[] = ['month', 'year'];

/** Monthly or yearly prices: two radio buttons, reachable and switched with the keyboard. */
export function IntervalToggle({
  value,
  onChange,
}: {
  value: PaymentsPlanInterval;
  onChange: (interval: PaymentsPlanInterval) => void;
}) {
  const name = useId();
  return (
    <fieldset className="interval-toggle">
      <legend className="visually-hidden">Billing period</legend>
      {INTERVALS.map((interval) => (
        <label key={interval} className="interval-toggle__option">
          <input
            type="radio"
            name={name}
            value={interval}
            checked={value === interval}
            onChange={() => onChange(interval)}
          />
          <span>{INTERVAL_LABELS[interval]}</span>
        </label>
      ))}
    </fieldset>
  );
}

interface PlanCardsProps {
  plans: PaymentsBusinessPlan[];
  /** The id of the signed-in business's plan, when it is on one (whatever the interval shown). */
  currentPlanId?: string | null;
  /** What the card offers at its foot: a button, a link, a note. */
  action: (plan: PaymentsBusinessPlan) => ReactNode;
  /** The current plan's badge ("Your plan", "Your plan, billed yearly"). */
  currentLabel?: (plan: PaymentsBusinessPlan) => string;
}

/** The plans side by side: price, what each gives, and its action. */
export function PlanCards({ plans, currentPlanId = null, action, currentLabel }: PlanCardsProps) {
  return (
    <ul className="price-cards" aria-label="Business plans">
      {plans.map((plan) => {
        const isCurrent = plan.current || plan.id === currentPlanId;
        const titleId = `plan-${plan.slug}`;
        const extras = planExtras(plan);
        return (
          <li
            key={plan.id}
            className={`price-card${plan.highlighted ? ' price-card--highlighted' : ''}${isCurrent ? ' price-card--current' : ''}`}
          >
            <div className="price-card__badges">
              {isCurrent && (
                <span className="price-card__badge price-card__badge--current">
                  {currentLabel ? currentLabel(plan) : 'Your plan'}
                </span>
              )}
              {plan.highlighted && !isCurrent && <span className="price-card__badge">Most popular</span>}
            </div>
            <h3 id={titleId} className="price-card__name">
              {plan.name}
            </h3>
            <p className="price-card__price">
              <span className="price-card__amount">{formatPrice(plan.price)}</span>
              {plan.price.amount > 0 && <span className="price-card__per"> / {plan.interval}</span>}
            </p>
            <p className="price-card__note">
              {plan.price.amount === 0
                ? 'Free, for as long as you like'
                : plan.interval === 'year'
                  ? `${formatPrice(plan.monthlyEquivalent)} a month, ${BILLED.year}`
                  : BILLED.month}
            </p>
            <p className="price-card__description">{plan.description}</p>
            <ul className="price-card__limits" aria-label={`What ${plan.name} allows`}>
              {planLimits(plan).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {extras.length > 0 && (
              <ul className="price-card__features" aria-label={`What ${plan.name} includes`}>
                {extras.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            )}
            <div className="price-card__action">{action(plan)}</div>
          </li>
        );
      })}
    </ul>
  );
}
