import { Link } from '@tanstack/react-router';
import { useAccountType } from '@/lib/auth';
import { newRequestLink, PATHS } from '@/lib/paths';
import { FIND_JOB, isVisibleFor } from '@/ui/navigation';
import { ArrowIcon, CheckIcon, FamilyIcon } from '@/ui/icons';
import type { CatalogueServiceFamily } from '@/api/generated/model';
import { FamilyListPending, FamilyListProblem, useServiceFamilyList } from '@/ui/serviceFamilyList';
import { ContentHero, PageTitle } from '@/ui/ContentHero';
import { SPECIALIST_PRODUCTS } from './serviceCatalogue';

function FamilySection({ family, showJobs }: { family: CatalogueServiceFamily; showJobs: boolean }) {
  const titleId = `${family.slug}-title`;
  const page = family.servicesPage;
  const areas = page?.areas ?? [];
  return (
    <section id={family.slug} className="service-family" aria-labelledby={titleId}>
      <div className="service-family__intro">
        <span className="service-family__icon">
          <FamilyIcon name={family.icon} />
        </span>
        <h2 id={titleId} className="service-family__title">
          {family.name}
        </h2>
        <p className="service-family__tagline">{family.description}</p>
        {page && <p className="service-family__overview">{page.overview}</p>}
        {areas.length > 0 && (
          <div className="service-family__areas">
            <h3 className="content-subheading">Start in a specific area</h3>
            <ul className="chip-list">
              {areas.map((area) => (
                <li key={area.subFamily}>
                  <Link {...newRequestLink(family.slug, area.subFamily)} className="chip">
                    {area.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="content-actions">
          <Link {...newRequestLink(family.slug)} className="button button--primary">
            Post a request <span className="visually-hidden">for {family.name}</span>
            <ArrowIcon />
          </Link>
          <Link to={PATHS.findProfessionals} className="button button--secondary">
            Find professionals <span className="visually-hidden">for {family.name}</span>
          </Link>
          {showJobs && (
            <Link to="/find/$service/jobs/" params={{ service: family.slug }} className="button button--secondary">
              Browse jobs <span className="visually-hidden">in {family.name}</span>
            </Link>
          )}
        </div>
      </div>
      {page && (
        <div className="service-family__details">
          <div className="content-panel">
            <h3 className="content-subheading">Typical projects</h3>
            <ul className="content-check-list">
              {page.typicalProjects.map((project) => (
                <li key={project}>
                  <CheckIcon />
                  {project}
                </li>
              ))}
            </ul>
          </div>
          <div className="content-panel">
            <h3 className="content-subheading">Tools and skills</h3>
            <ul className="tag-list">
              {page.toolsAndSkills.map((skill) => (
                <li key={skill} className="tag">
                  {skill}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}

export function ServicesPage() {
  // Clients do not look for work (the navigation hides Find Job from them too).
  const showJobs = isVisibleFor(FIND_JOB, useAccountType());
  const list = useServiceFamilyList();
  if (list.status === 'pending') return <FamilyListPending title="All services" />;
  const families = list.families ?? [];
  return (
    <>
      <PageTitle>All services</PageTitle>
      <ContentHero
        titleId="services-title"
        eyebrow="All services"
        title="Services for the work that moves your business"
        lead={
          <p>
            Our service families and two specialist programmes. Pick the one that fits, describe what you need, and
            freelancers and service businesses answer with proposals you can compare.
          </p>
        }
      >
        <div className="content-actions">
          <Link to={PATHS.newRequest} className="button button--primary button--large">
            Post a request
            <ArrowIcon />
          </Link>
          <Link to={PATHS.findProfessionals} className="button button--secondary button--large">
            Find professionals
          </Link>
          {showJobs && (
            <Link to={PATHS.findJobs} className="button button--secondary button--large">
              Browse jobs
            </Link>
          )}
        </div>
      </ContentHero>

      <nav className="content-jump" aria-label="Service families">
        <div className="container">
          <ul className="chip-list">
            {families.map((family) => (
              <li key={family.slug}>
                <Link to={PATHS.services} hash={family.slug} className="chip">
                  {family.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={PATHS.services} hash="specialist-programmes" className="chip">
                NetSuite and React
              </Link>
            </li>
          </ul>
        </div>
      </nav>

      <div className="container service-families">
        {list.status === 'error' && <FamilyListProblem />}
        {families.map((family) => (
          <FamilySection key={family.slug} family={family} showJobs={showJobs} />
        ))}
      </div>

      <section
        id="specialist-programmes"
        className="content-section section--tinted"
        aria-labelledby="specialist-title"
      >
        <div className="container">
          <header className="section-header content-section__header">
            <p className="eyebrow">Specialist programmes</p>
            <h2 id="specialist-title">NetSuite and React, with their own request flows</h2>
            <p className="section-header__lead">
              Two areas where clients ask for something specific often enough that they get a page of their own.
            </p>
          </header>
          <div className="content-grid content-grid--two">
            {SPECIALIST_PRODUCTS.map((product) => (
              <article
                key={product.id}
                className={`programme-card programme-card--${product.id}`}
                aria-labelledby={`programme-${product.id}-title`}
              >
                <h3 id={`programme-${product.id}-title`} className="programme-card__title">
                  {product.name}
                </h3>
                <p>{product.summary}</p>
                <ul className="content-check-list content-check-list--light">
                  {product.points.map((point) => (
                    <li key={point}>
                      <CheckIcon />
                      {point}
                    </li>
                  ))}
                </ul>
                <Link to={product.to} className="button button--light">
                  {product.cta}
                  <ArrowIcon />
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="content-section" aria-labelledby="services-unsure-title">
        <div className="container">
          <div className="content-band">
            <div>
              <h2 id="services-unsure-title" className="content-band__title">
                Not sure which family fits?
              </h2>
              <p className="content-band__text">
                Start a request anyway: the first step asks what kind of work it is, and you can describe the rest in
                your own words. The Help Center explains what happens after you post.
              </p>
            </div>
            <div className="content-actions">
              <Link to={PATHS.newRequest} className="button button--light">
                Post a request
                <ArrowIcon />
              </Link>
              <Link to={PATHS.helpCenter} hash="for-clients" className="button button--outline-light">
                Help for clients
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
