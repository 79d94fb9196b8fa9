import type { ReactNode } from 'react';
import type { LoadedForm } from '@/forms/formFiles';
import { ContentHero, PageTitle } from '@/ui/ContentHero';
import { StepsSection, type ContentStep } from '@/ui/StepsSection';
import { ArrowIcon, BriefcaseIcon, ChatIcon, CheckIcon, ShieldIcon, UserIcon } from '@/ui/icons';
import { REACT_FORM_ID } from './paths';
import { ProductRequestForm } from './ProductRequestForm';
import { useReactHireSubmission } from './useProductSubmission';
import './products.css';

const BENEFITS: readonly { id: string; icon: ReactNode; title: string; text: string }[] = [
  {
    id: 'vetted',
    icon: <ShieldIcon />,
    title: 'Developers who have shipped',
    text: 'Junior to lead React developers, checked on real delivery: TypeScript, Next.js, state and data fetching, testing and accessibility.',
  },
  {
    id: 'engagement',
    icon: <BriefcaseIcon />,
    title: 'Full-time, part-time or by the hour',
    text: 'One developer for two days a week or a team of five for a year: the engagement follows your roadmap, not ours.',
  },
  {
    id: 'team',
    icon: <UserIcon />,
    title: 'Part of your team',
    text: 'They join your stand-ups, your repository and your reviews, with the working hours overlap you ask for.',
  },
  {
    id: 'shortlist',
    icon: <ChatIcon />,
    title: 'A shortlist, fast',
    text: 'We reply within one business day, plan a call, and send a shortlist of developers you interview before anyone starts.',
  },
];

const STEPS: readonly ContentStep[] = [
  {
    title: 'Describe the role',
    text: 'How many developers, which seniority and skills, the engagement and when they should start.',
  },
  {
    title: 'Plan the shortlist together',
    text: 'We reply within one business day and set up a short call to understand your product and team.',
  },
  {
    title: 'Meet your developers',
    text: 'You interview the shortlisted developers and choose who joins. Nothing is billed before they start.',
  },
];

export const REACT_NEXT_STEPS = [
  'We read your request and reply within one business day.',
  'We plan a short call with you to understand your product, your team and the role.',
  'You receive a shortlist of React developers to interview, and choose who joins.',
] as const;

/** `/products/react/`: hiring React developers, with the request form (forms/requests/react-developers) on the page. */
export function ReactHirePage({ form }: { form: LoadedForm }) {
  const submission = useReactHireSubmission();
  return (
    <>
      <PageTitle>Hire React developers</PageTitle>
      <ContentHero
        titleId="react-title"
        eyebrow="React developers"
        title="Hire React developers who fit your team"
        lead={
          <p>
            Vetted React developers for a new product, a rescue or a team that needs more hands: full-time, part-time or
            by the hour. Tell us what you need and get a reply within one business day.
          </p>
        }
      >
        <div className="content-actions">
          <a href={`#${REACT_FORM_ID}`} className="button button--primary">
            Describe the developers you need <ArrowIcon />
          </a>
          <a href="#react-how" className="button button--secondary">
            How it works
          </a>
        </div>
      </ContentHero>

      <section className="content-section" aria-labelledby="react-why-title">
        <div className="container">
          <header className="section-header content-section__header">
            <p className="eyebrow">What you get</p>
            <h2 id="react-why-title">React developers, without the hiring marathon</h2>
          </header>
          <ul className="content-grid product-benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit.id} className="content-card">
                <span className="content-card__icon">{benefit.icon}</span>
                <h3 className="content-card__title">{benefit.title}</h3>
                <p className="content-card__text">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <StepsSection
        id="react-how"
        titleId="react-how-title"
        title="From request to shortlist in three steps"
        steps={STEPS}
        tinted
      />

      <section className="content-section product-form-section" id={REACT_FORM_ID} aria-labelledby="react-form-title">
        <div className="container">
          <header className="section-header content-section__header">
            <p className="eyebrow">Hire React developers</p>
            <h2 id="react-form-title">Tell us about the developers you need</h2>
            <p className="section-header__lead">
              Visitors and members alike: no account needed. We use your details only to answer this request.
            </p>
          </header>
          <div className="product-layout">
            <ProductRequestForm
              form={form}
              submission={submission}
              nextSteps={REACT_NEXT_STEPS}
              idPrefix="react-hire"
            />
            <aside className="content-panel product-aside" aria-labelledby="react-aside-title">
              <h3 id="react-aside-title" className="content-subheading">
                What happens next
              </h3>
              <ol className="product-next-steps">
                {REACT_NEXT_STEPS.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ol>
              <ul className="content-check-list">
                <li>
                  <CheckIcon />
                  Free to ask, nothing billed before a developer starts
                </li>
                <li>
                  <CheckIcon />
                  Part-time means 10 to 30 hours a week per developer
                </li>
              </ul>
            </aside>
          </div>
        </div>
      </section>
    </>
  );
}
