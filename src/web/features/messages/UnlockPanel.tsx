import { useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';
import { unlockRequestInvite } from '@/api/generated/messages/messages';
import { getGetVersigemsBalanceQueryKey, useGetVersigemsBalance } from '@/api/generated/payments/payments';
import type { ServiceRequestTitle } from '@/api/generated/model';
import { rememberCheckoutReturn } from '@/lib/checkoutHandover';
import { conversationMessagesPrefix, CONVERSATION_LIST_PREFIX } from '@/lib/messageEvents';
import { FormAlert } from '@/ui/form/FormAlert';
import { productToast } from '@/ui/toast';
import { LockIcon } from './parts';

/** What unlocking costs when the balance call has not answered (the contract's price today). */
const DEFAULT_UNLOCK_COST = 5;

/**
 * In place of the reply box while a freelancer has not unlocked the conversation's request:
 * the price, the balance, Unlock (unlockRequestInvite, a GET that spends versigems and so
 * carries the CSRF header like every call) and where to buy more.
 */
export function UnlockPanel({
  conversationId,
  request,
}: {
  conversationId: string;
  request: ServiceRequestTitle | null;
}) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const balance = useGetVersigemsBalance({ page: 1, pageSize: 1 }, { query: { retry: false } });
  const [problem, setProblem] = useState<string | null>(null);
  const unlock = useMutation({
    mutationFn: (requestId: string) => unlockRequestInvite(requestId),
    onSuccess: (response) => {
      setProblem(null);
      productToast.success(response.message || 'Unlocked. You can now message the client.');
      void queryClient.invalidateQueries({ queryKey: getGetVersigemsBalanceQueryKey() });
      void queryClient.invalidateQueries({ queryKey: conversationMessagesPrefix(conversationId) });
      void queryClient.invalidateQueries({ queryKey: [CONVERSATION_LIST_PREFIX] });
    },
    onError: (error) => {
      setProblem(error instanceof ApiError ? error.message : 'The unlock did not go through. Please try again.');
      // Already unlocked or no longer needed: the conversation may be open now.
      if (error instanceof ApiError && error.httpStatus === 409) {
        void queryClient.invalidateQueries({ queryKey: conversationMessagesPrefix(conversationId) });
      }
    },
  });

  const cost = balance.data?.data.unlockCost ?? DEFAULT_UNLOCK_COST;
  const gems = balance.data?.data.balance;
  const short = typeof gems === 'number' && gems < cost;

  return (
    <section className="unlock-panel" aria-labelledby="unlock-title">
      <h2 id="unlock-title" className="unlock-panel__title">
        <LockIcon /> Unlock to reply
      </h2>
      <p>
        You can read this conversation. To reply to the client, unlock{' '}
        {request ? <strong>{request.title}</strong> : 'the request'} first.
      </p>
      <p className="unlock-panel__price">
        Unlocking this request costs {cost} versigems.{' '}
        {typeof gems === 'number' ? `Your balance: ${gems}.` : balance.isPending ? 'Checking your balance…' : ''}
      </p>
      <FormAlert>{problem}</FormAlert>
      <div className="unlock-panel__actions">
        {request && (
          <button
            type="button"
            className="button button--primary"
            disabled={unlock.isPending}
            onClick={() => unlock.mutate(request.id)}
          >
            {unlock.isPending ? 'Unlocking…' : 'Unlock'}
          </button>
        )}
        <Link
          to="/dashboard/plans/versigems/buy/"
          className={short ? 'button button--secondary' : 'unlock-panel__buy'}
          // The conversation is kept for the tab, so the checkout's return page leads back to it.
          onClick={() =>
            rememberCheckoutReturn(`${location.pathname}${location.searchStr}`, 'Back to the conversation')
          }
        >
          Buy versigems
        </Link>
      </div>
    </section>
  );
}
