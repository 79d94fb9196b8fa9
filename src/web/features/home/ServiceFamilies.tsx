import { Link } from '@tanstack/react-router';
import { PATHS, newRequestLink } from '@/lib/paths';
import { ArrowIcon, FamilyIcon } from '@/ui/icons';
import { FamilyListProblem, useServiceFamilyList } from '@/ui/serviceFamilyList';
import { useAccountType } from '@/lib/auth';
import { FIND_JOB, isVisibleFor } from '@/ui/navigation';

/** While the families load: as many cards as the catalogue has had so far, so the grid does not jump. */
const PLACEHOLDER_CARDS = 6;

function PlaceholderCards() {
  return (
    <ul className="family-grid" aria-busy="true" aria-label="Loading the service families">
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
        <li key={index} className="family-card family-card--placeholder" aria-hidden="true">
          <span className="family-card__icon" />
          <span className="skeleton-shape skeleton-shape--title" />
          <span className="skeleton-shape skeleton-shape--long" />
          <span className="skeleton-shape skeleton-shape--line" />
        </li>
      ))}
    </ul>
  );
}

export function ServiceFamilies() {
  const accountType = useAccountType();
  const list = useServiceFamilyList();
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
        {list.status === 'pending' && <PlaceholderCards />}
        {list.status === 'error' && <FamilyListProblem />}
        {list.status === 'success' && (
          <ul className="family-grid">
            {list.families.map((family) => (
              <li key={family.slug} className="family-card">
                <span className="family-card__icon">
                  <FamilyIcon name={family.icon} />
                </span>
                <h3 className="family-card__title">
                  <Link {...newRequestLink(family.slug)} className="family-card__link">
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
        )}
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
