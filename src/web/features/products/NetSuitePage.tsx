import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ContentHero, PageTitle } from '@/ui/ContentHero';
import { StepsSection, type ContentStep } from '@/ui/StepsSection';
import { ArrowIcon, BuildingIcon, ChatIcon, CheckIcon, FlagIcon, ShieldIcon, StarIcon } from '@/ui/icons';
import { NETSUITE_HIRE_PATH } from './paths';
import './products.css';

interface Service {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  examples: readonly string[];
}

const SERVICES: readonly Service[] = [
  {
    id: 'implementation',
    icon: <FlagIcon />,
    title: 'Implementation',
    text: 'A new NetSuite account or a new module, set up around how your company works and taken live with your data.',
    examples: ['Chart of accounts and subsidiaries', 'Data migration from your old system', 'Go-live and hypercare'],
  },
  {
    id: 'optimisation',
    icon: <StarIcon />,
    title: 'Optimisation',
    text: 'An account that has grown messy or slow, cleaned up so month-end closes faster and people trust the numbers.',
    examples: ['Process and close review', 'Saved searches and roles tidied', 'Performance of scripts and workflows'],
  },
  {
    id: 'integration',
    icon: <ChatIcon />,
    title: 'Integration',
    text: 'NetSuite connected with the systems around it, so orders, payments and people flow in without retyping.',
    examples: ['Shopify, Salesforce, HubSpot', 'Banks, payroll and expense tools', 'Warehouses and 3PLs'],
  },
  {
    id: 'support',
    icon: <ShieldIcon />,
    title: 'Administration and support',
    text: 'A NetSuite team on call for your users: questions answered, releases tested, small changes made each month.',
    examples: ['Help desk for your users', 'Twice-yearly release checks', 'Monthly hours you can count on'],
  },
  {
    id: 'customisation',
    icon: <BuildingIcon />,
    title: 'Customisation',
    text: 'What NetSuite does not do out of the box, built with SuiteScript, workflows, custom records, forms and reports.',
    examples: ['SuiteScript 2.x and SuiteFlow', 'Advanced PDF and HTML templates', 'Dashboards and KPIs'],
  },
];

const AUDIENCES: readonly string[] = [
  'Companies choosing NetSuite, or about to implement it, who want it done right the first time.',
  'Finance teams live on NetSuite whose close, reporting or approvals have outgrown the first setup.',
  'Growing groups adding subsidiaries, currencies or countries with OneWorld.',
  'Operations teams whose shop, CRM or warehouse should talk to NetSuite on their own.',
  'Companies without an in-house administrator who need someone who knows their account.',
];

const STEPS: readonly ContentStep[] = [
  {
    title: 'Tell us what you need',
    text: 'Answer a few questions about your NetSuite, what you want to change and when. It takes about five minutes.',
  },
  {
    title: 'Talk to a specialist',
    text: 'A NetSuite specialist replies within one business day and sets up a call to understand your account and goals.',
  },
  {
    title: 'Get a scoped plan',
    text: 'You receive a proposal with the work, the people, the timeline and the price. Nothing starts until you agree.',
  },
];

/** `/products/netsuite/`: what the NetSuite team does, for whom and how, with the way to ask for help. */
export function NetSuitePage() {
  return (
    <>
      <PageTitle>NetSuite services</PageTitle>
      <ContentHero
        titleId="netsuite-title"
        eyebrow="NetSuite services"
        title="NetSuite specialists for every stage of your ERP"
        lead={
          <p>
            Implementation, optimisation, integration, support and customisation, handled by a team that works on
            NetSuite every day. Tell us where you are; a specialist replies within one business day.
          </p>
        }
      >
        <div className="content-actions">
          <Link to={NETSUITE_HIRE_PATH} className="button button--primary">
            Request NetSuite help <ArrowIcon />
          </Link>
          <a href="#netsuite-how" className="button button--secondary">
            How it works
          </a>
        </div>
      </ContentHero>

      <section className="content-section" aria-labelledby="netsuite-services-title">
        <div className="container">
          <header className="section-header content-section__header">
            <p className="eyebrow">What we do</p>
            <h2 id="netsuite-services-title">Everything your NetSuite needs, from one team</h2>
          </header>
          <ul className="content-grid content-grid--three product-services">
            {SERVICES.map((service) => (
              <li key={service.id} id={`netsuite-${service.id}`} className="content-card">
                <span className="content-card__icon">{service.icon}</span>
                <h3 className="content-card__title">{service.title}</h3>
                <p className="content-card__text">{service.text}</p>
                <ul className="content-check-list product-examples">
                  {service.examples.map((example) => (
                    <li key={example}>
                      <CheckIcon />
                      {example}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="content-section section--tinted" aria-labelledby="netsuite-who-title">
        <div className="container content-split">
          <div className="content-prose">
            <p className="eyebrow">Who it is for</p>
            <h2 id="netsuite-who-title">For companies that run on NetSuite, or are about to</h2>
            <p>
              Whether you are comparing ERPs or have run NetSuite for years, the questions are similar: is it set up for
              how we work now, do the numbers arrive on their own, and who do we call when something breaks?
            </p>
            <ul className="content-check-list">
              {AUDIENCES.map((audience) => (
                <li key={audience}>
                  <CheckIcon />
                  {audience}
                </li>
              ))}
            </ul>
          </div>
          <aside className="content-panel" aria-labelledby="netsuite-editions-title">
            <h3 id="netsuite-editions-title" className="content-subheading">
              Editions and modules
            </h3>
            <p>
              Starter, mid-market and enterprise editions, OneWorld, Advanced Financials, Revenue Management, Planning
              and Budgeting, inventory, order and warehouse management, manufacturing, SuiteCommerce, SuiteProjects,
              SuitePeople and NetSuite Analytics Warehouse.
            </p>
            <Link to={NETSUITE_HIRE_PATH} className="text-link">
              Tell us about your account <ArrowIcon />
            </Link>
          </aside>
        </div>
      </section>

      <StepsSection
        id="netsuite-how"
        titleId="netsuite-how-title"
        title="From request to plan in three steps"
        steps={STEPS}
      />

      <section className="content-section product-cta" aria-labelledby="netsuite-cta-title">
        <div className="container">
          <div className="content-band">
            <div>
              <h2 id="netsuite-cta-title" className="content-band__title">
                Ready to talk about your NetSuite?
              </h2>
              <p className="content-band__text">
                Free, and with no commitment: you get a reply within one business day and decide after the call.
              </p>
            </div>
            <Link to={NETSUITE_HIRE_PATH} className="button button--light">
              Request NetSuite help <ArrowIcon />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
