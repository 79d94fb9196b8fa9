import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAccountType } from '@/lib/auth';
import { PATHS, professionalsSearchLink } from '@/lib/paths';
import { ArrowIcon, CheckIcon, SearchIcon } from '@/ui/icons';

const POPULAR_SEARCHES = ['NetSuite', 'React', 'Power BI', 'Financial reporting', 'Shopify'];

function HeroSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(professionalsSearchLink(query));
  };

  return (
    <form
      className="hero-search search-box"
      role="search"
      action={PATHS.findProfessionals}
      method="get"
      onSubmit={onSubmit}
    >
      <label htmlFor="hero-search-input" className="visually-hidden">
        Search professionals by skill, tool or service
      </label>
      <span className="search-box__icon">
        <SearchIcon />
      </span>
      <input
        id="hero-search-input"
        className="search-box__input"
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search skills, tools or services"
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary hero-search__submit">
        Search
      </button>
    </form>
  );
}

/** A decorative glimpse of the product: a request and the proposals it drew. */
function HeroPreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="preview-card preview-card--request">
        <div className="preview-card__header">
          <span className="preview-pill">New request</span>
          <span className="preview-muted">Finance Transformation</span>
        </div>
        <p className="preview-card__title">Month-end close automation in NetSuite</p>
        <div className="preview-meta">
          <span>Budget $8k–$12k</span>
          <span>6 weeks</span>
          <span>Remote</span>
        </div>
        <div className="preview-progress">
          <span className="preview-progress__bar" />
        </div>
        <p className="preview-muted">4 proposals received</p>
      </div>
      <div className="preview-card preview-card--proposal">
        <span className="preview-avatar preview-avatar--a">AK</span>
        <div>
          <p className="preview-card__name">Amara K. · NetSuite consultant</p>
          <p className="preview-muted">★★★★★ 4.9 · 31 reviews</p>
        </div>
        <span className="preview-price">$9,400</span>
      </div>
      <div className="preview-card preview-card--proposal preview-card--offset">
        <span className="preview-avatar preview-avatar--b">LF</span>
        <div>
          <p className="preview-card__name">Ledgerline Partners · Business</p>
          <p className="preview-muted">★★★★★ 5.0 · 12 reviews</p>
        </div>
        <span className="preview-price">$11,200</span>
      </div>
      <div className="preview-toast">
        <CheckIcon />
        Proposal accepted
      </div>
    </div>
  );
}

export function Hero() {
  const accountType = useAccountType();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">Freelancers · Consultants · Service businesses</p>
          <h1 id="hero-title" className="hero__title">
            Hire proven experts for the work that <span className="hero__highlight">moves your business</span>
          </h1>
          <p className="hero__lead">
            Post a request, compare proposals from vetted freelancers and firms, and hire with confidence, from a new
            website to a finance transformation.
          </p>
          <HeroSearch />
          <div className="hero__popular">
            <span className="hero__popular-label">Popular:</span>
            <ul className="chip-list">
              {POPULAR_SEARCHES.map((term) => (
                <li key={term}>
                  <Link {...professionalsSearchLink(term)} className="chip">
                    {term}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="hero__actions">
            <Link to={PATHS.newRequest} className="button button--primary button--large">
              Post a request
              <ArrowIcon />
            </Link>
            {accountType !== 'client' && (
              <Link to={PATHS.findJobs} className="button button--secondary button--large">
                Find work
              </Link>
            )}
          </div>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
