import { Link } from '@tanstack/react-router';
import { useAccountType } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { BrandLink, PARENT_COMPANY, PRODUCT_NAME } from './Logo';
import { isVisibleFor, type NavLinkItem } from './navigation';
import { SocialIcon, type SocialNetwork } from './SocialIcons';

interface FooterColumn {
  title: string;
  links: readonly NavLinkItem[];
}

const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'For Clients',
    links: [
      { label: 'Post a request', to: PATHS.newRequest },
      { label: 'Find Professionals', to: PATHS.findProfessionals },
      { label: 'Find Businesses', to: PATHS.findBusinesses },
      { label: 'All Services', to: PATHS.services },
      { label: 'NetSuite solutions', to: PATHS.netsuite },
      { label: 'Hire React developers', to: PATHS.react },
    ],
  },
  {
    title: 'For Professionals',
    links: [
      { label: 'Find Job', to: PATHS.findJobs, hiddenFor: ['client'] },
      { label: 'Join as a freelancer', to: PATHS.freelancerSignup },
      { label: 'Versigems pricing', to: PATHS.pricing },
      { label: 'Help Center', to: PATHS.helpCenter },
    ],
  },
  {
    title: 'For Businesses',
    links: [
      { label: 'List Your Business', to: PATHS.businessListing },
      { label: 'Join as a business', to: PATHS.businessSignup },
      { label: 'Business plans', to: PATHS.pricing },
    ],
  },
  {
    title: 'About',
    links: [
      { label: 'About us', to: PATHS.aboutUs },
      { label: 'Contact us', to: PATHS.contactUs },
      { label: 'Help Center', to: PATHS.helpCenter },
    ],
  },
];

const SOCIAL_LINKS: readonly { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/versimarket/' },
  { network: 'x', label: 'X (Twitter)', href: 'https://x.com/versimarket' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/versimarket' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/versimarket/' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@versimarket' },
];

export const LEGAL_LINKS: readonly NavLinkItem[] = [
  { label: 'Terms of Service', to: PATHS.terms },
  { label: 'Privacy Policy', to: PATHS.privacyPolicy },
  { label: 'Cookies Policy', to: PATHS.cookiesPolicy },
];

export function Copyright() {
  return (
    <p className="copyright">
      © {new Date().getFullYear()} {PARENT_COMPANY}. All rights reserved.
    </p>
  );
}

export function LegalLinks() {
  return (
    <nav aria-label="Legal">
      <ul className="legal-links">
        {LEGAL_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The site footer (spec §1): parent company, invitation, link columns, social and legal links. */
export function SiteFooter() {
  const accountType = useAccountType();
  return (
    <footer className="site-footer">
      <div className="container site-footer__top">
        <div className="site-footer__brand">
          <BrandLink />
          <p className="site-footer__invitation">
            Discover talent, showcase your business and unlock new opportunities, all in one marketplace.
          </p>
          <p className="site-footer__division">
            {PRODUCT_NAME} is a division of {PARENT_COMPANY}.
          </p>
          <ul className="social-links" aria-label="Follow us">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <a href={social.href} className="social-link" rel="noopener noreferrer">
                  <SocialIcon network={social.network} />
                  <span className="social-link__label">{social.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="site-footer__columns" aria-label="Footer">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title} className="footer-column">
              <h2 className="footer-column__title">{column.title}</h2>
              <ul>
                {column.links
                  .filter((link) => isVisibleFor(link, accountType))
                  .map((link) => (
                    <li key={link.to}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-bar">
          <Copyright />
          <LegalLinks />
        </div>
      </div>
    </footer>
  );
}

/** The slim footer of auth and onboarding screens. */
export function MinimalFooter() {
  return (
    <footer className="site-footer site-footer--minimal">
      <div className="container site-footer__bottom-bar">
        <Copyright />
        <LegalLinks />
      </div>
    </footer>
  );
}
