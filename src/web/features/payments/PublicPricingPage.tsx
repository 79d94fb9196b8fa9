import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useListBusinessPlans, useListVersigemsBundles } from '@/api/generated/payments/payments';
import type { PaymentsPlanInterval } from '@/api/generated/model';
import { useAccountType } from '@/lib/auth';
import { countOf } from '@/lib/format';
import { PATHS } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { BundleCards } from './BundleCards';
import { IntervalToggle, PlanCards } from './PlanCards';
import './payments.css';

function Loading({ what }: { what: string }) {
  return (
    <p className="payments-page__loading" role="status">
      Loading {what}…
    </p>
  );
}

function Unavailable({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="payments-notice payments-notice--error" role="alert">
      <p>The {what} could not be loaded.</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The business plans for everyone, with the way to one for the reader's account. */
function PlansSection() {
  const accountType = useAccountType();
  const [interval, setBilling] = useState<PaymentsPlanInterval>('month');
  const plans = useListBusinessPlans({ interval }, { query: { retry: false, placeholderData: keepPreviousData } });

  let action;
  if (!accountType) {
    action = (
      <Link to={PATHS.businessSignup} className="button button--primary">
        Create a business account
      </Link>
    );
  } else if (accountType === 'business') {
    action = (
      <Link to={PATHS.businessPlans} className="button button--primary">
        Choose your plan
      </Link>
    );
  }

  return (
    <section className="container payments-section" aria-labelledby="pricing-plans">
      <h2 id="pricing-plans" className="payments-section__title">
        Plans for businesses
      </h2>
      <p className="payments-page__lead">
        Listing your business is free. A paid plan lets you answer more requests each month, and the top plan puts you
        first in the business directory, marked as sponsored.
      </p>
      {plans.isPending ? (
        <Loading what="the plans" />
      ) : plans.isError ? (
        <Unavailable what="plans" onRetry={() => void plans.refetch()} />
      ) : (
        <>
          <div className="payments-toolbar">
            <IntervalToggle value={interval} onChange={setBilling} />
          </div>
          <PlanCards plans={plans.data.data.items} action={() => null} />
        </>
      )}
      {action && <div className="payments-section__cta">{action}</div>}
    </section>
  );
}

/** The versigems bundles for everyone, with the way to them for a freelancer. */
function VersigemsSection() {
  const accountType = useAccountType();
  const bundles = useListVersigemsBundles({ query: { retry: false } });

  let action;
  if (!accountType) {
    action = (
      <Link to={PATHS.freelancerSignup} className="button button--primary">
        Join as a freelancer
      </Link>
    );
  } else if (accountType === 'freelancer') {
    action = (
      <Link to={PATHS.buyVersigems} className="button button--primary">
        Buy versigems
      </Link>
    );
  }

  return (
    <section className="container payments-section" id="versigems" aria-labelledby="pricing-versigems">
      <h2 id="pricing-versigems" className="payments-section__title">
        Versigems for freelancers
      </h2>
      <p className="payments-page__lead">
        A freelancer profile is free, and every new freelancer starts with 10 versigems. Versigems pay for proposals
        {bundles.isSuccess
          ? ` and for unlocking a request's client (${countOf(bundles.data.data.unlockCost, 'versigem')} each)`
          : ' and for unlocking a request’s client'}
        .
      </p>
      {bundles.isPending ? (
        <Loading what="the bundles" />
      ) : bundles.isError ? (
        <Unavailable what="bundles" onRetry={() => void bundles.refetch()} />
      ) : (
        <BundleCards bundles={bundles.data.data.items} action={() => null} />
      )}
      {action && <div className="payments-section__cta">{action}</div>}
    </section>
  );
}

/** `/pricing/`: what plans and versigems cost, readable without signing in (Y01, Y04). */
export function PublicPricingPage() {
  return (
    <div className="payments-public">
      <title>{`Pricing | ${PRODUCT_NAME}`}</title>
      <header className="container payments-public__hero">
        <p className="eyebrow">Pricing</p>
        <h1 className="payments-page__title">Plans and versigems</h1>
        <p className="payments-page__lead">
          Posting a request is free for clients. Businesses choose a plan; freelancers pay for what they answer with
          versigems. Every price is shown before you pay, and payment is by card on our payment provider&rsquo;s secure
          checkout page.
        </p>
      </header>
      <PlansSection />
      <VersigemsSection />
    </div>
  );
}
