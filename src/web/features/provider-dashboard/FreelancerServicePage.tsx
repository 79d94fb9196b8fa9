import type { QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  getGetPublicFreelancerProfileQueryOptions,
  getListPublicFreelancerProjectsQueryOptions,
  getListPublicFreelancerServicesQueryOptions,
  useGetPublicFreelancerProfile,
  useListPublicFreelancerProjects,
  useListPublicFreelancerServices,
} from '@/api/generated/freelancer/freelancer';
import type { FreelancerPublicService } from '@/api/generated/model';
import { PRODUCT_NAME } from '@/ui/Logo';
import { LoadProblem } from './LoadProblem';
import { publicProjectLink } from './paths';
import { ProjectCard } from './ProjectsPage';
import './provider-dashboard.css';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

const PAGE_SIZE = 12;
/** The chosen service's projects: their first page. */
const SERVICE_PROJECTS_PARAMS = { page: 1, pageSize: PAGE_SIZE };

/** The service shown: the one the address names, else the first (the primary one). */
function chosenService(list: readonly FreelancerPublicService[], serviceSlug: string | undefined) {
  return list.find((item) => item.service.slug === serviceSlug) ?? list[0];
}

/**
 * The route's loader: the freelancer and their services, as the page asks for them, then the
 * projects of the service the page will show.
 */
export const prefetchFreelancerService = (queryClient: QueryClient, uid: string, serviceSlug: string | undefined) => {
  const services = getListPublicFreelancerServicesQueryOptions(uid, LOADER_READ);
  return Promise.all([
    queryClient.prefetchQuery(getGetPublicFreelancerProfileQueryOptions(uid, LOADER_READ)),
    queryClient.prefetchQuery(services).then(() => {
      const list = queryClient.getQueryData(services.queryKey)?.data;
      const chosen = list && chosenService(list, serviceSlug);
      return chosen
        ? queryClient.prefetchQuery(
            getListPublicFreelancerProjectsQueryOptions(uid, chosen.service.slug, SERVICE_PROJECTS_PARAMS, LOADER_READ),
          )
        : undefined;
    }),
  ]);
};

/** "€80.00 an hour"; an unknown currency code is shown as it is. */
function rate(service: FreelancerPublicService): string | null {
  if (!service.hourlyRate) return null;
  const { amount, currency } = service.hourlyRate;
  try {
    return `${new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount)} an hour`;
  } catch {
    return `${amount} ${currency} an hour`;
  }
}

function ServiceProjects({ uid, service }: { uid: string; service: FreelancerPublicService }) {
  const projects = useListPublicFreelancerProjects(uid, service.service.slug, SERVICE_PROJECTS_PARAMS, LOADER_READ);
  const items = projects.data?.data.items ?? [];
  if (projects.isPending) {
    return (
      <ul className="project-grid" aria-busy="true" aria-label="Loading projects">
        {[0, 1, 2].map((key) => (
          <li key={key} className="project-card project-card--skeleton" />
        ))}
      </ul>
    );
  }
  if (projects.isError) {
    return (
      <LoadProblem
        error={projects.error}
        what="projects"
        back={{ to: '/freelancer/$uid/', params: { uid } }}
        retrying={projects.isFetching}
        onRetry={() => void projects.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return <p className="services-page__empty">No projects in {service.service.label} yet.</p>;
  }
  return (
    <ul className="project-grid">
      {items.map((project) => (
        <ProjectCard
          key={project.id}
          project={project}
          link={publicProjectLink(uid, service.service.slug, project.id)}
        />
      ))}
    </ul>
  );
}

/**
 * `/dashboard/freelancer/service/{id}/` for clients and visitors: a freelancer's services (F15),
 * one of them chosen (`?service=`, else the primary one) with its projects (F16). `id` is the
 * freelancer's user id: the contract has no call reading one service by another id.
 */
export function FreelancerServicePage({ uid, serviceSlug }: { uid: string; serviceSlug?: string }) {
  const profile = useGetPublicFreelancerProfile(uid, LOADER_READ);
  const services = useListPublicFreelancerServices(uid, LOADER_READ);
  const list = services.data?.data ?? [];
  const chosen = chosenService(list, serviceSlug);
  const person = profile.data?.data;
  return (
    <div className="container project-page project-page--wide">
      <DocumentTitle>{`${person ? `${person.displayName}: ` : ''}Freelancer service | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="project-page__title">Freelancer service</h1>
      {person && (
        <div className="freelancer-head">
          {person.avatarUrl && <img className="freelancer-head__avatar" src={person.avatarUrl} alt="" />}
          <div>
            <p className="freelancer-head__name">
              <Link to="/freelancer/$uid/" params={{ uid }}>
                {person.displayName}
              </Link>
            </p>
            {person.headline && <p className="freelancer-head__headline">{person.headline}</p>}
          </div>
        </div>
      )}
      {services.isPending ? (
        <p className="profile-form__loading" role="status">
          Loading the services…
        </p>
      ) : services.isError ? (
        <LoadProblem
          error={services.error}
          what="freelancer"
          back={{ to: '/find/professionals/' }}
          retrying={services.isFetching}
          onRetry={() => void services.refetch()}
        />
      ) : !chosen ? (
        <div className="provider-empty">
          <h2 className="provider-empty__title">No services to show yet</h2>
          <p>This freelancer has not described a service yet.</p>
        </div>
      ) : (
        <>
          {list.length > 1 && (
            <nav className="service-tabs" aria-label="Services">
              {list.map((item) => (
                <Link
                  key={item.service.slug}
                  to="/dashboard/freelancer/service/$id/"
                  params={{ id: uid }}
                  search={{ service: item.service.slug }}
                  className="service-tabs__tab"
                  aria-current={item === chosen ? 'page' : undefined}
                >
                  {item.service.label}
                  {item.isPrimary && <span className="visually-hidden"> (primary service)</span>}
                </Link>
              ))}
            </nav>
          )}
          <section className="service-summary" aria-labelledby="service-summary-title">
            <h2 id="service-summary-title" className="services-page__subtitle">
              {chosen.service.label}
            </h2>
            {chosen.description && <p className="project-details__description">{chosen.description}</p>}
            <dl className="fact-list service-summary__facts">
              {rate(chosen) && (
                <div className="fact-list__row">
                  <dt>Rate</dt>
                  <dd>{rate(chosen)}</dd>
                </div>
              )}
              {chosen.yearsOfExperience !== null && (
                <div className="fact-list__row">
                  <dt>Experience</dt>
                  <dd>{chosen.yearsOfExperience === 1 ? '1 year' : `${chosen.yearsOfExperience} years`}</dd>
                </div>
              )}
              {chosen.tools.length > 0 && (
                <div className="fact-list__row">
                  <dt>Tools</dt>
                  <dd>{chosen.tools.map((tool) => tool.name).join(', ')}</dd>
                </div>
              )}
            </dl>
            <h3 className="project-details__subtitle">Projects ({chosen.projectCount})</h3>
            <ServiceProjects key={chosen.service.slug} uid={uid} service={chosen} />
          </section>
        </>
      )}
    </div>
  );
}
