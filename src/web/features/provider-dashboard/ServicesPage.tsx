import { useId, useState, type ReactNode } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import { getListFreelancerServiceProjectsQueryOptions } from '@/api/generated/freelancer/freelancer';
import type { AuthUser, AuthUserService, ProviderServiceFamilySlug } from '@/api/generated/model';
import {
  useListRemainingOtherServices,
  useUpdateOtherServices,
  useUpdatePrimaryService,
} from '@/api/generated/provider/provider';
import { useAuth } from '@/lib/auth';
import { PRODUCT_NAME } from '@/ui/Logo';
import { apiErrorMessage, notify } from '@/ui/toast';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { LOADER_READ } from '@/lib/loaderRead';
import './provider-dashboard.css';

/** At most five other services besides the primary one (contract: ProviderOtherServicesInput). */
export const MAX_OTHER_SERVICES = 5;

/** The services the freelancer offers, the primary one first. */
export function offeredServices(user: AuthUser | null): AuthUserService[] {
  const primary = user?.primaryService ?? null;
  const others = user?.otherServices ?? [];
  return primary ? [primary, ...others] : others;
}

/** A service's project count: the first page of its projects, one project long. */
export const PROJECT_COUNT_PARAMS = { page: 1, pageSize: 1 };

/** `undefined` while counting, `null` when the count failed. */
const countText = (count: number | null | undefined) =>
  count === undefined
    ? 'Counting projects…'
    : count === null
      ? 'Projects could not be counted'
      : count === 1
        ? '1 project'
        : `${count} projects`;

function ServiceCard({
  service,
  primary,
  count,
}: {
  service: AuthUserService;
  primary: boolean;
  count?: number | null;
}) {
  return (
    <li className="service-card">
      <div className="service-card__top">
        <h3 className="service-card__title">{service.name}</h3>
        {primary && <span className="service-card__badge">Primary</span>}
      </div>
      <p className="service-card__count">{countText(count)}</p>
      <div className="service-card__actions">
        <Link
          to="/dashboard/services/$sid/projects/"
          params={{ sid: service.slug }}
          className="button button--secondary button--small"
          aria-label={`View projects of ${service.name}`}
        >
          View projects
        </Link>
        <Link
          to="/dashboard/services/$sid/projects/add/"
          params={{ sid: service.slug }}
          className="link-button"
          aria-label={`Add a project to ${service.name}`}
        >
          Add a project
        </Link>
      </div>
    </li>
  );
}

interface SendHandlers {
  onSuccess: (response: { message?: string }) => void;
  onError: (failure: unknown) => void;
}

/**
 * A service chosen in a select and sent: the choice and its error; once saved, a toast, and the
 * signed-in user and the remaining services reloaded.
 */
function useServiceChoice(missing: string, saved: string, send: (slug: string, handlers: SendHandlers) => void) {
  const queryClient = useQueryClient();
  // The route's loader asked already: a failure there is shown as such, not asked again.
  const remaining = useListRemainingOtherServices(LOADER_READ);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!choice) {
      setError(missing);
      return;
    }
    send(choice, {
      onSuccess: (response) => {
        setChoice('');
        notify.info(response.message || saved);
        void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
        void queryClient.invalidateQueries({ queryKey: remaining.queryKey });
      },
      onError: (failure) => setError(apiErrorMessage(failure)),
    });
  };

  return { remaining, choice, setChoice, error, submit };
}

/** G05 + G06: one more family among the remaining ones, kept with the current others. */
function AddServiceForm({ others }: { others: AuthUserService[] }) {
  const id = useId();
  const update = useUpdateOtherServices();
  const { remaining, choice, setChoice, error, submit } = useServiceChoice(
    'Choose a service to add.',
    'Service added.',
    (slug, handlers) => {
      const serviceSlugs = [...others.map((item) => item.slug), slug] as ProviderServiceFamilySlug[];
      update.mutate({ data: { serviceSlugs } }, handlers);
    },
  );
  const full = others.length >= MAX_OTHER_SERVICES;
  const options = remaining.data?.data ?? [];

  return (
    <section className="panel services-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="services-panel__title">
        Add another service
      </h2>
      {full ? (
        <p className="services-panel__lead">
          You offer the most other services an account can have ({MAX_OTHER_SERVICES}).
        </p>
      ) : remaining.isError ? (
        <p className="services-panel__lead">
          The services you can add could not be loaded. Reload the page to try again.
        </p>
      ) : !remaining.isPending && options.length === 0 ? (
        <p className="services-panel__lead">You already offer every service of the marketplace.</p>
      ) : (
        <form className="services-form" noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-service`} className="field__label">
              Service
            </label>
            <select
              id={`${id}-service`}
              className="field__control field__control--select"
              value={choice}
              disabled={remaining.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">{remaining.isPending ? 'Loading services…' : 'Choose a service'}</option>
              {options.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.label}
                </option>
              ))}
            </select>
            <p id={`${id}-hint`} className="field__hint">
              {options.find((option) => option.slug === choice)?.description ??
                'Clients searching for it will find you too. Add projects to show your work in it.'}
            </p>
            {error && (
              <p id={`${id}-error`} className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? 'Adding…' : 'Add service'}
          </button>
        </form>
      )}
    </section>
  );
}

/** G02: another family becomes the primary service; its projects stay with it. */
function ChangePrimaryForm({ primary, others }: { primary: AuthUserService; others: AuthUserService[] }) {
  const id = useId();
  const update = useUpdatePrimaryService();
  const { remaining, choice, setChoice, error, submit } = useServiceChoice(
    'Choose the service that becomes your primary one.',
    'Primary service updated.',
    (slug, handlers) => update.mutate({ data: { serviceSlug: slug as ProviderServiceFamilySlug } }, handlers),
  );
  const candidates = [
    ...others.map((item) => ({ slug: item.slug, label: item.name })),
    ...(remaining.data?.data ?? []).map((item) => ({ slug: item.slug, label: item.label })),
  ];

  return (
    <section className="panel services-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="services-panel__title">
        Change your primary service
      </h2>
      <p className="services-panel__lead">
        Your primary service, now <strong>{primary.name}</strong>, leads your profile and search results. Projects stay
        with the service they were filed under.
      </p>
      <form className="services-form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-service`} className="field__label">
            New primary service
          </label>
          <select
            id={`${id}-service`}
            className="field__control field__control--select"
            value={choice}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">Choose a service</option>
            {candidates.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.label}
              </option>
            ))}
          </select>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--secondary" disabled={update.isPending}>
          {update.isPending ? 'Changing…' : 'Make it primary'}
        </button>
      </form>
    </section>
  );
}

/**
 * `/dashboard/services/`: a freelancer's home: the score, the services with their projects, and changes to them.
 * The route passes the score (`completion`) in.
 */
export function ServicesPage({ completion }: { completion?: ReactNode }) {
  const { user } = useAuth();
  const primary = user?.primaryService ?? null;
  const others = user?.otherServices ?? [];
  const services = offeredServices(user);
  // The route's loader asked already: a count that failed there is not asked again.
  const counts = useQueries({
    queries: services.map((service) =>
      getListFreelancerServiceProjectsQueryOptions(service.slug, PROJECT_COUNT_PARAMS, LOADER_READ),
    ),
  });
  return (
    <div className="container services-page">
      <DocumentTitle>{`Your services | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="services-page__title">Your services</h1>
      <p className="services-page__lead">
        {user?.firstname ? `Welcome back, ${user.firstname}. ` : ''}The services you offer and the projects that show
        your work in each.
      </p>
      {completion}
      <section aria-labelledby="services-list-title">
        <h2 id="services-list-title" className="services-page__subtitle">
          Services you offer
        </h2>
        {services.length === 0 ? (
          <p className="services-page__empty">You have not chosen a service yet.</p>
        ) : (
          <ul className="service-grid">
            {services.map((service, index) => {
              const count = counts[index];
              return (
                <ServiceCard
                  key={service.slug}
                  service={service}
                  primary={index === 0 && primary !== null}
                  count={count?.isError ? null : count?.data?.data.pagination.total}
                />
              );
            })}
          </ul>
        )}
      </section>
      <div className="services-panels">
        <AddServiceForm others={others} />
        {primary && <ChangePrimaryForm primary={primary} others={others} />}
      </div>
    </div>
  );
}
