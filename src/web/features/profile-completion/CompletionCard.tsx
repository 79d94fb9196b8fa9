import { Link } from '@tanstack/react-router';
import {
  useGetBusinessProfileCompletion,
  useGetClientProfileCompletion,
  useGetFreelancerProfileCompletion,
} from '@/api/generated/account/account';
import type { AccountMissingItem, AccountProfileCompletion } from '@/api/generated/model';
import { useAuth, type AccountType } from '@/lib/auth';
import './profile-completion.css';

const OFF = { query: { enabled: false } } as const;
const ON = { query: { retry: false } } as const;

/** The signed-in account's own score call (C04, C05 or C06). */
function useCompletion(accountType: AccountType | undefined) {
  const client = useGetClientProfileCompletion(accountType === 'client' ? ON : OFF);
  const freelancer = useGetFreelancerProfileCompletion(accountType === 'freelancer' ? ON : OFF);
  const business = useGetBusinessProfileCompletion(accountType === 'business' ? ON : OFF);
  if (accountType === 'freelancer') return freelancer;
  if (accountType === 'business') return business;
  return client;
}

/** `/dashboard/settings/#tagline` → the path and the hash, as the router's Link takes them. */
export function splitLink(link: string): { to: string; hash?: string } {
  const [to = link, hash] = link.split('#');
  return hash ? { to, hash } : { to };
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

function MissingItem({ item }: { item: AccountMissingItem }) {
  const target = splitLink(item.link);
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
                <MissingItem key={`${item.key}-${index}`} item={item} />
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
  return <CompletionView completion={query.data?.data} failed={query.isError} loading={query.isPending} />;
}
