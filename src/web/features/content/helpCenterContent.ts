/**
 * The Help Center's questions and answers. Answers are plain paragraphs (so the filter can
 * search them) with at most one link to the screen the answer talks about.
 */
import { BRAND } from '../../../shared/brand';
import { PATHS, type AppPath } from '@/lib/paths';

export interface HelpLink {
  label: string;
  to: AppPath;
  hash?: string;
}

export interface HelpQuestion {
  id: string;
  question: string;
  answer: readonly string[];
  link?: HelpLink;
}

export interface HelpSection {
  id: string;
  title: string;
  intro: string;
  questions: readonly HelpQuestion[];
}

export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    intro: 'What Versimarket is, which account to choose and what it costs.',
    questions: [
      {
        id: 'what-is-versimarket',
        question: 'What is Versimarket?',
        answer: [
          'Versimarket is a marketplace for professional services. Clients post service requests; freelancers and service businesses answer them with proposals. Clients and providers message each other, and clients review the work through a personal link once it is done.',
          'Requests cover six service families (web design and development, mobile apps, data and analytics, software development, finance transformation, and machine learning and AI), plus dedicated pages for NetSuite projects and for hiring React developers.',
        ],
        link: { label: 'See all services', to: PATHS.services },
      },
      {
        id: 'which-account-type',
        question: 'Which account type should I choose?',
        answer: [
          'Choose Client if you are looking for freelancers or consultants. Choose Freelancer if you are an independent consultant looking for work. Choose Business if you are a company that sells services and wants more visibility for its brand.',
          'Each account has one type, chosen when you sign up. If you both hire and offer services, use a separate account, with a different email address, for each role.',
        ],
        link: { label: 'Sign up', to: PATHS.signup },
      },
      {
        id: 'verify-email',
        question: 'Why do I need to verify my email address?',
        answer: [
          'Verification shows that the address belongs to you, and it is where we send proposals, messages and review links. After you sign up we email you a verification link; open it to activate your account.',
          'Links expire after a while. If yours has expired, sign in and ask for a new one from the verification page. If nothing arrives, check your spam folder and that the address was typed correctly.',
        ],
      },
      {
        id: 'google-sign-in',
        question: 'Can I sign in with my Google account?',
        answer: [
          'Yes. Choose Google on the sign-in or sign-up page. We receive your name, email address and profile picture from Google, nothing else. You can change the Google account linked to your sign-in later in Settings.',
        ],
        link: { label: 'Go to sign in', to: PATHS.login },
      },
      {
        id: 'what-does-it-cost',
        question: 'What does Versimarket cost?',
        answer: [
          'Posting requests and receiving proposals is free for clients, and freelancers and businesses create their profiles for free.',
          'Two things are paid: versigems, the credits freelancers spend to send proposals and unlock requests, sold in bundles; and subscription plans for businesses, billed monthly or yearly. Every price is on the pricing page and shown again before you pay, and payment is by card.',
        ],
        link: { label: 'See the prices', to: PATHS.pricing },
      },
    ],
  },
  {
    id: 'for-clients',
    title: 'For clients',
    intro: 'Posting requests, comparing proposals and hiring.',
    questions: [
      {
        id: 'post-a-request',
        question: 'How do I post a request?',
        answer: [
          'Choose Post a request, pick the service family that fits, and answer the guided questions about scope, budget, timing and the tools involved. When you submit, the request gets a reference ID and appears in Requests in your dashboard.',
        ],
        link: { label: 'Post a request', to: PATHS.newRequest },
      },
      {
        id: 'who-sees-my-request',
        question: 'Who can see my request?',
        answer: [
          'Open requests are listed on the job board, where freelancers and businesses can read them and answer with a proposal. Keep confidential details such as internal figures, passwords or customer data out of the request, and share them in messages with the provider you choose.',
        ],
      },
      {
        id: 'compare-proposals',
        question: 'How do I compare proposals?',
        answer: [
          'Open the request from Requests in your dashboard to see every proposal it has received: the approach, timeline and price, with a link to the provider’s profile, portfolio and reviews.',
          'Message any provider with questions before you decide. Nobody is hired until you accept a proposal.',
        ],
        link: { label: 'Your requests', to: '/dashboard/requests/' },
      },
      {
        id: 'contact-a-professional',
        question: 'Can I contact a professional directly?',
        answer: [
          'Yes. Find them through Find Professionals or Find Businesses, open their profile and use the contact option there. If you have an open request, you can also invite them to it.',
        ],
        link: { label: 'Find professionals', to: PATHS.findProfessionals },
      },
      {
        id: 'paying-a-provider',
        question: 'How is the work paid for?',
        answer: [
          'The proposal you accept states the price and how the work is billed. Terms beyond that, such as milestones or deliverables, are agreed between you and the provider, so write them down in your messages.',
          'Any card payment made on Versimarket goes through our payment provider’s secure checkout; we never see or store your full card number.',
        ],
        link: { label: 'Terms of Service', to: PATHS.terms, hash: 'requests-and-proposals' },
      },
      {
        id: 'leave-a-review',
        question: 'How do I leave a review?',
        answer: [
          'When the work is done, the provider can ask for a review, and we email you a personal review link. Open it, rate the work and write a few honest lines.',
          'The link belongs to you: do not forward it. Each link can be used for one review.',
        ],
      },
    ],
  },
  {
    id: 'for-freelancers',
    title: 'For freelancers',
    intro: 'Your profile, finding requests and writing proposals.',
    questions: [
      {
        id: 'set-up-profile',
        question: 'How do I set up my freelancer profile?',
        answer: [
          'After you verify your email address, add a profile photo, choose your primary service, say where you take work from (worldwide or your location only), add any other services and fill in the service details.',
          'Then complete your education, experience and languages from the dashboard. Your profile completion score shows what is still missing.',
        ],
        link: { label: 'Join as a freelancer', to: PATHS.freelancerSignup },
      },
      {
        id: 'find-requests',
        question: 'Where do I find requests to answer?',
        answer: [
          'Find Job lists open requests, and you can narrow it to a service family. Open a request to read the full brief before you decide to answer it.',
        ],
        link: { label: 'Find Job', to: PATHS.findJobs },
      },
      {
        id: 'what-are-versigems',
        question: 'What are versigems?',
        answer: [
          'Versigems are credits freelancers spend to send a proposal and to unlock a request’s client, with the number needed shown before anything is spent. Every new freelancer account starts with 10.',
          'More come in bundles paid by card; bigger bundles include bonus versigems.',
        ],
        link: { label: 'Versigems prices', to: PATHS.pricing, hash: 'versigems' },
      },
      {
        id: 'good-proposal',
        question: 'How do I write a proposal that gets chosen?',
        answer: [
          'Answer the request, not a template: restate the goal in your own words, say what you will deliver and how long it will take, and give a clear price. Point to one or two portfolio projects that are close to the brief, and ask the questions you need answered.',
          'Short, specific proposals are easier to compare than long ones.',
        ],
      },
      {
        id: 'services-and-projects',
        question: 'How do I add services and portfolio projects?',
        answer: [
          'In your dashboard, open Services, choose a service and add projects to it with a title, a description, images and the project size. Each project is shown on your public profile under that service.',
        ],
      },
      {
        id: 'get-reviews',
        question: 'How do I get reviews?',
        answer: [
          'From Review and References in your dashboard, ask a client for a review. We email them a personal link, and their review appears on your profile once they submit it. You can choose which reviews are visible.',
          'Reviews must come from real clients about real work. Writing your own, or paying for reviews, breaks our terms.',
        ],
        link: { label: 'Review rules', to: PATHS.terms, hash: 'reviews' },
      },
    ],
  },
  {
    id: 'for-businesses',
    title: 'For businesses',
    intro: 'Listing your company, plans and references.',
    questions: [
      {
        id: 'list-business',
        question: 'How do I list my business?',
        answer: [
          'Sign up as a business and verify your email address. Onboarding then takes you through company details, a personal contact, an about section with your services, your locations and your social profiles, followed by competitors and reviews and references.',
          'You can leave and come back: we return you to the first step that is not complete.',
        ],
        link: { label: 'List your business', to: PATHS.businessListing },
      },
      {
        id: 'business-plans',
        question: 'What do business plans include?',
        answer: [
          'A plan sets how many proposals your business can send each month, how many team members can use the account and how visible you are: the top plan lists you first in the business directory, marked as sponsored. Listing your business is free on the free plan.',
          'The plans page shows what each plan includes and its price, monthly or yearly, before checkout.',
        ],
        link: { label: 'Business plans', to: PATHS.pricing },
      },
      {
        id: 'cancel-plan',
        question: 'How do I change or cancel my plan?',
        answer: [
          'A plan renews at the end of each billing period until it is cancelled. To move to another plan or billing period, choose it on the plans page of your dashboard: the new plan replaces the old one once paid, and the unused time is credited.',
          'To cancel, email support from the address on your account. A cancelled plan stays active until the end of the period already paid for.',
        ],
        link: { label: 'Contact us', to: PATHS.contactUs },
      },
      {
        id: 'business-proposals',
        question: 'Can a business answer requests?',
        answer: [
          'Yes. Like freelancers, businesses can browse open requests on Find Job and answer them with proposals from the company’s account.',
        ],
        link: { label: 'Find Job', to: PATHS.findJobs },
      },
      {
        id: 'business-references',
        question: 'How do reviews and references work for a business?',
        answer: [
          'In the reviews and references step, add the clients you have worked with. Each receives a personal link by email to confirm the reference and leave a review. You decide which reviews are shown on your public profile.',
        ],
      },
    ],
  },
  {
    id: 'payments-and-versigems',
    title: 'Payments and versigems',
    intro: 'Card checkout, receipts and refunds.',
    questions: [
      {
        id: 'how-to-pay',
        question: 'How do I pay?',
        answer: [
          'By card, on our card payment provider’s secure checkout page. Versimarket confirms the payment with the provider before applying it to your account.',
        ],
      },
      {
        id: 'card-details',
        question: 'Do you store my card details?',
        answer: [
          'No. Your card details are entered on the payment provider’s page and stay with the provider. We receive what was bought, the amount and whether the payment succeeded.',
        ],
        link: { label: 'Privacy Policy', to: PATHS.privacyPolicy, hash: 'processors' },
      },
      {
        id: 'buy-versigems',
        question: 'How do I buy versigems?',
        answer: [
          'Open Versigems in your account menu, choose a bundle and how many, and pay by card. The versigems, bonus included, are added to your balance as soon as the payment is confirmed, and the page lists every change to your balance.',
        ],
        link: { label: 'Versigems prices', to: PATHS.pricing, hash: 'versigems' },
      },
      {
        id: 'versigems-refunds',
        question: 'Can I get a refund for versigems?',
        answer: [
          'Versigems are non-refundable once bought, and they have no cash value. We do refund a payment taken twice or in error, and we return versigems spent on a request that we later remove for breaking our terms. Where the law gives you a right to a refund, that right applies.',
          'Unused versigems do not expire while your account is open, but they are lost when the account is closed.',
        ],
        link: { label: 'Versigems terms', to: PATHS.terms, hash: 'versigems' },
      },
      {
        id: 'payment-failed',
        question: 'My payment failed, or I cancelled checkout. Was I charged?',
        answer: [
          'No. If you cancel at checkout or the payment is declined, nothing is charged and nothing is added to your account. You can try again, or use another card. If your bank shows a charge you do not recognise, contact us with its date and amount.',
        ],
      },
      {
        id: 'invoice',
        question: 'Can I get an invoice?',
        answer: [
          `Email ${BRAND.supportEmail} with the date and amount of the payment and the company details that should appear on the invoice.`,
        ],
      },
    ],
  },
  {
    id: 'account-and-security',
    title: 'Account and security',
    intro: 'Passwords, signing in and closing your account.',
    questions: [
      {
        id: 'forgot-password',
        question: 'I forgot my password. What do I do?',
        answer: [
          'Use Forgot password on the sign-in page and enter your email address. We send a link to set a new password; it works once and expires after a short time.',
        ],
        link: { label: 'Reset your password', to: PATHS.forgotPassword },
      },
      {
        id: 'change-password',
        question: 'How do I change my password?',
        answer: [
          'Signed in, go to Settings in your dashboard and change your password there. You will need your current password. If you think someone else knows it, change it straight away and tell us.',
        ],
        link: { label: 'Settings', to: PATHS.settings },
      },
      {
        id: 'remember-me',
        question: 'What does “Remember me” do?',
        answer: [
          'With Remember me ticked, you stay signed in on that browser for 30 days from your last visit. Without it, you are signed out when you close the browser, or after 12 hours without activity. Do not use it on a shared or public computer.',
        ],
        link: { label: 'Cookies Policy', to: PATHS.cookiesPolicy },
      },
      {
        id: 'protect-account',
        question: 'How do you protect my account?',
        answer: [
          'Passwords are stored only as strong one-way hashes. Your session is kept in a secure cookie that scripts cannot read, every change you make is checked against a per-session token, and repeated failed sign-in attempts are slowed down.',
          'Use a password you do not use anywhere else.',
        ],
      },
      {
        id: 'suspicious-activity',
        question: 'Someone sent me a suspicious message or request. What should I do?',
        answer: [
          'Do not share passwords, card details or sign-in codes with anyone, and be wary of anyone who pushes you to move the conversation or a payment elsewhere. Report it to us with the request reference or the name on the profile, and we will look into it.',
        ],
        link: { label: 'Report a problem', to: PATHS.contactUs },
      },
      {
        id: 'close-account',
        question: 'How do I close my account?',
        answer: [
          'Email support from the address on your account and ask us to close it. We confirm before we do. Our Privacy Policy explains what we delete and what we have to keep, such as payment records.',
        ],
        link: { label: 'Data retention', to: PATHS.privacyPolicy, hash: 'retention' },
      },
    ],
  },
];

/** Lower case, accents removed and curly apostrophes straightened, so "cafe" finds "café". */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .toLowerCase();
}

/** The words of a filter query; a question matches when every word appears in it somewhere. */
export function queryTerms(query: string): string[] {
  return normalise(query).split(/\s+/).filter(Boolean);
}

export function questionMatches(question: HelpQuestion, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = normalise([question.question, ...question.answer].join(' '));
  return terms.every((term) => haystack.includes(term));
}
