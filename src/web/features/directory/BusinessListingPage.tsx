import './directory.css';
import { Link } from '@tanstack/react-router';
import { useListPublicBusinessProfiles } from '@/api/generated/business/business';
import { useAccountType } from '@/lib/auth';
import { PATHS } from '@/lib/paths';
import { BusinessCard } from './ProviderCards';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** How many listed businesses the page shows as examples. */
const EXAMPLES = 3;

const POINTS = [
  {
    title: 'A public company page',
    text: 'Your logo, tagline, description, services, offices, team size, rates and social profiles on one page clients can share.',
  },
  {
    title: 'Found by service and place',
    text: 'Clients filter the business directory by service, country, hourly rate, minimum project size and team size.',
  },
  {
    title: 'Reviews from your references',
    text: 'Ask past clients for a review through a personal link; the reviews and references you make visible appear on your page.',
  },
  {
    title: 'Answer client requests',
    text: 'Clients post requests in six service families. Find the ones that fit and send a proposal.',
  },
];

const STEPS = [
  { title: 'Create a business account', text: 'Your company name, email and a password.' },
  { title: 'Verify your email', text: 'Open the link we send you.' },
  {
    title: 'Complete your profile',
    text: 'Company details, a contact person, about and services, locations and social profiles.',
  },
  { title: 'Appear in the directory', text: 'Your page is listed as soon as the profile is complete.' },
];

/** List Your Business (the Business menu): what a listing is and how to get one. */
export function BusinessListingPage() {
  const accountType = useAccountType();
  const examples = useListPublicBusinessProfiles({ sort: 'rating', pageSize: EXAMPLES });
  const listed = examples.data?.data.items ?? [];

  let action;
  if (accountType === 'business') {
    action = (
      <Link to={PATHS.dashboard} className="button button--primary button--large">
        Go to your dashboard
      </Link>
    );
  } else if (accountType) {
    action = (
      <p className="listing-hero__lead">
        You are signed in with a {accountType} account. A business needs an account of its own: sign out, then create
        one.
      </p>
    );
  } else {
    action = (
      <Link to={PATHS.businessSignup} className="button button--primary button--large">
        List your business
      </Link>
    );
  }

  return (
    <div className="listing-page">
      <DocumentTitle>List your business | Versimarket</DocumentTitle>
      <header className="listing-hero">
        <div className="container">
          <p className="eyebrow">For businesses</p>
          <h1 className="listing-hero__title">List your business where clients look for help</h1>
          <p className="listing-hero__lead">
            Agencies, consultancies and firms get a public company page and a place in the business directory, and can
            answer the requests clients post.
          </p>
          <div className="listing-hero__actions">
            {action}
            <Link to="/find/businesses/" className="button button--secondary button--large">
              See the directory
            </Link>
          </div>
        </div>
      </header>

      <section className="container listing-section" aria-labelledby="listing-what">
        <h2 id="listing-what" className="listing-section__title">
          What a listing gives you
        </h2>
        <ul className="listing-points">
          {POINTS.map((point) => (
            <li key={point.title} className="listing-point">
              <h3 className="listing-point__title">{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container listing-section" aria-labelledby="listing-how">
        <h2 id="listing-how" className="listing-section__title">
          How to get listed
        </h2>
        <ol className="listing-steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <span>
                <strong>{step.title}</strong>
                <span>{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      {listed.length > 0 && (
        <section className="container listing-section" aria-labelledby="listing-examples">
          <h2 id="listing-examples" className="listing-section__title">
            Businesses already listed
          </h2>
          <ul className="result-list">
            {listed.map((business) => (
              <li key={business.companyId}>
                <BusinessCard business={business} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {!accountType && (
        <section className="container listing-section">
          <div className="listing-cta">
            <h2>Ready to be found?</h2>
            <p>
              Sign up, complete your profile and your page goes live. Listing is free;{' '}
              <Link to={PATHS.pricing}>paid plans</Link> let you answer more requests.
            </p>
            <Link to={PATHS.businessSignup} className="button button--light">
              Create a business account
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
