import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  getGetBusinessProfileCompletionQueryKey,
  getGetClientProfileCompletionQueryKey,
  getGetFreelancerProfileCompletionQueryKey,
  useGetBusinessProfileCompletion,
  useGetClientProfileCompletion,
  useGetFreelancerProfileCompletion,
} from '@/api/generated/account/account';
import type { AccountMissingItem, AccountProfileCompletion } from '@/api/generated/model';
import { useAuth, type AccountType } from '@/lib/auth';
import { completionTarget } from './completionLinks';
import './profile-completion.css';

const OFF = { query: { enabled: false } } as const;
/** Computed live by the server: fetched again each time the card appears, never shown from an old visit. */
const ON = { query: { retry: false, staleTime: 0 } } as const;

/** The signed-in account's own score call (C04, C05 or C06). */
function useCompletion(accountType: AccountType | undefined) {
  const client = useGetClientProfileCompletion(accountType === 'client' ? ON : OFF);
  const freelancer = useGetFreelancerProfileCompletion(accountType === 'freelancer' ? ON : OFF);
  const business = useGetBusinessProfileCompletion(accountType === 'business' ? ON : OFF);
  if (accountType === 'freelancer') return freelancer;
  if (accountType === 'business') return business;
  return client;
}

const COMPLETION_QUERY_KEYS = [
  getGetClientProfileCompletionQueryKey(),
  getGetFreelancerProfileCompletionQueryKey(),
  getGetBusinessProfileCompletionQueryKey(),
];

/** Marks the scores stale, fetching the shown one again. */
export function refreshCompletion(queryClient: QueryClient) {
  return Promise.all(COMPLETION_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Any change saved while the card is shown may move the score (a service made primary, a photo,
 * a section): after every successful save on the page, the card asks for the score again.
 */
function useRefreshAfterSaves() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void refreshCompletion(queryClient);
      }),
    [queryClient],
  );
}

const RADIUS = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The score as a ring, the number in the middle; the ring is a picture of the number. */
export function ScoreRing({ score }: { score: number }) {
  const clamped = Math.min(100, Math.max(0, Math.round(score)));
  return (
    <div
      className="completion-ring"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-label="Profile completion"
      aria-valuetext={`${clamped}% complete`}
    >
      <svg viewBox="0 0 80 80" aria-hidden="true" focusable="false">
        <circle className="completion-ring__track" cx="40" cy="40" r={RADIUS} />
        <circle
          className="completion-ring__value"
          cx="40"
          cy="40"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
        />
      </svg>
      <span className="completion-ring__label" aria-hidden="true">
        {clamped}%
      </span>
    </div>
  );
}

function MissingItem({ item, accountType }: { item: AccountMissingItem; accountType: AccountType | undefined }) {
  const target = completionTarget(accountType, item.key);
  return (
    <li className="completion-card__item">
      <Link to={target.to} hash={target.hash} className="completion-card__link">
        {item.label}
      </Link>
      {item.hint && <span className="completion-card__hint">{item.hint}</span>}
    </li>
  );
}

interface CompletionViewProps {
  completion: AccountProfileCompletion | undefined;
  failed: boolean;
  loading: boolean;
}

export function CompletionView({ completion, failed, loading }: CompletionViewProps) {
  const accountType = completion?.accountType;
  // A failed fetch shows 0 (spec §8).
  const score = failed ? 0 : (completion?.score ?? 0);
  const missing = completion?.missing ?? [];
  return (
    <section className="completion-card" aria-labelledby="completion-card-title" aria-busy={loading || undefined}>
      <ScoreRing score={loading ? 0 : score} />
      <div className="completion-card__body">
        <h2 id="completion-card-title" className="completion-card__title">
          {score >= 100 ? 'Your profile is complete' : 'Complete your profile'}
        </h2>
        {loading ? (
          <p className="completion-card__lead" role="status">
            Checking your profile…
          </p>
        ) : failed ? (
          <p className="completion-card__lead">
            We could not check your profile just now, so your score shows as 0%. Reload the page to try again.
          </p>
        ) : missing.length === 0 ? (
          <p className="completion-card__lead">Everything is filled in. Keep it up to date as your work changes.</p>
        ) : (
          <>
            <p className="completion-card__lead">
              A complete profile is found more often. {missing.length === 1 ? 'One thing' : `${missing.length} things`}{' '}
              left to add:
            </p>
            <ul className="completion-card__list">
              {missing.map((item, index) => (
                <MissingItem key={`${item.key}-${index}`} item={item} accountType={accountType} />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

/** The signed-in account's profile-completion score and what is still missing, each with its link. */
export function CompletionCard() {
  const { user } = useAuth();
  const query = useCompletion(user?.accountType);
  useRefreshAfterSaves();
  return <CompletionView completion={query.data?.data} failed={query.isError} loading={query.isPending} />;
}
