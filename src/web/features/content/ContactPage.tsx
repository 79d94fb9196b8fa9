import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BRAND } from '../../../shared/brand';
import { PATHS } from '@/lib/paths';
import { ArrowIcon, BuildingIcon, FlagIcon, HelpIcon, LockIcon, MailIcon } from '@/ui/icons';
import { ContentHero, PageTitle } from '@/ui/ContentHero';
import { ContactForm } from './ContactForm';
import { ProjectRequestForm } from './ProjectRequestForm';

/** A mailto link to support with the subject filled in, so messages arrive already sorted. */
export function supportMailto(subject?: string): string {
  return subject
    ? `mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(subject)}`
    : `mailto:${BRAND.supportEmail}`;
}

interface Channel {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}

const CHANNELS: readonly Channel[] = [
  {
    id: 'support',
    icon: <MailIcon />,
    title: 'Support by email',
    text: 'Questions about your account, a request, a proposal, a payment or anything that is not working as it should.',
    action: (
      <a href={supportMailto()} className="text-link">
        {BRAND.supportEmail}
      </a>
    ),
  },
  {
    id: 'help-center',
    icon: <HelpIcon />,
    title: 'Help Center',
    text: 'Answers to the questions we are asked most, from choosing an account type to versigems refunds. Often the fastest route.',
    action: (
      <Link to={PATHS.helpCenter} className="text-link">
        Browse the Help Center <ArrowIcon />
      </Link>
    ),
  },
  {
    id: 'business',
    icon: <BuildingIcon />,
    title: 'Business enquiries',
    text: 'Partnerships, plans for larger firms, press and anything else about working with Versimarket as a company.',
    action: (
      <a href={supportMailto('Business enquiry')} className="text-link">
        Email a business enquiry
      </a>
    ),
  },
  {
    id: 'report',
    icon: <FlagIcon />,
    title: 'Report a problem',
    text: 'A suspicious message, a request or profile that breaks our rules, or a review you believe is not genuine.',
    action: (
      <a href={supportMailto('Report a problem')} className="text-link">
        Email a report
      </a>
    ),
  },
];

const INCLUDE: readonly string[] = [
  'The email address of your Versimarket account (write from it if you can)',
  'Whether you use Versimarket as a client, a freelancer or a business',
  'The reference ID of the request, or the name on the profile, it is about',
  'What you expected to happen and what happened instead, with a screenshot if it helps',
  'For a payment: the date, the amount and what you bought, but never your card number',
];

export function ContactPage() {
  return (
    <>
      <PageTitle>Contact us</PageTitle>
      <ContentHero
        titleId="contact-title"
        eyebrow="Contact us"
        title="Get in touch"
        lead={
          <p>
            Questions, problems or ideas: write to us and a member of the {BRAND.productName} team will reply by email.
          </p>
        }
      />

      <section className="content-section" aria-labelledby="contact-form-title">
        <div className="container project-form__layout">
          <div className="content-prose">
            <h2 id="contact-form-title">Send us a message</h2>
            <p>
              Choose a topic so your message reaches the right team. We reply by email within two business days and send
              you a reference right away.
            </p>
          </div>
          <ContactForm />
        </div>
      </section>

      <section className="content-section section--tinted" aria-labelledby="contact-channels-title">
        <div className="container">
          <h2 id="contact-channels-title" className="content-section__title">
            Ways to reach us
          </h2>
          <ul className="content-grid content-grid--two">
            {CHANNELS.map((channel) => (
              <li key={channel.id} className="content-card content-card--row">
                <span className="content-card__icon">{channel.icon}</span>
                <div className="content-card__body">
                  <h3 className="content-card__title">{channel.title}</h3>
                  <p className="content-card__text">{channel.text}</p>
                  <p className="content-card__action">{channel.action}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="content-section" aria-labelledby="project-form-title">
        <div className="container project-form__layout">
          <div className="content-prose">
            <h2 id="project-form-title">Tell us about your project</h2>
            <p>
              Not sure where to start? Describe what you need and the {BRAND.productName} team will suggest the right
              professionals or businesses, usually within one business day. This is not posted on the job board.
            </p>
          </div>
          <ProjectRequestForm />
        </div>
      </section>

      <section className="content-section section--tinted" aria-labelledby="contact-include-title">
        <div className="container content-split">
          <div className="content-prose">
            <h2 id="contact-include-title">Help us answer faster</h2>
            <p>
              We answer every message by email, on working days. A few details in your first message save a round of
              questions:
            </p>
            <ul className="content-bullets">
              {INCLUDE.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <aside className="content-panel" aria-labelledby="contact-privacy-title">
            <span className="content-card__icon">
              <LockIcon />
            </span>
            <h2 id="contact-privacy-title" className="content-subheading">
              Privacy and legal requests
            </h2>
            <p>
              To see, correct or delete the personal data we hold about you, email{' '}
              <a href={supportMailto('Privacy request')}>{BRAND.supportEmail}</a> with the subject “Privacy request”
              from the address on your account.
            </p>
            <ul className="content-link-list">
              <li>
                <Link to={PATHS.privacyPolicy}>Privacy Policy</Link>
              </li>
              <li>
                <Link to={PATHS.terms}>Terms of Service</Link>
              </li>
              <li>
                <Link to={PATHS.cookiesPolicy}>Cookies Policy</Link>
              </li>
            </ul>
          </aside>
        </div>
      </section>
    </>
  );
}
