/**
 * What the services page says about each request family, beyond the name and one-liner the
 * home page already keeps in SERVICE_FAMILIES. Keyed by slug so a new family fails to compile
 * until it has its own entry here.
 */
import { newRequestPath, PATHS } from '@/lib/paths';
import { SERVICE_FAMILIES, type ServiceFamily, type ServiceFamilySlug } from '@/lib/serviceFamilies';

export interface ServiceArea {
  label: string;
  to: string;
}

export interface FamilyDetails {
  overview: string;
  typicalProjects: readonly string[];
  toolsAndSkills: readonly string[];
  /** Sub-families with their own request form, where the family has them. */
  areas?: readonly ServiceArea[];
}

const FAMILY_DETAILS: Record<ServiceFamilySlug, FamilyDetails> = {
  'web-design-and-development': {
    overview:
      'Designers and developers who build websites and web applications that are fast, accessible and easy to update, from a five-page company site to a customer portal.',
    typicalProjects: [
      'A new company website, or a redesign of one that has aged',
      'An online store on Shopify, WooCommerce or a headless set-up',
      'A customer portal, booking system or other web application',
      'Landing pages for a campaign, with analytics and tracking in place',
      'Speed, accessibility and search audits, with the fixes made',
    ],
    toolsAndSkills: [
      'UX and UI design',
      'Figma',
      'WordPress',
      'Shopify',
      'Webflow',
      'React',
      'Next.js',
      'Vue',
      'HTML and CSS',
      'Accessibility (WCAG)',
      'Technical SEO',
    ],
  },
  'mobile-app': {
    overview:
      'App developers and designers for iOS and Android: a first version to test an idea, a native app where performance matters, or new features for an app you already run.',
    typicalProjects: [
      'A minimum viable product for iOS and Android from one codebase',
      'A native app in Swift or Kotlin',
      'Payments, sign-in or push notifications added to an existing app',
      'App Store and Google Play submission and release management',
      'A UX review and redesign of an app that loses its users',
    ],
    toolsAndSkills: [
      'Swift and SwiftUI',
      'Kotlin and Jetpack Compose',
      'React Native',
      'Flutter',
      'Firebase',
      'App Store Connect',
      'Google Play Console',
      'Mobile UX design',
      'Automated app testing',
    ],
  },
  'data-and-analytics': {
    overview:
      'Analysts and data engineers who get your data into one reliable place and turn it into reports people use. The request form asks whether the work is for you personally or for a business, so the right people answer.',
    typicalProjects: [
      'KPI dashboards in Power BI, Tableau or Looker Studio',
      'A data warehouse fed by pipelines from your apps and databases',
      'Messy spreadsheets cleaned up and consolidated into one model',
      'Website and product analytics with GA4 and event tracking',
      'One-off analysis: pricing, churn, cohorts or survey results',
    ],
    toolsAndSkills: [
      'SQL',
      'Python',
      'Power BI',
      'Tableau',
      'Looker Studio',
      'Excel',
      'dbt',
      'Snowflake',
      'BigQuery',
      'Google Analytics 4',
    ],
  },
  'software-development': {
    overview:
      'Engineers for custom software, back ends and integrations: the systems that run behind your website, your app or your operations.',
    typicalProjects: [
      'Custom business software that replaces spreadsheets and manual steps',
      'APIs and integrations between the systems you already use',
      'Back-end services, cloud migration and deployment pipelines',
      'Taking over, documenting or modernising a legacy codebase',
      'Code reviews, automated tests and performance work',
    ],
    toolsAndSkills: [
      'TypeScript and Node.js',
      'Python',
      'Java',
      'C# and .NET',
      'Go',
      'PostgreSQL',
      'REST and GraphQL APIs',
      'AWS',
      'Microsoft Azure',
      'Docker',
      'CI/CD',
    ],
  },
  'finance-transformation': {
    overview:
      'Finance consultants and systems specialists who modernise how finance works: planning, reporting, ERP systems and the processes around them.',
    typicalProjects: [
      'Budgeting, forecasting and FP&A models the whole team can trust',
      'A faster month-end close and reliable management reporting',
      'ERP selection, implementation or clean-up',
      'Day-to-day administration and support of finance systems',
      'Automated invoice capture, reconciliations and approvals',
    ],
    toolsAndSkills: [
      'NetSuite',
      'Microsoft Dynamics 365',
      'SAP',
      'Sage Intacct',
      'Workday Adaptive Planning',
      'Anaplan',
      'Power BI',
      'Financial modelling in Excel',
      'Xero',
      'QuickBooks',
    ],
    areas: [
      { label: 'FP&A revolution', to: newRequestPath('finance-transformation', 'fp-and-a-revolution') },
      {
        label: 'Financial reporting and advanced analytics',
        to: newRequestPath('finance-transformation', 'financial-reporting-and-advanced-analytics'),
      },
      { label: 'Enterprise', to: newRequestPath('finance-transformation', 'enterprise') },
      { label: 'System administration', to: newRequestPath('finance-transformation', 'system-administration') },
      { label: 'Digital transformation', to: newRequestPath('finance-transformation', 'digital-transformation') },
      { label: 'Something else', to: newRequestPath('finance-transformation', 'other') },
    ],
  },
  'machine-learning-and-ai': {
    overview:
      'Machine learning engineers and data scientists who build models and AI features that work on your data, and who can take them from a notebook to production.',
    typicalProjects: [
      'An assistant or chatbot that answers from your own documents',
      'Data extracted automatically from invoices, contracts or forms',
      'Forecasting and prediction models: demand, churn or risk',
      'Computer vision for classification, detection or quality checks',
      'Models put into production, with monitoring and retraining',
    ],
    toolsAndSkills: [
      'Python',
      'PyTorch',
      'TensorFlow',
      'scikit-learn',
      'Large language model APIs',
      'Retrieval-augmented generation',
      'Hugging Face',
      'MLflow',
      'Amazon SageMaker',
      'Azure Machine Learning',
      'Vertex AI',
    ],
  },
};

export type CatalogueFamily = ServiceFamily & FamilyDetails;

export const SERVICE_CATALOGUE: readonly CatalogueFamily[] = SERVICE_FAMILIES.map((family) => ({
  ...family,
  ...FAMILY_DETAILS[family.slug],
}));

export interface SpecialistProduct {
  id: 'netsuite' | 'react';
  name: string;
  summary: string;
  points: readonly string[];
  to: string;
  cta: string;
}

export const SPECIALIST_PRODUCTS: readonly SpecialistProduct[] = [
  {
    id: 'netsuite',
    name: 'NetSuite',
    summary:
      'For companies that run on NetSuite or are about to. Describe where you are, from choosing the system to years of live use, and NetSuite specialists answer.',
    points: [
      'Implementations and migrations from other systems',
      'SuiteScript, workflows and custom records',
      'Saved searches, reporting and integrations',
      'Ongoing administration and support',
    ],
    to: PATHS.netsuite,
    cta: 'Explore NetSuite services',
  },
  {
    id: 'react',
    name: 'React developers',
    summary:
      'For teams that need React skills: a new front end, an existing product that needs more hands, or a project that needs rescuing.',
    points: [
      'Front-end and full-stack React developers',
      'Part-time, full-time or for one project',
      'TypeScript, Next.js and React Native experience',
      'Tell us the role once, compare the developers who apply',
    ],
    to: PATHS.react,
    cta: 'Hire React developers',
  },
];
