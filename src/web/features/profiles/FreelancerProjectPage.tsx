import './profiles.css';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useGetPublicFreelancerProfile, useGetPublicFreelancerProject } from '@/api/generated/freelancer/freelancer';
import type { FreelancerProjectImage } from '@/api/generated/model';
import { NotFoundPage } from '@/ui/ErrorPage';
import { fileSize } from '@/lib/format';
import { FreelancerHero } from './FreelancerProfilePage';
import { projectPeriod } from './FreelancerProjectsPage';
import { FactsPanel, ProfileLoading, ProfileProblem, TextBlock } from './ProfileSections';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** "Board pack automation, image 2 of 5". */
export function imageAlt(title: string, index: number, total: number): string {
  return total > 1 ? `${title}, image ${index + 1} of ${total}` : title;
}

/** The project's images: the chosen one large, the others as buttons below it. */
function Gallery({ title, images }: { title: string; images: readonly FreelancerProjectImage[] }) {
  const [current, setCurrent] = useState(0);
  if (images.length === 0) return null;
  const shown = images[Math.min(current, images.length - 1)]!;
  const index = images.indexOf(shown);
  return (
    <section className="project-gallery" aria-label="Images">
      <figure className="project-gallery__stage">
        <a href={shown.url} target="_blank" rel="noopener" aria-label={`Open image ${index + 1} full size`}>
          <img src={shown.url} alt={imageAlt(title, index, images.length)} width={shown.width} height={shown.height} />
        </a>
      </figure>
      {images.length > 1 && (
        <ul className="project-gallery__thumbs">
          {images.map((image, position) => (
            <li key={image.id}>
              <button
                type="button"
                className="project-gallery__thumb"
                aria-label={`Show image ${position + 1} of ${images.length}`}
                aria-pressed={position === index}
                onClick={() => setCurrent(position)}
              >
                <img src={image.thumbnailUrl} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One public project (F17). */
export function FreelancerProjectPage({ uid, sid, pid }: { uid: string; sid: string; pid: string }) {
  const profile = useGetPublicFreelancerProfile(uid, LOADER_READ);
  const result = useGetPublicFreelancerProject(uid, pid, LOADER_READ);
  if (profile.isPending || result.isPending) return <ProfileLoading />;
  if (profile.isError) return <ProfileProblem error={profile.error} what="this project" onRetry={profile.refetch} />;
  if (result.isError) return <ProfileProblem error={result.error} what="this project" onRetry={result.refetch} />;
  const person = profile.data.data;
  const project = result.data.data;
  // The project lives under its own service's path only.
  if (project.service.slug !== sid) return <NotFoundPage />;

  const facts: [string, string | null][] = [
    ['Service', project.service.label],
    ['Project size', project.projectSize.label],
    ['Role', project.role],
    ['When', projectPeriod(project.startedOn, project.completedOn)],
  ];

  return (
    <div className="profile-page">
      <DocumentTitle>{`${project.title} by ${person.displayName} | Versimarket`}</DocumentTitle>
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
          {
            label: project.service.label,
            link: (
              <Link to="/freelancer/$uid/services/$sid/projects/" params={{ uid, sid }}>
                {project.service.label}
              </Link>
            ),
          },
          { label: project.title },
        ]}
      />
      <div className="container profile-layout">
        <div className="profile-main">
          <h1 className="profile-body__title">{project.title}</h1>
          <Gallery title={project.title} images={project.images} />
          <section className="profile-panel" aria-labelledby="project-about">
            <h2 id="project-about" className="profile-panel__title">
              About the project
            </h2>
            <TextBlock text={project.description} />
          </section>
        </div>
        <aside className="profile-aside" aria-label="Project details">
          <FactsPanel id="project-facts" title="Details" rows={facts} />
          {project.tools.length > 0 && (
            <section className="profile-panel" aria-labelledby="project-tools">
              <h2 id="project-tools" className="profile-panel__title">
                Tools
              </h2>
              <ul className="profile-tools">
                {project.tools.map((tool) => (
                  <li key={tool.id} className="tag">
                    {tool.name}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {(project.url || project.files.length > 0) && (
            <section className="profile-panel" aria-labelledby="project-links">
              <h2 id="project-links" className="profile-panel__title">
                Links and files
              </h2>
              <ul className="profile-links">
                {project.url && (
                  <li>
                    <a
                      href={project.url}
                      target="_blank"
                      rel="noopener nofollow"
                      aria-label="View the project (opens in a new tab)"
                    >
                      View the project
                    </a>
                  </li>
                )}
                {project.files.map((file) => (
                  <li key={file.id}>
                    <a href={file.url} download={file.name}>
                      {file.name}
                    </a>{' '}
                    <span className="profile-links__size">{fileSize(file.size)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Link to="/freelancer/$uid/" params={{ uid }} className="button button--secondary">
            View {person.displayName}’s profile
          </Link>
        </aside>
      </div>
    </div>
  );
}
