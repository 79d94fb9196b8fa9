import { useState, type ReactNode } from 'react';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  getListBusinessPlansQueryOptions,
  getListVersigemsBundlesQueryOptions,
  useListBusinessPlans,
  useListVersigemsBundles,
} from '@/api/generated/payments/payments';
import type { PaymentsPlanInterval } from '@/api/generated/model';
import { useAccountType } from '@/lib/auth';
import { countOf } from '@/lib/format';
import { PATHS } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { BundleCards } from './BundleCards';
import { IntervalToggle, PlanCards } from './PlanCards';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { LOADER_READ } from '@/lib/loaderRead';
import './payments.css';

/** A query's state as a section reads it. */
interface SectionQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * One section of the pricing page: its heading and lead, the cards once loaded (saying so while
 * loading, and offering a retry when they cannot be), and the way in for the reader's account.
 */
function PricingSection<T>({
  id,
  title,
  lead,
  what,
  query,
  toolbar,
  cards,
  action,
}: {
  id: string;
  title: string;
  lead: ReactNode;
  /** "plans", "bundles". */
  what: string;
  query: SectionQuery<T>;
  toolbar?: ReactNode;
  cards: (data: T) => ReactNode;
  action: ReactNode;
}) {
  const titleId = `pricing-${id}`;
  let body;
  if (query.isPending) {
    body = (
      <p className="payments-page__loading" role="status">
        Loading the {what}…
      </p>
    );
  } else if (query.isError || query.data === undefined) {
    body = (
      <div className="payments-notice payments-notice--error" role="alert">
        <p>The {what} could not be loaded.</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {toolbar && <div className="payments-toolbar">{toolbar}</div>}
        {cards(query.data)}
      </>
    );
  }
  return (
    <section className="container payments-section" id={id} aria-labelledby={titleId}>
      <h2 id={titleId} className="payments-section__title">
        {title}
      </h2>
      <p className="payments-page__lead">{lead}</p>
      {body}
      {action && <div className="payments-section__cta">{action}</div>}
    </section>
  );
}

/** The way in for each kind of reader: signing up, or the page where the account buys. */
function CallToAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="button button--primary">
      {children}
    </Link>
  );
}

/** The billing interval the plans are shown for first. */
const FIRST_INTERVAL: PaymentsPlanInterval = 'month';

/** The route's loader: the plans for the first interval and the bundles, as the page asks for them. */
export const prefetchPricing = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(getListBusinessPlansQueryOptions({ interval: FIRST_INTERVAL }, LOADER_READ)),
    queryClient.prefetchQuery(getListVersigemsBundlesQueryOptions(LOADER_READ)),
  ]);

/** The business plans for everyone, with the way to one for the reader's account. */
function PlansSection() {
  const accountType = useAccountType();
  const [interval, setBilling] = useState<PaymentsPlanInterval>(FIRST_INTERVAL);
  const plans = useListBusinessPlans(
    { interval },
    { query: { ...LOADER_READ.query, placeholderData: keepPreviousData } },
  );
  return (
    <PricingSection
      id="plans"
      title="Plans for businesses"
      lead="Listing your business is free. A paid plan lets you answer more requests each month, and the top plan puts you first in the business directory, marked as sponsored."
      what="plans"
      query={plans}
      toolbar={<IntervalToggle value={interval} onChange={setBilling} />}
      cards={(answer) => <PlanCards plans={answer.data.items} action={() => null} />}
      action={
        !accountType ? (
          <CallToAction to={PATHS.businessSignup}>Create a business account</CallToAction>
        ) : accountType === 'business' ? (
          <CallToAction to={PATHS.businessPlans}>Choose your plan</CallToAction>
        ) : null
      }
    />
  );
}

/** The versigems bundles for everyone, with the way to them for a freelancer. */
function VersigemsSection() {
  const accountType = useAccountType();
  const bundles = useListVersigemsBundles(LOADER_READ);
  return (
    <PricingSection
      id="versigems"
      title="Versigems for freelancers"
      lead={`A freelancer profile is free, and every new freelancer starts with 10 versigems. Versigems pay for proposals${
        bundles.isSuccess
          ? ` and for unlocking a request’s client (${countOf(bundles.data.data.unlockCost, 'versigem')} each)`
          : ' and for unlocking a request’s client'
      }.`}
      what="bundles"
      query={bundles}
      cards={(answer) => <BundleCards bundles={answer.data.items} action={() => null} />}
      action={
        !accountType ? (
          <CallToAction to={PATHS.freelancerSignup}>Join as a freelancer</CallToAction>
        ) : accountType === 'freelancer' ? (
          <CallToAction to={PATHS.buyVersigems}>Buy versigems</CallToAction>
        ) : null
      }
    />
  );
}

/** `/pricing/`: what plans and versigems cost, readable without signing in (Y01, Y04). */
export function PublicPricingPage() {
  return (
    <div className="payments-public">
      <DocumentTitle>{`Pricing | ${PRODUCT_NAME}`}</DocumentTitle>
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
