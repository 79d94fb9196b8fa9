import { useId, useState } from 'react';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  createVersigemsCheckoutSession,
  getGetVersigemsBalanceQueryOptions,
  getListVersigemsBundlesQueryOptions,
  useGetVersigemsBalance,
  useListVersigemsBundles,
} from '@/api/generated/payments/payments';
import type { PaymentsVersigemsBundle, PaymentsVersigemsCheckoutInput } from '@/api/generated/model';
import { useAccountType } from '@/lib/auth';
import { checkoutReturn, rememberVersigemsCount, versigemsCount } from '@/lib/checkoutHandover';
import { countOf, formatDate, formatPrice } from '@/lib/format';
import { PATHS } from '@/lib/paths';
import { FormAlert } from '@/ui/form/FormAlert';
import { PRODUCT_NAME } from '@/ui/Logo';
import { Pagination } from '@/ui/Pagination';
import { BundleCards } from './BundleCards';
import { LEDGER_REASON_LABELS, ledgerDescription, signedDelta } from './paymentText';
import { ReturnNote } from './ReturnLink';
import { checkoutErrorMessage, useCheckoutRedirect } from './useCheckoutRedirect';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { LOADER_READ } from '@/lib/loaderRead';
import './payments.css';

export const LEDGER_PAGE_SIZE = 10;
/** The ledger's first page: the balance, what an unlock costs and the newest history. */
const FIRST_LEDGER_PAGE = { page: 1, pageSize: LEDGER_PAGE_SIZE };

/**
 * The route's loader: the bundles, and for a freelancer the ledger's first page, as the page asks
 * for them (a failed call is the page's to show).
 */
export const prefetchBuyVersigems = (queryClient: QueryClient, isFreelancer: boolean) =>
  Promise.all([
    queryClient.prefetchQuery(getListVersigemsBundlesQueryOptions(LOADER_READ)),
    isFreelancer && queryClient.prefetchQuery(getGetVersigemsBalanceQueryOptions(FIRST_LEDGER_PAGE, LOADER_READ)),
  ]);

/** How many of one bundle, and its Buy button. */
function BuyControls({
  bundle,
  maxQuantity,
  quantity,
  onQuantity,
  pending,
  waiting,
  onBuy,
}: {
  bundle: PaymentsVersigemsBundle;
  maxQuantity: number;
  quantity: number;
  onQuantity: (quantity: number) => void;
  pending: boolean;
  waiting: boolean;
  onBuy: () => void;
}) {
  const id = useId();
  const total = { amount: Math.round(bundle.price.amount * quantity * 100) / 100, currency: bundle.price.currency };
  const gems = (bundle.gems + bundle.bonusGems) * quantity;
  return (
    <div className="bundle-buy">
      <label htmlFor={id} className="bundle-buy__label">
        How many {bundle.name} bundles
      </label>
      <select
        id={id}
        className="bundle-buy__select"
        value={quantity}
        disabled={waiting}
        onChange={(event) => onQuantity(Number(event.target.value))}
      >
        {Array.from({ length: maxQuantity }, (_, index) => index + 1).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <p className="bundle-buy__total">
        {countOf(gems, 'versigem')} for {formatPrice(total)}
      </p>
      <button
        type="button"
        className={`button ${bundle.popular ? 'button--primary' : 'button--secondary'} price-card__button`}
        disabled={waiting}
        aria-busy={pending || undefined}
        onClick={onBuy}
      >
        {pending ? 'Opening the secure checkout…' : `Buy ${bundle.name}`}
      </button>
    </div>
  );
}

/** The balance and what one unlock costs (the ledger's first page, shared with the history). */
function BalanceSummary() {
  const balance = useGetVersigemsBalance(FIRST_LEDGER_PAGE, LOADER_READ);
  if (!balance.isSuccess) return null;
  const { unlockCost } = balance.data.data;
  return (
    <div className="payments-summary" role="status">
      <p>
        Your balance: <strong>{countOf(balance.data.data.balance, 'versigem')}</strong>
      </p>
      <p>Unlocking a request&rsquo;s client costs {countOf(unlockCost, 'versigem')}.</p>
    </div>
  );
}

/** The balance's history, newest first, a page at a time. */
function Ledger() {
  const [page, setPage] = useState(1);
  const balance = useGetVersigemsBalance(
    { page, pageSize: LEDGER_PAGE_SIZE },
    { query: { ...LOADER_READ.query, placeholderData: keepPreviousData } },
  );
  if (balance.isPending) {
    return (
      <p className="payments-page__loading" role="status">
        Loading your history…
      </p>
    );
  }
  if (balance.isError) {
    return (
      <div className="payments-notice payments-notice--error" role="alert">
        <p>{checkoutErrorMessage(balance.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void balance.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { ledger } = balance.data.data;
  return (
    <>
      <section className="payments-section" aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="payments-section__title">
          History
        </h2>
        {ledger.items.length === 0 ? (
          <p className="payments-page__fine">Nothing has moved your balance yet.</p>
        ) : (
          <div className="ledger">
            <table className="ledger__table">
              <caption className="visually-hidden">Your versigems history, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">What</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className="ledger__number">
                    Change
                  </th>
                  <th scope="col" className="ledger__number">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {ledger.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDate(entry.createdAt)}</td>
                    <td>{ledgerDescription(entry)}</td>
                    <td>{LEDGER_REASON_LABELS[entry.reason]}</td>
                    <td className={`ledger__number ${entry.delta > 0 ? 'ledger__credit' : 'ledger__debit'}`}>
                      {signedDelta(entry.delta)}
                    </td>
                    <td className="ledger__number">{entry.balanceAfter}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          page={ledger.pagination.page}
          totalPages={ledger.pagination.totalPages}
          renderLink={(target, children, props) => (
            <button type="button" {...props} onClick={() => setPage(target)}>
              {children}
            </button>
          )}
        />
      </section>
    </>
  );
}

/** `/dashboard/plans/versigems/buy/` (Y04, Y05): bundles, the balance and its history, and checkout. */
export function BuyVersigemsPage() {
  const accountType = useAccountType();
  const isFreelancer = accountType === 'freelancer';
  const [cameFrom] = useState(() => checkoutReturn());
  const [kept] = useState(() => versigemsCount());
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    kept ? { [kept.bundleId]: kept.quantity } : {},
  );
  const bundles = useListVersigemsBundles(LOADER_READ);
  const checkout = useCheckoutRedirect(
    async (input: PaymentsVersigemsCheckoutInput) => (await createVersigemsCheckoutSession(input)).data.checkoutUrl,
    (input) => input.bundleId,
  );

  let offer;
  if (bundles.isPending) {
    offer = (
      <p className="payments-page__loading" role="status">
        Loading the bundles…
      </p>
    );
  } else if (bundles.isError) {
    offer = (
      <div className="payments-notice payments-notice--error" role="alert">
        <p>{checkoutErrorMessage(bundles.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void bundles.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    const { items, maxQuantity } = bundles.data.data;
    const quantityOf = (bundle: PaymentsVersigemsBundle) => Math.min(quantities[bundle.id] ?? 1, maxQuantity);
    offer = (
      <>
        <FormAlert>{checkout.error}</FormAlert>
        <BundleCards
          bundles={items}
          action={(bundle) =>
            isFreelancer ? (
              <BuyControls
                bundle={bundle}
                maxQuantity={maxQuantity}
                quantity={quantityOf(bundle)}
                onQuantity={(quantity) => setQuantities((current) => ({ ...current, [bundle.id]: quantity }))}
                pending={checkout.pendingKey === bundle.id}
                waiting={checkout.pendingKey !== null}
                onBuy={() => {
                  const quantity = quantityOf(bundle);
                  rememberVersigemsCount(bundle.id, quantity);
                  checkout.begin({ bundleId: bundle.id, quantity });
                }}
              />
            ) : null
          }
        />
        <p className="payments-page__fine">
          Payment is by card on our payment provider&rsquo;s secure checkout page. Versigems are added to your balance
          as soon as the payment is confirmed, bonus included, and do not expire.
        </p>
      </>
    );
  }

  return (
    <div className="container payments-page">
      <DocumentTitle>{`Buy versigems | ${PRODUCT_NAME}`}</DocumentTitle>
      <p className="payments-page__back">
        <Link to={PATHS.dashboard}>Back to the dashboard</Link>
      </p>
      <h1 className="payments-page__title">Buy versigems</h1>
      <p className="payments-page__lead">
        Freelancers spend versigems to send proposals and to unlock a request&rsquo;s client. Bigger bundles come with
        bonus versigems.
      </p>
      {isFreelancer && <BalanceSummary />}
      {cameFrom && isFreelancer && <ReturnNote target={cameFrom} />}
      {!isFreelancer && (
        <div className="payments-notice" role="status">
          <p>Versigems are for freelancer accounts.</p>
          {accountType === 'business' && (
            <p>
              A business sends proposals within its plan&rsquo;s monthly allowance.{' '}
              <Link to={PATHS.businessPlans}>See the business plans</Link>
            </p>
          )}
        </div>
      )}
      <section className="payments-section" aria-labelledby="bundles-title">
        <h2 id="bundles-title" className="payments-section__title">
          Bundles
        </h2>
        {offer}
      </section>
      {isFreelancer && <Ledger />}
    </div>
  );
}
