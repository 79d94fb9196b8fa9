import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import {
  getGetVersigemsBalanceQueryKey,
  getListBusinessPlansQueryKey,
  useVerifyCheckoutSession,
} from '@/api/generated/payments/payments';
import type {
  PaymentsCheckoutKind,
  PaymentsCheckoutReturnStatus,
  PaymentsCheckoutVerification,
} from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import { useAccountType, type AccountType } from '@/lib/auth';
import {
  checkoutReturn,
  forgetCheckoutReturn,
  forgetVersigemsCount,
  type CheckoutReturn,
} from '@/lib/checkoutHandover';
import { countOf, formatDate, formatPrice } from '@/lib/format';
import { PATHS } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { BILLED } from './paymentText';
import { ReturnLink } from './ReturnLink';
import { checkoutErrorMessage } from './useCheckoutRedirect';
import { DocumentTitle } from '@/ui/DocumentTitle';
import './payments.css';

/** A payment still processing is asked again after 1, 2, 4, 8 and 16 seconds, then the page offers a button. */
export const VERIFY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container payments-page payments-page--narrow">
      <DocumentTitle>{`${title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <div className="panel payments-result">
        <h1 className="payments-page__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** Where to choose again: the plans for a plan, the bundles for versigems, else by account type. */
function ChooseAgain({ kind, accountType }: { kind: PaymentsCheckoutKind | null; accountType: AccountType | null }) {
  const plans = kind === 'plan' || (kind === null && accountType === 'business');
  const gems = kind === 'versigems' || (kind === null && accountType === 'freelancer');
  if (plans) {
    return (
      <Link to={PATHS.businessPlans} className="button button--primary">
        Back to the plans
      </Link>
    );
  }
  if (gems) {
    return (
      <Link to={PATHS.buyVersigems} className="button button--primary">
        Back to the versigems bundles
      </Link>
    );
  }
  return null;
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="payments-result__actions">{children}</div>;
}

function DashboardLink() {
  return (
    <Link to={PATHS.dashboard} className="button button--secondary">
      Go to the dashboard
    </Link>
  );
}

function Paid({ result, cameFrom }: { result: PaymentsCheckoutVerification; cameFrom: CheckoutReturn | null }) {
  return (
    <Frame title="Payment received">
      {result.kind === 'plan' && result.plan ? (
        <>
          <p className="payments-result__lead">
            You are on the <strong>{result.plan.name}</strong> plan, {BILLED[result.plan.interval]} at{' '}
            {formatPrice(result.plan.price)} a {result.plan.interval}.
          </p>
          {result.plan.currentPeriodEnd && (
            <p>
              {result.plan.subscriptionStatus === 'canceling' ? 'It ends on' : 'It renews on'}{' '}
              {formatDate(result.plan.currentPeriodEnd)}. A receipt is on its way to your email.
            </p>
          )}
        </>
      ) : result.versigems ? (
        <>
          <p className="payments-result__lead">
            {countOf(result.versigems.gems, 'versigem')} {result.versigems.gems === 1 ? 'was' : 'were'} added to your
            balance.
          </p>
          <p>
            Your balance is now {countOf(result.versigems.balance, 'versigem')}. A receipt is on its way to your email.
          </p>
        </>
      ) : (
        <p className="payments-result__lead">Your purchase is applied to your account.</p>
      )}
      <Actions>
        {cameFrom && <ReturnLink target={cameFrom} className="button button--primary" />}
        {result.kind === 'plan' ? (
          <Link to={PATHS.businessPlans} className={`button ${cameFrom ? 'button--secondary' : 'button--primary'}`}>
            See your plan
          </Link>
        ) : (
          <Link to={PATHS.buyVersigems} className={`button ${cameFrom ? 'button--secondary' : 'button--primary'}`}>
            See your balance
          </Link>
        )}
        <DashboardLink />
      </Actions>
    </Frame>
  );
}

function NothingCharged({
  title,
  lead,
  kind,
  accountType,
  cameFrom,
}: {
  title: string;
  lead: string;
  kind: PaymentsCheckoutKind | null;
  accountType: AccountType | null;
  cameFrom: CheckoutReturn | null;
}) {
  return (
    <Frame title={title}>
      <p className="payments-result__lead">{lead}</p>
      <p>Nothing was charged to your card. You can choose again whenever you like.</p>
      <Actions>
        <ChooseAgain kind={kind} accountType={accountType} />
        {cameFrom && <ReturnLink target={cameFrom} className="button button--secondary" />}
        <DashboardLink />
      </Actions>
    </Frame>
  );
}

/**
 * `/payments/checkout/success/` and `/payments/checkout/canceled/` (Y03): where the payment
 * provider sends the buyer back, with `?session_id=`. The server reads the session from the
 * provider and answers where it is; a payment still processing is asked again a few times.
 * Once paid, the header's balance and the plan are read again.
 */
export function CheckoutReturnPage({
  status,
  sessionId,
}: {
  status: PaymentsCheckoutReturnStatus;
  sessionId: string | undefined;
}) {
  const accountType = useAccountType();
  const queryClient = useQueryClient();
  const [cameFrom] = useState(() => checkoutReturn());
  const verify = useVerifyCheckoutSession(sessionId ?? '', status, {
    query: {
      enabled: Boolean(sessionId),
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: (query) => {
        const result = query.state.data?.data;
        if (result?.status !== 'open') return false;
        const delay = VERIFY_DELAYS_MS[query.state.dataUpdateCount - 1];
        return delay ?? false;
      },
    },
  });
  const result = verify.data?.data;
  const outcome = result?.status;

  useEffect(() => {
    if (outcome !== 'paid') return;
    forgetCheckoutReturn();
    forgetVersigemsCount();
    void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getGetVersigemsBalanceQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getListBusinessPlansQueryKey() });
  }, [outcome, queryClient]);

  if (!sessionId && status === 'canceled') {
    return (
      <NothingCharged
        title="Checkout canceled"
        lead="You left the checkout before paying."
        kind={null}
        accountType={accountType}
        cameFrom={cameFrom}
      />
    );
  }

  if (!sessionId) {
    return (
      <Frame title="No payment to show">
        <p className="payments-result__lead">
          This page shows a payment when the secure checkout sends you back to it, and this link names none.
        </p>
        <Actions>
          <ChooseAgain kind={null} accountType={accountType} />
          <DashboardLink />
        </Actions>
      </Frame>
    );
  }

  if (verify.isPending) {
    return (
      <Frame title={status === 'success' ? 'Checking your payment' : 'Checking your checkout'}>
        <p className="payments-result__lead" role="status">
          {status === 'success'
            ? 'We are confirming your payment with the payment provider…'
            : 'We are closing the checkout with the payment provider…'}
        </p>
      </Frame>
    );
  }

  if (verify.isError) {
    const notFound = verify.error instanceof ApiError && verify.error.httpStatus === 404;
    return (
      <Frame title={notFound ? 'We could not find this checkout' : 'We could not check this payment'}>
        <p className="payments-result__lead" role="alert">
          {notFound
            ? 'This checkout does not exist or was started from another account. If you paid, the purchase is applied to the account that paid.'
            : checkoutErrorMessage(verify.error)}
        </p>
        <Actions>
          {!notFound && (
            <button type="button" className="button button--primary" onClick={() => void verify.refetch()}>
              Try again
            </button>
          )}
          <ChooseAgain kind={null} accountType={accountType} />
          <DashboardLink />
        </Actions>
      </Frame>
    );
  }

  const current = verify.data.data;
  switch (current.status) {
    case 'paid':
      return <Paid result={current} cameFrom={cameFrom} />;
    case 'canceled':
      return (
        <NothingCharged
          title="Checkout canceled"
          lead="You left the checkout before paying, and it is now closed."
          kind={current.kind}
          accountType={accountType}
          cameFrom={cameFrom}
        />
      );
    case 'expired':
      return (
        <NothingCharged
          title="This checkout has expired"
          lead="The checkout was not paid within 24 hours, so it is closed."
          kind={current.kind}
          accountType={accountType}
          cameFrom={cameFrom}
        />
      );
    default:
      return (
        <Frame title="Your payment is processing">
          <p className="payments-result__lead" role="status">
            {verify.isFetching
              ? 'Checking again with the payment provider…'
              : 'The payment provider has not confirmed your payment yet. Some payments take a few minutes.'}
          </p>
          <p>Nothing more is needed from you: once it is confirmed, your purchase is applied to your account.</p>
          <Actions>
            <button
              type="button"
              className="button button--primary"
              disabled={verify.isFetching}
              onClick={() => void verify.refetch()}
            >
              Check again
            </button>
            <DashboardLink />
          </Actions>
        </Frame>
      );
  }
}
