import { Link } from '@tanstack/react-router';
import { PATHS, newRequestPath } from '@/lib/paths';
import { ArrowIcon, FamilyIcon } from '@/ui/icons';
import { SERVICE_FAMILIES } from '@/lib/serviceFamilies';
import { useAccountType } from '@/lib/auth';
import { FIND_JOB, isVisibleFor } from '@/ui/navigation';

export function ServiceFamilies() {
  const accountType = useAccountType();
  return (
    <section className="section" aria-labelledby="families-title">
      <div className="container">
        <header className="section-header">
          <p className="eyebrow">Services</p>
          <h2 id="families-title">Whatever you are building, start here</h2>
          <p className="section-header__lead">
            Pick a service family and describe what you need. Matching professionals and businesses answer with
            proposals.
          </p>
        </header>
        <ul className="family-grid">
          {SERVICE_FAMILIES.map((family) => (
            <li key={family.slug} className="family-card">
              <span className="family-card__icon">
                <FamilyIcon slug={family.slug} />
              </span>
              <h3 className="family-card__title">
                <Link to={newRequestPath(family.slug)} className="family-card__link">
                  {family.name}
                </Link>
              </h3>
              <p className="family-card__description">{family.description}</p>
              <span className="family-card__cta" aria-hidden="true">
                Start a request <ArrowIcon />
              </span>
            </li>
          ))}
        </ul>
        <p className="section-footnote">
          <Link to={PATHS.services} className="text-link">
            Browse all services <ArrowIcon />
          </Link>
          {isVisibleFor(FIND_JOB, accountType) && (
            <>
              <span aria-hidden="true">{'  ·  '}</span>
              <Link to={PATHS.findJobs} className="text-link">
                Browse jobs <ArrowIcon />
              </Link>
            </>
          )}
        </p>
      </div>
    </section>
  );
}
