import './profiles.css';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useGetPublicFreelancerProfile, useListPublicFreelancerProjects } from '@/api/generated/freelancer/freelancer';
import type { FreelancerProjectSummary, ProviderServiceFamilySlug } from '@/api/generated/model';
import { Pagination } from '@/ui/Pagination';
import { countOf, monthYear } from '@/lib/format';
import { FreelancerHero } from './FreelancerProfilePage';
import { ProfileLoading, ProfileProblem } from './ProfileSections';
import { projectsParams } from './publicReads';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** "May 2025 – Jul 2025", "Since May 2025". */
export function projectPeriod(startedOn: string, completedOn: string | null): string {
  return completedOn
    ? `${monthYear(startedOn)} – ${monthYear(completedOn)}`
    : `Since ${monthYear(startedOn)} (ongoing)`;
}

function ProjectCard({ uid, sid, project }: { uid: string; sid: string; project: FreelancerProjectSummary }) {
  const titleId = `project-${project.id}`;
  return (
    <article className="project-card" aria-labelledby={titleId}>
      {project.coverImageUrl ? (
        <img className="project-card__cover" src={project.coverImageUrl} alt={project.title} loading="lazy" />
      ) : (
        <div className="project-card__cover project-card__cover--empty" aria-hidden="true" />
      )}
      <div className="project-card__body">
        <h2 id={titleId} className="project-card__title">
          <Link
            className="card-title-link"
            to="/freelancer/$uid/services/$sid/projects/$pid/details/"
            params={{ uid, sid, pid: project.id }}
          >
            {project.title}
          </Link>
        </h2>
        <p className="project-card__meta">
          <span>{project.projectSize.label}</span>
          <span>{projectPeriod(project.startedOn, project.completedOn)}</span>
          {project.imageCount > 0 && <span>{countOf(project.imageCount, 'image')}</span>}
        </p>
        <p className="project-card__text">{project.excerpt}</p>
        {project.tools.length > 0 && (
          <ul className="profile-tools" aria-label="Tools">
            {project.tools.map((tool) => (
              <li key={tool.id} className="tag">
                {tool.name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** The public projects of one of a freelancer's services (F16). */
export function FreelancerProjectsPage({ uid, sid, page }: { uid: string; sid: string; page?: number }) {
  const profile = useGetPublicFreelancerProfile(uid, LOADER_READ);
  const projects = useListPublicFreelancerProjects(uid, sid as ProviderServiceFamilySlug, projectsParams(page), {
    query: { ...LOADER_READ.query, placeholderData: keepPreviousData },
  });
  if (profile.isPending || projects.isPending) return <ProfileLoading />;
  if (profile.isError) return <ProfileProblem error={profile.error} what="these projects" onRetry={profile.refetch} />;
  if (projects.isError) {
    return <ProfileProblem error={projects.error} what="these projects" onRetry={projects.refetch} />;
  }
  const person = profile.data.data;
  const { items, pagination } = projects.data.data;
  const serviceLabel =
    items[0]?.service.label ??
    [person.primaryService, ...person.otherServices].find((service) => service.slug === sid)?.label ??
    sid;

  return (
    <div className="profile-page">
      <DocumentTitle>{`${serviceLabel} projects by ${person.displayName} | Versimarket`}</DocumentTitle>
      <FreelancerHero
        profile={person}
        crumbs={[
          {
            label: 'Services',
            link: (
              <Link to="/freelancer/$uid/services/" params={{ uid }}>
                Services
              </Link>
            ),
          },
          { label: serviceLabel },
        ]}
      />
      <div className="container profile-body">
        <div className="profile-body__head">
          <h1 className="profile-body__title">{serviceLabel} projects</h1>
          <p className="profile-body__count">{countOf(pagination.total, 'project')}</p>
        </div>
        {items.length === 0 ? (
          <div className="result-state">
            <p>
              {pagination.total > 0
                ? `There is no page ${page ?? 1}.`
                : `${person.displayName} has not added projects to this service yet.`}
            </p>
            <Link to="/freelancer/$uid/services/" params={{ uid }} className="button button--secondary">
              All services
            </Link>
          </div>
        ) : (
          <ul className="project-grid">
            {items.map((project) => (
              <li key={project.id}>
                <ProjectCard uid={uid} sid={sid} project={project} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={pagination.page}
          totalPages={pagination.totalPages}
          renderLink={(target, children, props) => (
            <Link
              to="/freelancer/$uid/services/$sid/projects/"
              params={{ uid, sid }}
              search={target > 1 ? { page: target } : {}}
              {...props}
            >
              {children}
            </Link>
          )}
        />
      </div>
    </div>
  );
}
