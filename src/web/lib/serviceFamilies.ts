/** The six request families clients can post in (spec §1), as the home page presents them. */
export type ServiceFamilySlug =
  | 'web-design-and-development'
  | 'mobile-app'
  | 'data-and-analytics'
  | 'software-development'
  | 'finance-transformation'
  | 'machine-learning-and-ai';

export interface ServiceFamily {
  slug: ServiceFamilySlug;
  name: string;
  description: string;
}

export const SERVICE_FAMILIES: readonly ServiceFamily[] = [
  {
    slug: 'web-design-and-development',
    name: 'Web Design and Development',
    description: 'Websites, online stores and web apps that look sharp, load fast and convert.',
  },
  {
    slug: 'mobile-app',
    name: 'Mobile App',
    description: 'Native and cross-platform apps for iOS and Android, from prototype to store launch.',
  },
  {
    slug: 'data-and-analytics',
    name: 'Data and Analytics',
    description: 'Dashboards, data pipelines and reporting that turn your numbers into decisions.',
  },
  {
    slug: 'software-development',
    name: 'Software Development',
    description: 'Custom software, integrations and APIs built by experienced engineers.',
  },
  {
    slug: 'finance-transformation',
    name: 'Finance Transformation',
    description: 'FP&A, financial reporting and ERP projects that modernise how finance works.',
  },
  {
    slug: 'machine-learning-and-ai',
    name: 'Machine Learning and AI',
    description: 'Models, automation and AI features that put your data to work.',
  },
];
