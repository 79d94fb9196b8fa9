/**
 * The services page's specialist programmes. The service families themselves (names,
 * descriptions, icons, overviews, typical projects, tools and skills) come from the catalogue
 * call, written from the server's data files (src/server/catalogue-data/).
 */
import { PATHS, type AppPath } from '@/lib/paths';

export interface SpecialistProduct {
  id: 'netsuite' | 'react';
  name: string;
  summary: string;
  points: readonly string[];
  to: AppPath;
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
