/** The six service families and their sub-families, in the order the catalogue shows them. */
export interface SubFamilyData {
  slug: string;
  name: string;
  description: string;
}

export interface FamilyData {
  slug: string;
  name: string;
  description: string;
  subFamilies: SubFamilyData[];
}

export const FAMILIES: FamilyData[] = [
  {
    slug: 'web-design-and-development',
    name: 'Web Design and Development',
    description: 'Websites, online stores and web applications, from design and content to build, hosting and upkeep.',
    subFamilies: [],
  },
  {
    slug: 'mobile-app',
    name: 'Mobile App',
    description: 'Native and cross-platform apps for iOS and Android, from the first design to store release.',
    subFamilies: [],
  },
  {
    slug: 'data-and-analytics',
    name: 'Data and Analytics',
    description: 'Turning data into answers: cleaning, analysis, dashboards, reporting and data pipelines.',
    subFamilies: [
      {
        slug: 'personal',
        name: 'Personal Analytics',
        description:
          'Help with data for an individual: a thesis, a side project, personal finances or a one-off analysis.',
      },
      {
        slug: 'business',
        name: 'Business Analytics',
        description: 'Dashboards, KPIs, reporting and analysis that help a company decide and measure.',
      },
    ],
  },
  {
    slug: 'software-development',
    name: 'Software Development',
    description: 'Custom software, APIs, integrations and automation, built, extended or maintained.',
    subFamilies: [],
  },
  {
    slug: 'finance-transformation',
    name: 'Finance Transformation',
    description: 'Modernising the finance function: planning, reporting, ERP systems and finance automation.',
    subFamilies: [
      {
        slug: 'fp-and-a-revolution',
        name: 'FP&A Revolution',
        description: 'Budgeting, forecasting, scenario planning and driver-based financial models.',
      },
      {
        slug: 'financial-reporting-and-advanced-analytics',
        name: 'Financial Reporting and Advanced Analytics',
        description: 'Month-end reporting, consolidation, management packs and analytics on financial data.',
      },
      {
        slug: 'enterprise',
        name: 'Enterprise Solutions',
        description: 'Selecting, implementing and optimising ERP and enterprise performance management systems.',
      },
      {
        slug: 'system-administration',
        name: 'System Administration',
        description: 'Running finance systems day to day: users, roles, workflows, integrations and upgrades.',
      },
      {
        slug: 'digital-transformation',
        name: 'Digital Transformation',
        description: 'Automating finance processes with workflow, RPA and AI, and moving them to the cloud.',
      },
      {
        slug: 'other',
        name: 'Other Finance Services',
        description: 'Any other finance project: audits of processes, training, interim support or advice.',
      },
    ],
  },
  {
    slug: 'machine-learning-and-ai',
    name: 'Machine Learning and AI',
    description:
      'Predictive models, generative AI, computer vision and language solutions, from prototype to production.',
    subFamilies: [],
  },
];
