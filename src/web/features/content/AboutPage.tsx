import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BRAND } from '@/../shared/brand';
import { PATHS, type AppPath } from '@/lib/paths';
import {
  ArrowIcon,
  BriefcaseIcon,
  BuildingIcon,
  CardIcon,
  EyeIcon,
  GemIcon,
  LockIcon,
  ShieldIcon,
  StarIcon,
  UserIcon,
} from '@/ui/icons';
import { FamilyListPending, FamilyListProblem, useServiceFamilyList } from '@/ui/serviceFamilyList';
import { ContentHero, PageTitle } from '@/ui/ContentHero';
import { StepsSection, type ContentStep } from '@/ui/StepsSection';

interface Audience {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  costs: string;
  cta: { label: string; to: AppPath };
}

const AUDIENCES: readonly Audience[] = [
  {
    id: 'clients',
    icon: <UserIcon />,
    title: 'Clients',
    text: 'Companies and individuals who need work done. Post a request, receive proposals from freelancers and businesses, message them, and choose who to hire.',
    costs: 'Posting requests and receiving proposals costs clients nothing.',
    cta: { label: 'Join as a client', to: PATHS.clientSignup },
  },
  {
    id: 'freelancers',
    icon: <BriefcaseIcon />,
    title: 'Freelancers',
    text: 'Independent consultants and specialists. Build a profile with your services and portfolio projects, find requests that match your skills and answer them with proposals.',
    costs:
      'A profile is free. Versigems, the credits for sending proposals and unlocking requests, come in bundles paid by card; every new account starts with 10.',
    cta: { label: 'Join as a freelancer', to: PATHS.freelancerSignup },
  },
  {
    id: 'businesses',
    icon: <BuildingIcon />,
    title: 'Businesses',
    text: 'Agencies, consultancies and firms. List your company with its services, locations and references, answer requests, and get found in the business directory.',
    costs:
      'Listing is free. Paid plans, billed monthly or yearly, let you send more proposals and can put you first in the business directory.',
    cta: { label: 'Join as a business', to: PATHS.businessSignup },
  },
];

const STEPS: readonly ContentStep[] = [
  {
    title: 'A client posts a request',
    text: 'Guided questions for each service family capture the scope, budget, timing and tools, so providers know what is being asked.',
  },
  {
    title: 'Providers answer with proposals',
    text: 'Freelancers and businesses who work in that area read the request and send a proposal with their approach, timeline and price.',
  },
  {
    title: 'Both sides talk it through',
    text: 'Clients and providers message each other on Versimarket to settle the details before anyone commits.',
  },
  {
    title: 'The client hires',
    text: 'The client accepts the proposal that fits best. The agreement on the work is between the client and the provider.',
  },
  {
    title: 'The work earns a review',
    text: 'When the job is done, the provider sends the client a personal review link. The review then appears on the provider’s profile.',
  },
];

const VALUES: readonly { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <EyeIcon />,
    title: 'Transparency',
    text: 'Proposals show scope, timeline and price side by side. When plans and versigems go on sale, what each costs will be shown before checkout, and our terms say plainly what is and is not refundable.',
  },
  {
    icon: <StarIcon />,
    title: 'Reviews you can trust',
    text: 'A review can only be left through a personal token link that is sent to the client by email. Nobody can rate a provider just by visiting their profile.',
  },
  {
    icon: <GemIcon />,
    title: 'Fair pricing',
    text: 'Clients do not pay to post, and profiles are free. When versigems and plans go on sale, freelancers will buy versigems only when they want to answer more requests, and businesses will choose the plan that matches how visible they want to be.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Verified accounts',
    text: 'Every member confirms their email address before they start, and providers show their services, past projects and references on their profile.',
  },
  {
    icon: <CardIcon />,
    title: 'Secure payments',
    text: 'Card payments run through a certified card payment provider. Your card number goes to the provider, never to our servers.',
  },
  {
    icon: <LockIcon />,
    title: 'Your data, used for the service',
    text: 'We use personal data to run the marketplace and keep it safe. We do not sell it, and the only cookie we set is the one that keeps you signed in.',
  },
];

export function AboutPage() {
  const list = useServiceFamilyList();
  if (list.status === 'pending') return <FamilyListPending title="About us" />;
  return (
    <>
      <PageTitle>About us</PageTitle>
      <ContentHero
        titleId="about-title"
        eyebrow="About us"
        title="A marketplace for skilled work, built on trust"
        lead={
          <p>
            {BRAND.productName} connects clients who need expert help with the freelancers and service businesses who
            can deliver it, from a new website to a finance transformation.
          </p>
        }
      />

      <section className="content-section" aria-labelledby="about-what-title">
        <div className="container content-split">
          <div className="content-prose">
            <h2 id="about-what-title">What {BRAND.productName} is</h2>
            <p>
              {BRAND.productName} is an online marketplace for professional services. Clients describe the work they
              need as a service request. Freelancers and service businesses publish profiles with their services and
              portfolio projects, and answer requests with proposals.
            </p>
            <p>
              Everything between posting a request and leaving a review happens in one place: the request, the proposals
              it draws, the conversation with each provider and, at the end, a review from the client.
            </p>
            <p>
              We focus on work where expertise matters: web, mobile and software development, data and analytics,
              machine learning and AI, and finance transformation, with dedicated pages for NetSuite projects and for
              hiring React developers.
            </p>
          </div>
          <aside className="content-panel" aria-labelledby="about-families-title">
            <h3 id="about-families-title" className="content-subheading">
              Service families
            </h3>
            {list.status === 'error' && <FamilyListProblem />}
            {list.status === 'success' && (
              <ul className="content-link-list">
                {list.families.map((family) => (
                  <li key={family.slug}>
                    <Link to={PATHS.services} hash={family.slug}>
                      {family.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Link to={PATHS.services} className="text-link">
              All services <ArrowIcon />
            </Link>
          </aside>
        </div>
      </section>

      <section className="content-section section--tinted" aria-labelledby="about-who-title">
        <div className="container">
          <header className="section-header content-section__header">
            <p className="eyebrow">Who it is for</p>
            <h2 id="about-who-title">Three ways to take part</h2>
          </header>
          <ul className="content-grid content-grid--three">
            {AUDIENCES.map((audience) => (
              <li key={audience.id} className="content-card">
                <span className="content-card__icon">{audience.icon}</span>
                <h3 className="content-card__title">{audience.title}</h3>
                <p className="content-card__text">{audience.text}</p>
                <p className="content-card__note">{audience.costs}</p>
                <Link to={audience.cta.to} className="text-link content-card__link">
                  {audience.cta.label} <ArrowIcon />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <StepsSection titleId="about-how-title" title="From request to review" steps={STEPS} />

      <section className="content-section section--tinted" aria-labelledby="about-values-title">
        <div className="container">
          <header className="section-header content-section__header">
            <p className="eyebrow">What we stand for</p>
            <h2 id="about-values-title">Our values</h2>
          </header>
          <ul className="content-grid content-grid--values">
            {VALUES.map((value) => (
              <li key={value.title} className="content-value">
                <span className="content-value__icon">{value.icon}</span>
                <h3 className="content-value__title">{value.title}</h3>
                <p className="content-value__text">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="content-section" aria-labelledby="about-company-title">
        <div className="container content-split">
          <div className="content-prose">
            <h2 id="about-company-title">Who is behind {BRAND.productName}</h2>
            <p>
              {BRAND.productName} is a division of {BRAND.parentCompany}. {BRAND.parentCompany} runs the marketplace, is
              responsible for the personal data it handles, and is the party you agree with when you accept our{' '}
              <Link to={PATHS.terms}>Terms of Service</Link>.
            </p>
            <p>
              Questions about the product, an account or a partnership are welcome: the{' '}
              <Link to={PATHS.contactUs}>contact page</Link> lists the ways to reach us.
            </p>
          </div>
          <div className="content-band content-band--compact">
            <h3 className="content-band__title">Ready to start?</h3>
            <p className="content-band__text">Post your first request, or create a profile and start answering.</p>
            <div className="content-actions">
              <Link to={PATHS.newRequest} className="button button--light">
                Post a request
                <ArrowIcon />
              </Link>
              <Link to={PATHS.signup} className="button button--outline-light">
                Sign up
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
