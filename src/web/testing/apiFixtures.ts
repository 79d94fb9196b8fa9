import { http, HttpResponse } from 'msw';

/** The success envelope. */
export const ok = (data: unknown, message = 'OK') => ({ status: 'success', message, data });

/** A 400 in the error envelope naming fields. */
export const badRequest = (errors: { field: string; message: string }[]) =>
  HttpResponse.json(
    { status: 'error', message: 'Please correct the highlighted fields.', code: 'validation_failed', errors },
    { status: 400 },
  );

export const failure = (status: number, message: string, code = 'error') =>
  HttpResponse.json({ status: 'error', message, code }, { status });

/** Records the JSON bodies a handler receives. */
export function recordJson(method: 'post' | 'put' | 'patch', path: string, answer: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  const handler = http[method](path, async ({ request }) => {
    const body = (await request.json()) as unknown;
    bodies.push(body);
    return answer(body);
  });
  return { handler, bodies };
}

export const FREELANCER_COMPLETION = ok({
  accountType: 'freelancer',
  score: 65,
  completed: [{ key: 'email-verified', label: 'Verify your email', weight: 5 }],
  missing: [
    {
      key: 'education',
      label: 'Add your education',
      weight: 10,
      link: '/dashboard/complete/education/',
      hint: 'Clients shortlist freelancers with a degree listed more often.',
    },
    {
      key: 'tagline',
      label: 'Write a tagline',
      weight: 5,
      link: '/dashboard/settings/#tagline',
      hint: 'The tagline is the first line clients read in search results.',
    },
  ],
});

export const CLIENT_COMPLETION = ok({
  accountType: 'client',
  score: 45,
  completed: [],
  missing: [
    {
      key: 'about',
      label: 'Describe what your company does',
      weight: 25,
      link: '/dashboard/complete/profile/#about',
      hint: 'A short company description helps providers judge fit.',
    },
  ],
});

/** What F14 answers for the freelancer of the mock scenario. */
export const PUBLIC_PROFILE = ok({
  id: '2d7a8f63-0b54-4e2c-9f1a-6c3e4d5b2f02',
  displayName: 'Diego A.',
  avatarUrl: '/uploads/avatars/diego.webp',
  headline: 'Data engineer for retail and logistics teams',
  tagline: 'Dashboards your whole team trusts.',
  about:
    'I build data platforms and dashboards for retail and logistics companies, from the warehouse model to the weekly report.',
  country: 'ES',
  countryName: 'Spain',
  stateName: null,
  city: 'Valencia',
  hourlyRate: { amount: 80, currency: 'EUR' },
  availability: 'part-time',
  yearsOfExperience: 7,
  primaryService: { slug: 'data-and-analytics', label: 'Data and Analytics' },
  otherServices: [],
  languages: [{ code: 'es', name: 'Spanish', proficiency: 'native' }],
  education: [
    {
      id: 'f3a9c2e1-7b4d-4e6a-8c5f-1d2b9e7a3c46',
      school: 'Universitat de València',
      degree: 'BSc Computer Science',
      field: 'Data systems',
      startYear: 2012,
      endYear: 2016,
      description: null,
    },
  ],
  experience: [],
  rating: { average: null, count: 0 },
  reviews: [],
  projectCount: 1,
  memberSince: '2026-01-19T16:45:00Z',
  profileUrl: '/freelancer/2d7a8f63-0b54-4e2c-9f1a-6c3e4d5b2f02/',
});
