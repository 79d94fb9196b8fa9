import './profiles.css';
import { Link } from '@tanstack/react-router';
import { useGetPublicFreelancerProfile, useListPublicFreelancerServices } from '@/api/generated/freelancer/freelancer';
import type { FreelancerPublicService } from '@/api/generated/model';
import { countOf, formatRate, yearsLabel } from '@/lib/format';
import { FreelancerHero } from './FreelancerProfilePage';
import { ProfileLoading, ProfileProblem } from './ProfileSections';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

function ServiceCard({ uid, service }: { uid: string; service: FreelancerPublicService }) {
  const titleId = `service-${service.service.slug}`;
  return (
    <article className="service-card" aria-labelledby={titleId}>
      {service.coverImageUrl ? (
        <img
          className="service-card__cover"
          src={service.coverImageUrl}
          alt={`A project in ${service.service.label}`}
          loading="lazy"
        />
      ) : (
        <div className="service-card__cover service-card__cover--empty" aria-hidden="true">
          {service.service.label}
        </div>
      )}
      <div className="service-card__body">
        <h2 id={titleId} className="service-card__title">
          {service.service.label}
          {service.isPrimary && <span className="profile-pill">Primary</span>}
        </h2>
        <dl className="service-card__facts">
          <div>
            <dt>Hourly rate</dt>
            <dd>{formatRate(service.hourlyRate)}</dd>
          </div>
          <div>
            <dt>Experience</dt>
            <dd>{yearsLabel(service.yearsOfExperience)}</dd>
          </div>
        </dl>
        {service.description && <p className="service-card__text">{service.description}</p>}
        {service.tools.length > 0 && (
          <ul className="profile-tools" aria-label={`Tools for ${service.service.label}`}>
            {service.tools.map((tool) => (
              <li key={tool.id} className="tag">
                {tool.name}
              </li>
            ))}
          </ul>
        )}
        {service.projectCount > 0 ? (
          <Link
            to="/freelancer/$uid/services/$sid/projects/"
            params={{ uid, sid: service.service.slug }}
            className="button button--secondary service-card__action"
            aria-label={`See ${countOf(service.projectCount, 'project')} in ${service.service.label}`}
          >
            See {countOf(service.projectCount, 'project')}
          </Link>
        ) : (
          <p className="profile-empty">No projects in this service yet.</p>
        )}
      </div>
    </article>
  );
}

/** The public list of a freelancer's services (F15). */
export function FreelancerServicesPage({ uid }: { uid: string }) {
  const profile = useGetPublicFreelancerProfile(uid, LOADER_READ);
  const services = useListPublicFreelancerServices(uid, LOADER_READ);
  if (profile.isPending || services.isPending) return <ProfileLoading />;
  if (profile.isError) return <ProfileProblem error={profile.error} what="these services" onRetry={profile.refetch} />;
  if (services.isError) {
    return <ProfileProblem error={services.error} what="these services" onRetry={services.refetch} />;
  }
  const person = profile.data.data;
  const list = services.data.data;

  return (
    <div className="profile-page">
      <DocumentTitle>{`Services by ${person.displayName} | Versimarket`}</DocumentTitle>
      <FreelancerHero profile={person} crumbs={[{ label: 'Services' }]} />
      <div className="container profile-body">
        <h1 className="profile-body__title">Services by {person.displayName}</h1>
        {list.length === 0 ? (
          <div className="result-state">
            <p>{person.displayName} has not described any services yet.</p>
          </div>
        ) : (
          <ul className="service-grid">
            {list.map((service) => (
              <li key={service.service.slug}>
                <ServiceCard uid={uid} service={service} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
