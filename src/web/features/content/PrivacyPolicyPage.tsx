import { Link } from '@tanstack/react-router';
import { BRAND } from '../../../shared/brand';
import { PATHS } from '@/lib/paths';
import { LegalPage, type LegalSection } from './LegalPage';
import { LegalTable } from './LegalTable';

const { productName: PRODUCT, parentCompany: COMPANY, supportEmail: EMAIL } = BRAND;

const PURPOSES: readonly { purpose: string; data: string; basis: string }[] = [
  {
    purpose: 'Create and run your account, sign you in and keep you signed in',
    data: 'Account data, session cookie',
    basis: 'Contract',
  },
  {
    purpose: 'Show your profile, services, projects and requests, and deliver proposals and messages',
    data: 'Profile data, requests, proposals, messages',
    basis: 'Contract',
  },
  {
    purpose: 'Send review links and publish reviews',
    data: 'Reviewer’s name and email address, the review',
    basis: 'Legitimate interests (trustworthy reviews)',
  },
  {
    purpose: 'Take payments for plans and versigems, and keep records of them',
    data: 'Payment records',
    basis: 'Contract; legal obligation (tax and accounting)',
  },
  {
    purpose: 'Send service emails: verification, password reset, new proposals and messages, receipts',
    data: 'Name, email address',
    basis: 'Contract',
  },
  {
    purpose: 'Prevent fraud, abuse and attacks, and investigate reports',
    data: 'Technical data, account data, reported content',
    basis: 'Legitimate interests (a safe marketplace)',
  },
  {
    purpose: 'Send product news, where you have not opted out',
    data: 'Name, email address',
    basis: 'Consent or legitimate interests, as the law requires',
  },
  {
    purpose: 'Comply with the law and answer lawful requests from authorities',
    data: 'Any data concerned',
    basis: 'Legal obligation',
  },
];

const RETENTION: readonly { data: string; period: string }[] = [
  {
    data: 'Account and profile data',
    period: 'While your account is open. Deleted within 30 days after it is closed.',
  },
  {
    data: 'Requests, proposals and portfolio projects',
    period: 'While your account is open. Removed from public view when it is closed, and deleted within 30 days.',
  },
  {
    data: 'Messages',
    period:
      'While your account is open. After it is closed, messages you sent stay in the other person’s conversation, without your profile details.',
  },
  {
    data: 'Reviews you wrote',
    period: 'While the reviewed provider’s profile exists, unless you ask us to remove the review.',
  },
  {
    data: 'Payment records',
    period: 'As long as tax and accounting law requires us to keep them, which can be several years.',
  },
  {
    data: 'Sessions',
    period: 'Until you sign out or the session expires; expired sessions are deleted automatically.',
  },
  {
    data: 'Verification and password reset links',
    period: 'Until they are used or expire.',
  },
  {
    data: 'Security and server logs',
    period: 'Up to 90 days, longer only when needed for an ongoing investigation.',
  },
];

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {PRODUCT} is a division of {COMPANY}. {COMPANY} decides how and why personal data on {PRODUCT} is used and is
          the controller of that data. You can reach us about privacy at <a href={`mailto:${EMAIL}`}>{EMAIL}</a>.
        </p>
        <p>
          This policy explains what personal data we collect when you use {PRODUCT}, why, who we share it with, how long
          we keep it and the rights you have.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    body: (
      <>
        <h3>Account data</h3>
        <p>
          Your name (or your company’s name for a business account), email address, account type and password. We store
          the password only as a one-way hash, never in readable form. Business accounts also tell us how they heard
          about {PRODUCT}.
        </p>
        <h3>Profile data</h3>
        <p>
          What you add to your profile: photo, about text, tagline, services, portfolio projects, education, experience,
          languages, locations, where you take work from, social profile links, and for businesses company details, a
          contact person, team size, project sizes, rates, competitors and references.
        </p>
        <h3>Requests, proposals and messages</h3>
        <p>
          The requests clients post, the proposals providers send (including attachments), and the messages you exchange
          with other users.
        </p>
        <h3>Reviews and references</h3>
        <p>
          Reviews you write or receive. When a provider asks a client for a review or a reference, the provider gives us
          the client’s name and email address so that we can send the review link.
        </p>
        <h3>Payment data</h3>
        <p>
          When you buy a plan or versigems, the card payment provider processes your card details. We receive what you
          bought, the amount, the currency, the date and whether the payment succeeded. We never receive your full card
          number.
        </p>
        <h3>Sign-in with Google</h3>
        <p>
          If you choose to sign in with Google, Google shares your name, email address and profile picture with us. We
          do not receive your Google password.
        </p>
        <h3>Technical data</h3>
        <p>
          Your IP address, browser type and the pages and actions you request, recorded in our server logs, and the
          session cookie described in our <Link to={PATHS.cookiesPolicy}>Cookies Policy</Link>. We use them to run and
          secure the service. We do not use analytics or advertising trackers.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use your data and why',
    body: (
      <>
        <p>We use personal data only for the purposes below, each with a legal basis:</p>
        <LegalTable
          caption="Purposes of processing, the data used and the legal basis"
          columns={['Purpose', 'Data', 'Legal basis']}
          rows={PURPOSES.map((row) => ({ key: row.purpose, cells: [row.purpose, row.data, row.basis] }))}
        />
        <p>
          We do not sell personal data, and we do not make decisions about you based solely on automated processing that
          have legal or similarly significant effects.
        </p>
      </>
    ),
  },
  {
    id: 'who-can-see',
    title: 'What other users can see',
    body: (
      <ul>
        <li>
          <strong>Public:</strong> provider profiles, services, portfolio projects and visible reviews, business
          listings, and open requests on the job board. Anyone can see these, including visitors without an account.
        </li>
        <li>
          <strong>The people involved:</strong> a proposal is seen by the client who posted the request; messages by the
          participants of the conversation.
        </li>
        <li>
          <strong>Only you and us:</strong> your email address, password, settings, payment records and versigems
          balance.
        </li>
      </ul>
    ),
  },
  {
    id: 'processors',
    title: 'Service providers we share data with',
    body: (
      <>
        <p>
          We use a small number of service providers (processors) who handle personal data on our behalf, under
          contract, and only to provide their service to us:
        </p>
        <ul>
          <li>
            <strong>Card payment provider</strong>: processes card payments for plans and versigems, and screens them
            for fraud. It receives your card details directly from you on its checkout page.
          </li>
          <li>
            <strong>Email delivery provider</strong>: sends our emails (verification, password reset, review links,
            notifications) and reports whether they were delivered.
          </li>
          <li>
            <strong>Hosting and database providers</strong>: run the servers and store the data {PRODUCT} needs.
          </li>
          <li>
            <strong>Google</strong>: only if you choose to sign in with Google.
          </li>
        </ul>
        <p>
          We may also disclose data when the law requires it, to protect the rights and safety of our users or of{' '}
          {COMPANY}, or to a buyer if {PRODUCT} is ever sold, in which case this policy continues to protect your data.
        </p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        Some of our service providers may process data outside the country where you live. When they do, we make sure
        the transfer is protected as the law requires, for example by standard contractual clauses approved by the
        relevant authorities. Ask us for details at <a href={`mailto:${EMAIL}`}>{EMAIL}</a>.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <>
        <LegalTable
          caption="How long each kind of data is kept"
          columns={['Data', 'How long we keep it']}
          rows={RETENTION.map((row) => ({ key: row.data, cells: [row.data, row.period] }))}
        />
        <p>Backups are overwritten on a rolling cycle, so deleted data disappears from them within 35 days.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected (much of it you can edit yourself in your dashboard);</li>
          <li>have your data deleted, or its use restricted;</li>
          <li>object to uses based on our legitimate interests, and to direct marketing at any time;</li>
          <li>receive the data you gave us in a portable format;</li>
          <li>withdraw consent where we rely on it, without affecting what was done before.</li>
        </ul>
        <p>
          To use a right, email <a href={`mailto:${EMAIL}`}>{EMAIL}</a> with the subject “Privacy request” from the
          address on your account. We answer within one month, and may ask you to confirm your identity first. You can
          also complain to the data protection authority where you live, though we would like the chance to help first.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect data with encrypted connections, passwords stored only as strong one-way hashes, sign-in sessions
        kept in a cookie that page scripts cannot read, protection against cross-site request forgery, limits on
        repeated sign-in attempts and restricted staff access. No system is perfectly secure: if a breach affects your
        data, we will tell you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'emails',
    title: 'Emails we send',
    body: (
      <p>
        We send service emails that are needed to use {PRODUCT}, such as verification, password reset, review links and
        notifications about your requests, proposals and messages. Any product news or marketing email includes an
        unsubscribe link that works with one click; unsubscribing does not stop service emails.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        {PRODUCT} is for people aged 18 and over. We do not knowingly collect data from children; if you believe a child
        has created an account, tell us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will update this policy when what we do with data changes, and change the date at the top. If a change is
        significant, we will tell you by email or on {PRODUCT} before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For anything about your personal data, email <a href={`mailto:${EMAIL}`}>{EMAIL}</a>. Other ways to reach us are
        on the <Link to={PATHS.contactUs}>contact page</Link>.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      path={PATHS.privacyPolicy}
      summary={
        <p>
          What personal data {PRODUCT} collects, why we use it, who helps us process it, how long we keep it, and how to
          use your rights.
        </p>
      }
      sections={PRIVACY_SECTIONS}
    />
  );
}
