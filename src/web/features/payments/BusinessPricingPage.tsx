import { useState, type ReactNode } from 'react';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  createBillingPortalSession,
  createBusinessCheckoutSession,
  getListBusinessPlansQueryOptions,
  useListBusinessPlans,
} from '@/api/generated/payments/payments';
import type {
  PaymentsBusinessCheckoutInput,
  PaymentsBusinessPlan,
  PaymentsBusinessSubscription,
  PaymentsPlanInterval,
} from '@/api/generated/model';
import { useAccountType } from '@/lib/auth';
import { checkoutReturn } from '@/lib/checkoutHandover';
import { formatDate } from '@/lib/format';
import { PATHS } from '@/lib/paths';
import { FormAlert } from '@/ui/form/FormAlert';
import { PRODUCT_NAME } from '@/ui/Logo';
import { BILLED, SUBSCRIPTION_STATUS_LABELS } from './paymentText';
import { IntervalToggle, PlanCards } from './PlanCards';
import { ReturnNote } from './ReturnLink';
import { checkoutErrorMessage, useCheckoutRedirect } from './useCheckoutRedirect';
import './payments.css';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** The business's paid subscription: plan, billing, state, the date that matters, and Manage billing. */
function SubscriptionSummary({
  subscription,
  plans,
  manage,
}: {
  subscription: PaymentsBusinessSubscription | null;
  plans: PaymentsBusinessPlan[];
  /** The Manage billing button, for a subscription still running. */
  manage: ReactNode;
}) {
  if (!subscription) {
    return (
      <p className="payments-summary" role="status">
        You are on the free plan.
      </p>
    );
  }
  const name = plans.find((plan) => plan.id === subscription.planId)?.name ?? subscription.planSlug;
  const date = formatDate(subscription.currentPeriodEnd);
  if (subscription.status === 'ended') {
    return (
      <p className="payments-summary" role="status">
        You are on the free plan. Your {name} plan ended on {date}.
      </p>
    );
  }
  const when: Record<PaymentsBusinessSubscription['status'], string> = {
    active: `Renews on ${date}.`,
    'past-due': `The last payment failed; the card is tried again until ${date}. To pay with another card, use Manage billing.`,
    canceling: `Cancels on ${date}. The plan stays on until then, and you return to the free plan.`,
    ended: `Ended on ${date}.`,
  };
  const status = subscription.cancelAtPeriodEnd ? 'canceling' : subscription.status;
  return (
    <div className="payments-summary payments-summary--paid">
      <div role="status">
        <p>
          Your plan: <strong>{name}</strong>, {BILLED[subscription.interval]}.{' '}
          <span className="payments-summary__status">{SUBSCRIPTION_STATUS_LABELS[status]}</span>
        </p>
        <p>{when[status]}</p>
      </div>
      {manage}
    </div>
  );
}

/** Who is not a business sees the plans but cannot buy one. */
function NotForThisAccount({ accountType }: { accountType: string | null }) {
  return (
    <div className="payments-notice" role="status">
      <p>Plans are for business accounts.</p>
      {accountType === 'freelancer' && (
        <p>
          As a freelancer you pay for proposals with versigems. <Link to={PATHS.buyVersigems}>Buy versigems</Link>
        </p>
      )}
    </div>
  );
}

/** The route's loader: the page's first answer, as the page asks for it; the other interval waits for it. */
export const prefetchBusinessPricing = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(getListBusinessPlansQueryOptions(undefined, LOADER_READ));

/** `/dashboard/business/pricing/` (Y01, Y02): the plans, the business's own marked, and checkout. */
export function BusinessPricingPage() {
  const accountType = useAccountType();
  const isBusiness = accountType === 'business';
  const [chosen, setChosen] = useState<PaymentsPlanInterval | null>(null);
  const [cameFrom] = useState(() => checkoutReturn());
  // The first answer (the server's default interval) says what the business pays, if anything.
  const probe = useListBusinessPlans(undefined, LOADER_READ);
  const subscription = probe.data?.data.subscription ?? null;
  const probeInterval = probe.data?.data.items[0]?.interval ?? 'month';
  // Until the business picks, the plans are priced for the interval it pays.
  const interval = chosen ?? subscription?.interval ?? probeInterval;
  const other = useListBusinessPlans(
    { interval },
    {
      query: {
        retry: false,
        placeholderData: keepPreviousData,
        enabled: probe.isSuccess && interval !== probeInterval,
      },
    },
  );
  // The probe already priced the plans for its interval: no second call for it.
  const plans = interval === probeInterval ? probe : other;
  const checkout = useCheckoutRedirect(
    async (input: PaymentsBusinessCheckoutInput) => (await createBusinessCheckoutSession(input)).data.checkoutUrl,
    (input) => `${input.planId}:${input.interval}`,
  );
  const portal = useCheckoutRedirect(
    async () => (await createBillingPortalSession()).data.url,
    () => 'portal',
  );

  const items = plans.data?.data.items ?? [];
  const anySubscription = plans.data?.data.subscription ?? subscription;
  // An ended subscription leaves the business on the free plan.
  const currentSubscription = anySubscription?.status === 'ended' ? null : anySubscription;

  const action = (plan: PaymentsBusinessPlan) => {
    if (!isBusiness) return null;
    const isCurrent =
      plan.current || (currentSubscription?.planId === plan.id && currentSubscription.interval === interval);
    if (plan.price.amount === 0) {
      if (!currentSubscription) return <p className="price-card__status">Your current plan</p>;
      return (
        <p className="price-card__status">
          {currentSubscription.cancelAtPeriodEnd
            ? `You return to Free on ${formatDate(currentSubscription.currentPeriodEnd)}.`
            : 'To return to Free, cancel your plan in Manage billing; it stays on until the end of the period paid for.'}
        </p>
      );
    }
    if (isCurrent) {
      return <p className="price-card__status">Your current plan</p>;
    }
    const key = `${plan.id}:${interval}`;
    const pending = checkout.pendingKey === key;
    return (
      <button
        type="button"
        className={`button ${plan.highlighted ? 'button--primary' : 'button--secondary'} price-card__button`}
        disabled={checkout.pendingKey !== null}
        aria-busy={pending || undefined}
        onClick={() => checkout.begin({ planId: plan.id, interval })}
      >
        {pending ? 'Opening the secure checkout…' : `Choose ${plan.name}`}
      </button>
    );
  };

  const currentLabel = (plan: PaymentsBusinessPlan) =>
    currentSubscription && currentSubscription.planId === plan.id && currentSubscription.interval !== interval
      ? `Your plan, ${BILLED[currentSubscription.interval]}`
      : 'Your plan';

  let body;
  if (probe.isPending || (plans.isPending && probe.isSuccess)) {
    body = (
      <p className="payments-page__loading" role="status">
        Loading the plans…
      </p>
    );
  } else if (probe.isError || plans.isError) {
    body = (
      <div className="payments-notice payments-notice--error" role="alert">
        <p>{checkoutErrorMessage(probe.error ?? plans.error)}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void (probe.isError ? probe.refetch() : plans.refetch())}
        >
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {isBusiness ? (
          <SubscriptionSummary
            subscription={anySubscription}
            plans={items}
            manage={
              <div className="payments-summary__manage">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={portal.pendingKey !== null || checkout.pendingKey !== null}
                  aria-busy={portal.pendingKey !== null || undefined}
                  onClick={() => portal.begin(undefined)}
                >
                  {portal.pendingKey ? 'Opening billing…' : 'Manage billing'}
                </button>
                <p className="payments-summary__hint">Change your card or cancel your plan.</p>
                <FormAlert>{portal.error}</FormAlert>
              </div>
            }
          />
        ) : (
          <NotForThisAccount accountType={accountType} />
        )}
        {/* The plans' names are level-3 headings (as on the public pricing page): a level 2 leads them. */}
        <section className="payments-section" aria-labelledby="plans-title">
          <h2 id="plans-title" className="payments-section__title">
            Plans
          </h2>
          <div className="payments-toolbar">
            <IntervalToggle value={interval} onChange={setChosen} />
            {interval === 'year' && <p className="payments-toolbar__note">Yearly billing costs less per month.</p>}
          </div>
          <FormAlert>{checkout.error}</FormAlert>
          <PlanCards
            plans={items}
            currentPlanId={isBusiness ? (currentSubscription?.planId ?? null) : null}
            action={action}
            currentLabel={currentLabel}
          />
        </section>
        <p className="payments-page__fine">
          Payment is by card on our payment provider&rsquo;s secure checkout page. A plan renews at the end of each
          billing period until you cancel it in Manage billing. Choosing another plan replaces the one you pay for once
          paid, and the unused time is credited.
        </p>
      </>
    );
  }

  return (
    <div className="container payments-page">
      <DocumentTitle>{`Business plans | ${PRODUCT_NAME}`}</DocumentTitle>
      <p className="payments-page__back">
        <Link to={PATHS.dashboard}>Back to the dashboard</Link>
      </p>
      <h1 className="payments-page__title">Business plans</h1>
      <p className="payments-page__lead">
        Every business starts on the free plan. A paid plan lets you send more proposals each month, and some put you
        first in the business directory.
      </p>
      {cameFrom && isBusiness && <ReturnNote target={cameFrom} />}
      {body}
    </div>
  );
}
