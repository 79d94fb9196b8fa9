import { Link } from '@tanstack/react-router';
import { PATHS } from '@/lib/paths';
import { ArrowIcon, BuildingIcon, GemIcon } from '@/ui/icons';

export function AudienceCtas() {
  return (
    <section className="section" aria-labelledby="join-title">
      <div className="container">
        <h2 id="join-title" className="visually-hidden">
          Join Versimarket
        </h2>
        <div className="cta-grid">
          <article className="cta-panel cta-panel--business" aria-labelledby="cta-business-title">
            <span className="cta-panel__icon">
              <BuildingIcon />
            </span>
            <h3 id="cta-business-title" className="cta-panel__title">
              Showcase your business
            </h3>
            <p className="cta-panel__text">
              List your firm in the business directory for free and show your services, locations and references. Paid
              plans let you answer more requests and put you in front of more clients.
            </p>
            <div className="cta-panel__actions">
              <Link to={PATHS.businessListing} className="button button--light">
                List your business
                <ArrowIcon />
              </Link>
              <Link to={PATHS.pricing} className="button button--outline-light">
                See plans
              </Link>
            </div>
          </article>
          <article className="cta-panel cta-panel--freelancer" aria-labelledby="cta-freelancer-title">
            <span className="cta-panel__icon">
              <GemIcon />
            </span>
            <h3 id="cta-freelancer-title" className="cta-panel__title">
              Freelance on your terms
            </h3>
            <p className="cta-panel__text">
              Join for free, build your profile and find the requests you want to answer. Versigems, the credits for
              proposals and unlocking requests, come in bundles with bonus versigems.
            </p>
            <div className="cta-panel__actions">
              <Link to={PATHS.freelancerSignup} className="button button--primary">
                Join as a freelancer
                <ArrowIcon />
              </Link>
              <Link to={PATHS.pricing} hash="versigems" className="button button--secondary">
                Versigems prices
              </Link>
            </div>
          </article>
        </div>
      </div>
    </section>
  );
}
