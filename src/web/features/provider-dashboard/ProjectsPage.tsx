import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import { useGetFreelancerProject, useListFreelancerServiceProjects } from '@/api/generated/freelancer/freelancer';
import type { FreelancerProjectSummary } from '@/api/generated/model';
import { formatSize } from '@/forms/uploadRules';
import { useAuth } from '@/lib/auth';
import { monthYear } from '@/lib/format';
import { PRODUCT_NAME } from '@/ui/Logo';
import { LoadProblem } from './LoadProblem';
import { editProjectLink, projectLink, projectsLink } from './paths';
import { serviceName } from './serviceName';
import './provider-dashboard.css';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

export const PROJECTS_PAGE_SIZE = 12;

/** A page of a service's projects, as the projects page and its route's loader ask for it. */
export const serviceProjectsParams = (page = 1) => ({ page, pageSize: PROJECTS_PAGE_SIZE });

/** "Sep 2025 to Jan 2026", or "Since Sep 2025, ongoing". */
export function projectDates(startedOn: string, completedOn: string | null | undefined): string {
  return completedOn
    ? `${monthYear(startedOn)} to ${monthYear(completedOn)}`
    : `Since ${monthYear(startedOn)}, ongoing`;
}

interface ProjectCardProps<TLink = unknown, TEditLink = unknown> {
  project: FreelancerProjectSummary;
  /** The project's page: the freelancer's own, or the public one. */
  link: ValidateLinkOptions<RegisteredRouter, TLink>;
  /** The owner's edit page, when the card is the owner's. */
  editLink?: ValidateLinkOptions<RegisteredRouter, TEditLink>;
}

/** A project in a grid. The links are checked against the route tree where the card is used. */
export function ProjectCard<TLink, TEditLink>(props: ProjectCardProps<TLink, TEditLink>): React.ReactNode;
export function ProjectCard({ project, link, editLink }: ProjectCardProps) {
  return (
    <li className="project-card">
      <div className="project-card__cover">
        {project.coverImageUrl ? <img src={project.coverImageUrl} alt="" loading="lazy" /> : null}
      </div>
      <div className="project-card__body">
        <h3 className="project-card__title">
          <Link {...link} className="card-title-link">
            {project.title}
          </Link>
        </h3>
        <p className="project-card__meta">
          {project.projectSize.label} · {projectDates(project.startedOn, project.completedOn)}
        </p>
        <p className="project-card__excerpt">{project.excerpt}</p>
        {project.tools.length > 0 && (
          <ul className="project-card__tools" aria-label="Tools">
            {project.tools.map((tool) => (
              <li key={tool.id}>{tool.name}</li>
            ))}
          </ul>
        )}
        {editLink && (
          <div className="project-card__actions">
            <Link {...editLink} className="link-button" aria-label={`Edit ${project.title}`}>
              Edit
            </Link>
          </div>
        )}
      </div>
    </li>
  );
}

function PageLinks({ page, totalPages, serviceSlug }: { page: number; totalPages: number; serviceSlug: string }) {
  if (totalPages <= 1) return null;
  const link = (target: number) =>
    ({
      to: '/dashboard/services/$sid/projects/',
      params: { sid: serviceSlug },
      search: target <= 1 ? {} : { page: target },
    }) as const;
  return (
    <nav className="project-pages" aria-label="Pages">
      {page > 1 ? (
        <Link {...link(page - 1)} className="button button--secondary button--small">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link {...link(page + 1)} className="button button--secondary button--small">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `/dashboard/services/{sid}/projects/` (F12): the projects of one of the freelancer's services. */
export function ProjectsPage({ serviceSlug, page = 1 }: { serviceSlug: string; page?: number }) {
  const { user } = useAuth();
  const name = serviceName(user, serviceSlug);
  const projects = useListFreelancerServiceProjects(
    serviceSlug as Parameters<typeof useListFreelancerServiceProjects>[0],
    serviceProjectsParams(page),
    LOADER_READ,
  );
  const items = projects.data?.data.items ?? [];
  const pagination = projects.data?.data.pagination;
  return (
    <div className="container project-page project-page--wide">
      <DocumentTitle>{`Projects: ${name} | ${PRODUCT_NAME}`}</DocumentTitle>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/dashboard/services/">Your services</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <div className="project-page__head">
        <div>
          <h1 className="project-page__title">Projects</h1>
          <p className="project-page__lead">
            Your portfolio in {name}
            {pagination ? ` · ${pagination.total === 1 ? '1 project' : `${pagination.total} projects`}` : ''}
          </p>
        </div>
        <Link
          to="/dashboard/services/$sid/projects/add/"
          params={{ sid: serviceSlug }}
          className="button button--primary"
        >
          Add a project
        </Link>
      </div>
      {projects.isPending ? (
        <ul className="project-grid" aria-busy="true" aria-label="Loading projects">
          {[0, 1, 2].map((key) => (
            <li key={key} className="project-card project-card--skeleton" />
          ))}
        </ul>
      ) : projects.isError ? (
        <LoadProblem
          error={projects.error}
          what="service"
          back={{ to: '/dashboard/services/' }}
          retrying={projects.isFetching}
          onRetry={() => void projects.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="provider-empty">
          <h2 className="provider-empty__title">No projects in {name} yet</h2>
          <p>Clients choose providers whose work they can see. Add a project with a few images of the result.</p>
          <Link
            to="/dashboard/services/$sid/projects/add/"
            params={{ sid: serviceSlug }}
            className="button button--primary"
          >
            Add your first project
          </Link>
        </div>
      ) : (
        <>
          <ul className="project-grid">
            {items.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                link={projectLink(serviceSlug, project.id)}
                editLink={editProjectLink(serviceSlug, project.id)}
              />
            ))}
          </ul>
          {pagination && <PageLinks page={page} totalPages={pagination.totalPages} serviceSlug={serviceSlug} />}
        </>
      )}
    </div>
  );
}

/** `/dashboard/services/{sid}/projects/{pid}/details/` (F13): one project, whole. */
export function ProjectDetailsPage({ serviceSlug, projectId }: { serviceSlug: string; projectId: string }) {
  const { user } = useAuth();
  const query = useGetFreelancerProject(projectId, LOADER_READ);
  const project = query.data?.data;
  const title = project?.title ?? 'Project details';
  return (
    <div className="container project-page">
      <DocumentTitle>{`${title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/dashboard/services/">Your services</Link>
          </li>
          <li>
            <Link to="/dashboard/services/$sid/projects/" params={{ sid: serviceSlug }}>
              {serviceName(user, serviceSlug)}
            </Link>
          </li>
          <li aria-current="page">Project details</li>
        </ol>
      </nav>
      {query.isPending ? (
        <>
          <h1 className="project-page__title">Project details</h1>
          <p className="profile-form__loading" role="status">
            Loading the project…
          </p>
        </>
      ) : query.isError || !project ? (
        <>
          <h1 className="project-page__title">Project details</h1>
          <LoadProblem
            error={query.error}
            what="project"
            back={projectsLink(serviceSlug)}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        </>
      ) : (
        <article className="project-details">
          <div className="project-page__head">
            <div>
              <p className="project-details__service">{project.service.label}</p>
              <h1 className="project-page__title">{project.title}</h1>
            </div>
            <Link
              to="/dashboard/services/$sid/projects/$pid/edit/"
              params={{ sid: serviceSlug, pid: project.id }}
              className="button button--primary"
            >
              Edit project
            </Link>
          </div>
          {project.images.length > 0 && (
            <ul className="project-gallery" aria-label="Images">
              {project.images.map((image, index) => (
                <li key={image.id} className={index === 0 ? 'project-gallery__cover' : undefined}>
                  <a href={image.url} target="_blank" rel="noreferrer">
                    <img src={index === 0 ? image.url : image.thumbnailUrl} alt={image.name} />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <dl className="fact-list project-details__facts">
            <div className="fact-list__row">
              <dt>Project size</dt>
              <dd>{project.projectSize.label}</dd>
            </div>
            <div className="fact-list__row">
              <dt>Dates</dt>
              <dd>{projectDates(project.startedOn, project.completedOn)}</dd>
            </div>
            {project.role && (
              <div className="fact-list__row">
                <dt>Your role</dt>
                <dd>{project.role}</dd>
              </div>
            )}
            {project.url && (
              <div className="fact-list__row">
                <dt>Link</dt>
                <dd>
                  <a href={project.url} target="_blank" rel="noreferrer">
                    {project.url}
                  </a>
                </dd>
              </div>
            )}
            {project.tools.length > 0 && (
              <div className="fact-list__row">
                <dt>Tools</dt>
                <dd>{project.tools.map((tool) => tool.name).join(', ')}</dd>
              </div>
            )}
          </dl>
          <h2 className="project-details__subtitle">About the project</h2>
          <p className="project-details__description">{project.description}</p>
          {project.files.length > 0 && (
            <>
              <h2 className="project-details__subtitle">Documents</h2>
              <ul className="attachments__list" aria-label="Documents">
                {project.files.map((file) => (
                  <li key={file.id} className="attachments__item">
                    <a className="attachments__name" href={file.url} target="_blank" rel="noreferrer">
                      {file.name}
                    </a>
                    <span className="attachments__meta">{formatSize(file.size)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </article>
      )}
    </div>
  );
}
