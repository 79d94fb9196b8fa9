import { Link } from '@tanstack/react-router';
import { BRAND } from '../../../shared/brand';
import { PATHS } from '@/lib/paths';
import { LegalPage, type LegalSection } from './LegalPage';

const { productName: PRODUCT, parentCompany: COMPANY, supportEmail: EMAIL } = BRAND;

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms govern your use of {PRODUCT}, the online marketplace for professional services at this website.{' '}
          {PRODUCT} is a division of {COMPANY}, which operates it. In these terms “we”, “us” and “our” mean {COMPANY};
          “you” means the person or organisation using {PRODUCT}.
        </p>
        <p>
          By creating an account or using {PRODUCT} you agree to these terms. Our{' '}
          <Link to={PATHS.privacyPolicy}>Privacy Policy</Link> and <Link to={PATHS.cookiesPolicy}>Cookies Policy</Link>{' '}
          explain how we handle personal data and browser storage; they form part of your agreement with us.
        </p>
      </>
    ),
  },
  {
    id: 'who-can-use',
    title: 'Who can use Versimarket',
    body: (
      <>
        <p>
          You must be at least 18 years old and able to enter into a binding contract. If you use {PRODUCT} for a
          company, you confirm that you are authorised to accept these terms on its behalf, and “you” includes that
          company.
        </p>
        <p>
          You may not use {PRODUCT} if we have previously closed your account for breaking these terms, or if the law
          that applies to you prohibits it.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>There are three types of account:</p>
        <ul>
          <li>
            <strong>Client</strong>: for people and organisations looking for freelancers or consultants.
          </li>
          <li>
            <strong>Freelancer</strong>: for independent consultants and specialists looking for work.
          </li>
          <li>
            <strong>Business</strong>: for companies that sell services and want visibility for their brand.
          </li>
        </ul>
        <p>
          Freelancer and business accounts are “providers”. The account type is chosen at sign-up; each account has one
          type and belongs to one person or one organisation.
        </p>
        <p>
          You must give accurate information, keep it up to date and verify your email address. You are responsible for
          keeping your password secret and for what happens under your account. If you sign in with a Google account,
          the security of that account is your responsibility too. Tell us straight away at{' '}
          <a href={`mailto:${EMAIL}`}>{EMAIL}</a> if you think someone else has used your account.
        </p>
      </>
    ),
  },
  {
    id: 'our-role',
    title: 'Our role in the marketplace',
    body: (
      <>
        <p>
          {PRODUCT} is a venue where clients and providers find each other. We are not a party to the agreement a client
          and a provider make about their work, we do not employ providers, and we do not supervise or guarantee the
          work they do.
        </p>
        <p>
          We may check some information, such as email addresses, but we do not vet every profile, request or proposal.
          Clients and providers should make their own judgement about whom they work with.
        </p>
      </>
    ),
  },
  {
    id: 'requests-and-proposals',
    title: 'Requests, proposals and hiring',
    body: (
      <>
        <p>
          Clients post service requests describing the work they need. Open requests are shown on the job board to
          providers, who may answer with a proposal setting out their approach, timeline and price.
        </p>
        <ul>
          <li>A request must describe real work that the client intends to have done.</li>
          <li>
            A proposal must be written for the request it answers and must describe honestly what the provider can
            deliver.
          </li>
          <li>
            When a client accepts a proposal, a contract for the work is formed between the client and the provider on
            the terms of that proposal and anything else they agree. They are responsible for performing it, including
            paying for and delivering the work.
          </li>
          <li>
            Any payment made on {PRODUCT} is taken through our card payment provider, as described under{' '}
            <Link to={PATHS.terms} hash="payments">
              Payments
            </Link>
            .
          </li>
        </ul>
        <p>
          We may remove a request or proposal that breaks these terms, and we may close requests that have had no
          activity for a long time.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Profiles and the content you publish',
    body: (
      <>
        <p>
          “Your content” means everything you put on {PRODUCT}: profile details, photos, services, portfolio projects,
          requests, proposals, attachments, messages and reviews. You keep ownership of it.
        </p>
        <p>
          You give us a worldwide, non-exclusive, royalty-free licence to host, store, reproduce, display and distribute
          your content for as long as it is on {PRODUCT}, so that we can run, show and promote the marketplace. Public
          profiles, services, projects and open requests can be seen by anyone, including people without an account.
        </p>
        <p>
          You confirm that you have the right to publish your content, including the permission of any client whose work
          appears in your portfolio, and that it does not infringe anyone’s rights or break the law.
        </p>
      </>
    ),
  },
  {
    id: 'messages',
    title: 'Messages',
    body: (
      <p>
        Messages are for discussing requests, proposals and work. They are visible to the participants of the
        conversation. We do not read them routinely, but we may review a conversation when it is reported to us or when
        we need to investigate a breach of these terms, fraud or a security problem.
      </p>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews',
    body: (
      <>
        <p>
          Reviews are left through personal token links that we email to a client at a provider’s request. A review link
          is for the person it was sent to, may be used once and may expire.
        </p>
        <ul>
          <li>Reviews must describe a real working relationship and the reviewer’s honest experience.</li>
          <li>
            Providers must not write reviews of themselves, forward review links to people who did not receive them, or
            offer money, discounts or anything else in exchange for a review or for changing one.
          </li>
          <li>Nobody may use a review to harass, threaten or disclose another person’s private information.</li>
        </ul>
        <p>
          Providers may choose which reviews appear on their profile. We may remove a review that breaks these rules,
          and we may close the account of anyone who manipulates reviews.
        </p>
      </>
    ),
  },
  {
    id: 'business-plans',
    title: 'Business plans',
    body: (
      <>
        <p>
          Business accounts may buy a subscription plan. The plans, what each includes and its price (with any taxes)
          are shown before checkout.
        </p>
        <ul>
          <li>
            A plan renews automatically at the end of each billing period, and the card used at checkout is charged for
            the next period, until you cancel.
          </li>
          <li>
            You can cancel at any time by emailing <a href={`mailto:${EMAIL}`}>{EMAIL}</a> from the address on your
            account. The plan then stays active until the end of the period already paid for, and is not renewed.
          </li>
          <li>
            Periods already started are not refunded, except where the law requires it or where we end your plan without
            you having broken these terms, in which case we refund the unused part.
          </li>
          <li>
            We may change plan prices for future periods. We will tell you by email at least 30 days before a change
            affects your plan, so you can cancel before it applies.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'versigems',
    title: 'Versigems',
    body: (
      <>
        <p>
          Versigems are credits that freelancers buy in bundles and spend to unlock requests they want to answer. The
          number of versigems needed is shown before you spend them.
        </p>
        <ul>
          <li>
            Versigems are a licence to use a feature of {PRODUCT}. They are not money, have no cash value and cannot be
            exchanged for cash, transferred to another account or sold.
          </li>
          <li>
            <strong>Versigems are non-refundable once bought.</strong> Spent versigems are not returned because a client
            chose another proposal, did not reply or closed the request.
          </li>
          <li>
            We refund a payment taken twice or in error. If we remove a request because it broke these terms, we return
            the versigems you spent to unlock it.
          </li>
          <li>
            Unused versigems do not expire while your account is open. They are lost when the account is closed, whether
            you close it or we close it for a breach of these terms.
          </li>
          <li>Nothing in this section limits a right to a refund or withdrawal that the law gives you.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <>
        <p>
          Payments on {PRODUCT} are made by card through a third-party card payment provider. You enter your card
          details on the provider’s secure checkout page; we do not receive or store your full card number. The
          provider’s own terms also apply to the payment.
        </p>
        <p>
          Prices are shown in the stated currency before you pay and include the taxes we are required to charge, unless
          stated otherwise. A purchase is applied to your account only once the payment provider confirms the payment.
          If you cancel at checkout or the payment fails, nothing is charged.
        </p>
        <p>
          If you dispute a charge with your bank without contacting us first, we may suspend the purchase concerned
          while the dispute is resolved.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited-conduct',
    title: 'Prohibited conduct',
    body: (
      <>
        <p>When you use {PRODUCT}, you must not:</p>
        <ul>
          <li>give false information, impersonate anyone or create accounts to get around a suspension;</li>
          <li>post requests, proposals or profiles that are misleading, fake or for work you do not intend to do;</li>
          <li>
            ask for or offer anything illegal, including work that infringes intellectual property, academic dishonesty
            or services that break the law where they are performed;
          </li>
          <li>harass, threaten, discriminate against or abuse other users;</li>
          <li>send spam or unsolicited advertising, or use contact details found on {PRODUCT} for that purpose;</li>
          <li>
            ask other users for passwords, card details or sign-in codes, or try to get them to pay through channels
            meant to deceive them;
          </li>
          <li>
            manipulate reviews as described under{' '}
            <Link to={PATHS.terms} hash="reviews">
              Reviews
            </Link>
            ;
          </li>
          <li>scrape, copy or harvest data from {PRODUCT} by automated means without our written permission;</li>
          <li>
            probe, disrupt or overload our systems, get around security or rate limits, or access accounts or data that
            are not yours;
          </li>
          <li>upload malware or content that infringes anyone’s rights.</li>
        </ul>
        <p>
          Please report anything that breaks these rules to <a href={`mailto:${EMAIL}`}>{EMAIL}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our intellectual property',
    body: (
      <p>
        {PRODUCT}, its design, software, name and logo belong to {COMPANY} or its licensors. We give you a personal,
        non-transferable right to use {PRODUCT} as these terms allow. You may not copy, modify or reuse them except as
        the law permits.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <>
        <p>
          We work to keep {PRODUCT} available, secure and accurate, but it is provided “as is” and “as available”. We do
          not promise that it will always be uninterrupted or free of errors, or that a request will receive proposals
          or a provider will win work.
        </p>
        <p>
          Content on {PRODUCT} is published by its users. We are not responsible for the accuracy of profiles, requests,
          proposals or reviews, or for the quality, safety or legality of the work providers do.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          Nothing in these terms limits liability that cannot be limited by law, such as liability for death or personal
          injury caused by negligence, or for fraud.
        </p>
        <p>Subject to that:</p>
        <ul>
          <li>
            we are not liable for losses caused by the acts or omissions of other users, including the work a provider
            does or a client’s failure to pay for it;
          </li>
          <li>
            we are not liable for loss of profit, revenue, business, goodwill or data, or for indirect or consequential
            loss;
          </li>
          <li>
            our total liability to you for all claims in any twelve-month period is limited to the amount you paid us in
            the twelve months before the event that gave rise to the claim.
          </li>
        </ul>
        <p>
          If you use {PRODUCT} as a consumer, you also keep the rights that consumer law gives you, and this section
          applies only as far as that law allows.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <>
        <p>
          You can stop using {PRODUCT} at any time and ask us to close your account by emailing{' '}
          <a href={`mailto:${EMAIL}`}>{EMAIL}</a> from the address on your account.
        </p>
        <p>
          We may suspend or close an account, or remove content, if you break these terms, if we must do so by law, or
          if it is needed to protect other users or {PRODUCT}. Where it is appropriate and safe, we will tell you why
          and give you a chance to respond. Closing an account for a serious or repeated breach ends any plan without
          refund and forfeits unused versigems.
        </p>
        <p>
          The sections on your content, versigems, intellectual property, disclaimers, liability and governing law
          continue to apply after your account is closed.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to Versimarket and to these terms',
    body: (
      <p>
        We improve {PRODUCT} continually and may add, change or remove features. We may also update these terms. If a
        change materially affects you, we will tell you by email or on {PRODUCT} at least 30 days before it takes
        effect, unless it is required sooner by law or for security. If you do not agree, you may close your account
        before the change applies; continuing to use {PRODUCT} afterwards means you accept it.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <>
        <p>
          These terms are governed by the law of the country in which {COMPANY} is established. If you are a consumer,
          you also benefit from the mandatory protections of the law of the country where you live, and you may bring a
          claim in its courts.
        </p>
        <p>If something goes wrong, please contact us first: most problems are resolved quickly by email.</p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms can be sent to <a href={`mailto:${EMAIL}`}>{EMAIL}</a>. Other ways to reach us are
        on the <Link to={PATHS.contactUs}>contact page</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      path={PATHS.terms}
      summary={
        <p>
          The rules for using {PRODUCT}: accounts, requests and proposals, reviews, plans, versigems and payments, and
          what each side is responsible for.
        </p>
      }
      sections={TERMS_SECTIONS}
    />
  );
}
