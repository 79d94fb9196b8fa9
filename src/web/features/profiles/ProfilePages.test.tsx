import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { handlersFor } from '../../../../mocks/scenarios';
import type {
  BusinessPublicProfile,
  FreelancerProjectSummary,
  FreelancerPublicProfile,
  FreelancerPublicProject,
  FreelancerPublicService,
} from '@/api/generated/model';
import { renderApp } from '@/testing/renderApp';

configure({ asyncUtilTimeout: 4000 });

const UID = '4b7e1c9a-6f2d-4e8b-a1c3-9d5f7e2b8a64';
const PID = '9a3f6c21-5b7e-4d2a-8c1f-3e6b9d0a7f52';
const ok = (data: unknown) => HttpResponse.json({ status: 'success', message: 'OK', data });
const notFound = () =>
  HttpResponse.json({ status: 'error', message: 'Not found.', code: 'not_found' }, { status: 404 });
const broken = () =>
  HttpResponse.json({ status: 'error', message: 'Something went wrong.', code: 'internal' }, { status: 500 });

const review = {
  id: 'c5e8a1f3-2b7d-4c9e-a4f6-8d1b3e7c2a95',
  reviewerName: 'Priya Raman',
  reviewerRole: 'VP Finance',
  company: 'Brightline Logistics',
  rating: 5,
  title: 'Our month-end close went from nine days to four',
  text: 'Rebuilt our forecasting model and automated the board pack.',
  wouldRecommend: true,
  submittedAt: '2026-02-20T18:04:11Z',
};

function business(overrides: Partial<BusinessPublicProfile> = {}): BusinessPublicProfile {
  return {
    companyId: 'northwind-analytics',
    accountId: '8a3c5e21-7f04-4d9b-b6e2-0c4d1f8a9b37',
    name: 'Northwind Analytics',
    logoUrl: '/api/uploads/5d0c/logo.webp',
    tagline: 'Finance and data teams on demand for mid-market companies.',
    description:
      'Northwind Analytics helps mid-market finance teams plan.\n\nOur consultants implement FP&A platforms.',
    website: 'https://www.northwind-analytics.com',
    foundedYear: 2014,
    businessType: { slug: 'agency', label: 'Agency or consultancy' },
    industry: { slug: 'financial-services', label: 'Financial services' },
    services: [
      { slug: 'finance-transformation/fp-and-a-revolution', label: 'FP&A Revolution' },
      { slug: 'data-and-analytics/business', label: 'Business Analytics' },
    ],
    totalEmployees: { slug: '10-49', label: '10 - 49 employees' },
    minimumProjectSize: { slug: '25000-plus', label: '$25,000+' },
    averageHourlyRate: { slug: '100-149', label: '$100 - $149 / hr' },
    languages: [
      { code: 'en', name: 'English' },
      { code: 'es', name: 'Spanish' },
    ],
    locations: [
      {
        id: '9a4e1b7c-5d2f-4c83-b6a0-2e8f7d1c4b95',
        label: 'London office',
        line1: '30 Finsbury Square',
        line2: null,
        city: 'London',
        state: 'LND',
        postalCode: 'EC2A 1AG',
        country: 'GB',
        phone: null,
        isHeadquarters: false,
      },
      {
        id: '0b6f3c1e-8a2d-4e57-9f14-3c7a5d9e2b81',
        label: 'Headquarters',
        line1: '548 Market Street',
        line2: 'Suite 4100',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94104',
        country: 'US',
        phone: '+14155550132',
        isHeadquarters: true,
      },
    ],
    socialProfiles: {
      linkedin: 'https://www.linkedin.com/company/northwind-analytics',
      x: null,
      facebook: null,
      instagram: null,
      youtube: null,
      github: 'https://github.com/northwind-analytics',
      clutch: null,
      website: 'https://www.northwind-analytics.com',
    },
    rating: { average: 4.5, count: 2 },
    reviews: [review],
    references: [
      {
        id: 'a7e4f1c9-2b6d-4a38-9c5e-8f0d3b2a1e74',
        name: 'Marcus Lindqvist',
        company: 'Fjord Capital',
        relationship: 'former-client',
        projectSummary: 'Consolidated reporting across four Nordic entities.',
        rating: 5,
      },
    ],
    badge: 'featured',
    memberSince: '2026-03-02T09:58:37Z',
    ...overrides,
  };
}

function freelancer(overrides: Partial<FreelancerPublicProfile> = {}): FreelancerPublicProfile {
  return {
    id: UID,
    displayName: 'Maya O.',
    avatarUrl: null,
    headline: 'NetSuite and FP&A consultant for SaaS finance teams',
    tagline: 'I turn month-end chaos into a four-day close.',
    about: 'I help finance teams at growing SaaS companies close faster.',
    country: 'US',
    countryName: 'United States',
    stateName: 'California',
    city: 'San Francisco',
    hourlyRate: { amount: 95, currency: 'USD' },
    availability: 'part-time',
    yearsOfExperience: 9,
    primaryService: { slug: 'finance-transformation', label: 'Finance Transformation' },
    otherServices: [{ slug: 'data-and-analytics', label: 'Data and Analytics' }],
    languages: [{ code: 'en', name: 'English', proficiency: 'native' }],
    education: [
      {
        id: 'f3a9c2e1-7b4d-4e6a-8c5f-1d2b9e7a3c46',
        school: 'University of Michigan',
        degree: 'Master of Accounting',
        field: 'Accounting and Finance',
        startYear: 2013,
        endYear: 2015,
        description: null,
      },
    ],
    experience: [
      {
        id: '5c2e8a1f-3d7b-4f9e-a2c6-8b1d4e7f0a93',
        company: 'Deloitte',
        title: 'Senior Consultant',
        location: 'Chicago, IL',
        startDate: '2015-09-01',
        endDate: '2020-06-01',
        current: false,
        description: null,
      },
    ],
    rating: { average: 5, count: 1 },
    reviews: [{ ...review, verified: true }],
    projectCount: 3,
    memberSince: '2026-01-19T16:45:00Z',
    profileUrl: `/freelancer/${UID}/`,
    ...overrides,
  };
}

function service(overrides: Partial<FreelancerPublicService> = {}): FreelancerPublicService {
  return {
    service: { slug: 'finance-transformation', label: 'Finance Transformation' },
    isPrimary: true,
    description: 'NetSuite implementations and FP&A models.',
    hourlyRate: { amount: 95, currency: 'USD' },
    yearsOfExperience: 9,
    tools: [{ id: 74, slug: 'netsuite', name: 'NetSuite' }],
    projectCount: 2,
    coverImageUrl: '/api/uploads/9a3f/cover-480.webp',
    ...overrides,
  };
}

function projectSummary(overrides: Partial<FreelancerProjectSummary> = {}): FreelancerProjectSummary {
  return {
    id: PID,
    service: { slug: 'finance-transformation', label: 'Finance Transformation' },
    title: 'Board pack automation',
    excerpt: 'Replaced a 60-tab Excel board pack with a Power BI report…',
    projectSize: { slug: 'medium', label: 'Medium ($5,000 to $25,000)' },
    coverImageUrl: '/api/uploads/9a3f/board-480.webp',
    tools: [{ id: 42, slug: 'power-bi', name: 'Power BI' }],
    startedOn: '2025-09-01',
    completedOn: '2026-01-30',
    imageCount: 2,
    fileCount: 1,
    updatedAt: '2026-02-02T13:37:50Z',
    ...overrides,
  };
}

function project(overrides: Partial<FreelancerPublicProject> = {}): FreelancerPublicProject {
  return {
    id: PID,
    service: { slug: 'finance-transformation', label: 'Finance Transformation' },
    title: 'Board pack automation',
    description: 'Replaced a 60-tab Excel board pack with a Power BI report fed from NetSuite.',
    projectSize: { slug: 'medium', label: 'Medium ($5,000 to $25,000)' },
    role: 'Lead FP&A consultant',
    url: 'https://www.example.com/case-studies/board-pack',
    tools: [{ id: 42, slug: 'power-bi', name: 'Power BI' }],
    startedOn: '2025-09-01',
    completedOn: '2026-01-30',
    images: ['board', 'runway'].map((name, index) => ({
      id: `6d2a9f13-4c8b-4e7a-9b1d-2f5e8c3a7d4${index}`,
      name: `${name}.png`,
      url: `/api/uploads/img${index}/${name}.webp`,
      thumbnailUrl: `/api/uploads/img${index}/${name}-480.webp`,
      width: 2400,
      height: 1350,
      size: 412870,
      contentType: 'image/webp' as const,
    })),
    files: [
      {
        id: '3b1e4d8a-7c2f-4a9e-8d6b-5f1c2e9a7b30',
        name: 'case-study.pdf',
        url: '/api/uploads/3b1e/case-study.pdf',
        size: 1843200,
        contentType: 'application/pdf',
      },
    ],
    createdAt: '2026-03-14T11:20:05Z',
    updatedAt: '2026-03-18T08:47:22Z',
    freelancer: { id: UID, accountType: 'freelancer', displayName: 'Maya O.', avatarUrl: null, companyId: null },
    ...overrides,
  };
}

beforeEach(() => {
  server.use(...handlersFor('visitor'));
});

describe('the business profile', () => {
  it('shows what the API answers', async () => {
    server.use(http.get('/api/account/public/business/:companyId/', () => ok(business())));
    renderApp('/business/northwind-analytics/');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Northwind AnalyticsFeatured');
    expect(screen.getByText('Finance and data teams on demand for mid-market companies.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeTruthy();

    const website = screen.getByRole('link', { name: 'Website: northwind-analytics.com (opens in a new tab)' });
    expect(website.getAttribute('href')).toBe('https://www.northwind-analytics.com');
    expect(website.getAttribute('rel')).toBe('noopener nofollow');

    const facts = within(screen.getByRole('region', { name: 'At a glance' }));
    expect(facts.getByText('2014')).toBeTruthy();
    expect(facts.getByText('10 - 49 employees')).toBeTruthy();
    expect(facts.getByText('$100 - $149 / hr')).toBeTruthy();
    expect(facts.getByText('$25,000+')).toBeTruthy();
    expect(facts.getByText('English, Spanish')).toBeTruthy();

    expect(screen.getByText('Our consultants implement FP&A platforms.')).toBeTruthy();
    expect(screen.getByText('FP&A Revolution')).toBeTruthy();

    // Headquarters first, whatever the order of the answer.
    const offices = within(screen.getByRole('region', { name: 'Locations' })).getAllByRole('listitem');
    expect(offices[0]!.textContent).toContain('548 Market Street');
    expect(offices[1]!.textContent).toContain('London');

    const social = within(screen.getByRole('region', { name: 'Social profiles' }));
    const linkedin = social.getByRole('link', { name: 'Northwind Analytics on LinkedIn (opens in a new tab)' });
    expect(linkedin.getAttribute('rel')).toBe('noopener nofollow');
    expect(social.getByRole('link', { name: /on GitHub/ })).toBeTruthy();
    expect(social.queryByRole('link', { name: /on Facebook/ })).toBeNull();

    const reviews = within(screen.getByRole('region', { name: /Reviews/ }));
    expect(reviews.getByRole('article', { name: review.title })).toBeTruthy();
    expect(reviews.getByText('Priya Raman, VP Finance, Brightline Logistics')).toBeTruthy();
    const references = within(screen.getByRole('region', { name: 'References' }));
    expect(references.getByText('Fjord Capital · Former client')).toBeTruthy();
    // A visitor can contact the business (the guest form opens in a dialog).
    await userEvent.click(screen.getByRole('button', { name: 'Contact Northwind Analytics' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Northwind Analytics' })).toBeTruthy();
    // The message goes to the business owner's account.
    const sent: unknown[] = [];
    server.use(
      http.post('/api/message/guest/direct-contact/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: 'success', message: 'Sent.', data: null }, { status: 201 });
      }),
    );
    await userEvent.type(screen.getByLabelText('Your name'), 'Elena Marquez');
    await userEvent.type(screen.getByLabelText('Your email'), 'elena@example.com');
    await userEvent.type(
      screen.getByLabelText('Your message'),
      'We need a rolling forecast in Adaptive Planning by the end of the quarter.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ recipientId: business().accountId })]));
  });

  it('shows initials without a logo and says when there are no reviews', async () => {
    server.use(
      http.get('/api/account/public/business/:companyId/', () =>
        ok(
          business({
            logoUrl: null,
            reviews: [],
            references: [],
            rating: { average: null, count: 0 },
            badge: null,
            locations: [{ ...business().locations[1]!, label: null }],
          }),
        ),
      ),
    );
    renderApp('/business/northwind-analytics/');
    await screen.findByRole('heading', { level: 1, name: 'Northwind Analytics' });
    expect(screen.getByText('NA')).toBeTruthy();
    expect(screen.getByText('No reviews yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'References' })).toBeNull();
    // An unnamed headquarters is called so once.
    const office = within(screen.getByRole('region', { name: 'Location' }));
    expect(office.getAllByText('Headquarters')).toHaveLength(1);
  });

  it('shows the 404 page when the API answers 404', async () => {
    server.use(http.get('/api/account/public/business/:companyId/', () => notFound()));
    renderApp('/business/nobody/');
    expect(await screen.findByText('Sorry, the page is not found.')).toBeTruthy();
  });

  it('offers a retry when loading fails', async () => {
    let calls = 0;
    server.use(
      http.get('/api/account/public/business/:companyId/', () => {
        calls += 1;
        return calls === 1 ? broken() : ok(business());
      }),
    );
    renderApp('/business/northwind-analytics/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this business');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Northwind AnalyticsFeatured' });
  });
});

describe('the freelancer profile', () => {
  it('shows the profile and the services with their project counts', async () => {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/services/', () =>
        ok([
          service(),
          service({
            service: { slug: 'data-and-analytics', label: 'Data and Analytics' },
            isPrimary: false,
            projectCount: 0,
          }),
        ]),
      ),
    );
    renderApp(`/freelancer/${UID}/`);
    await screen.findByRole('heading', { level: 1, name: 'Maya O.' });
    expect(screen.getByText('NetSuite and FP&A consultant for SaaS finance teams')).toBeTruthy();
    expect(screen.getByText('I turn month-end chaos into a four-day close.')).toBeTruthy();
    expect(screen.getByText('San Francisco, California, United States')).toBeTruthy();
    expect(screen.getByText('MO')).toBeTruthy();

    const facts = within(screen.getByRole('region', { name: 'At a glance' }));
    expect(facts.getByText('$95/hr')).toBeTruthy();
    expect(facts.getByText('Part time (10 to 30 hrs/week)')).toBeTruthy();
    expect(facts.getByText('9 years')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Languages' })).getByText('Native or bilingual')).toBeTruthy();

    const link = await screen.findByRole('link', { name: '2 projects in Finance Transformation' });
    expect(link.getAttribute('href')).toBe(`/freelancer/${UID}/services/finance-transformation/projects/`);
    expect(screen.getByText('No projects yet')).toBeTruthy();

    expect(within(screen.getByRole('region', { name: 'Experience' })).getByText('Sep 2015 – Jun 2020')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Education' })).getByText('2013 – 2015')).toBeTruthy();
    expect(screen.getByText('Verified reviewer')).toBeTruthy();
    // A visitor can contact the freelancer (the guest form opens in a dialog).
    await userEvent.click(screen.getByRole('button', { name: 'Contact Maya O.' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Maya O.' })).toBeTruthy();
    expect(screen.getByLabelText('Your email')).toBeTruthy();
  });

  it('shows the 404 page when the API answers 404', async () => {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => notFound()),
      http.get('/api/account/public/freelancer/:uid/services/', () => notFound()),
    );
    renderApp(`/freelancer/${UID}/`);
    expect(await screen.findByText('Sorry, the page is not found.')).toBeTruthy();
  });

  it('lists the services on their own page', async () => {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/services/', () => ok([service()])),
    );
    renderApp(`/freelancer/${UID}/services/`);
    await screen.findByRole('heading', { level: 1, name: 'Services by Maya O.' });
    const card = screen.getByRole('article', { name: /Finance Transformation/ });
    expect(within(card).getByRole('img', { name: 'A project in Finance Transformation' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See 2 projects in Finance Transformation' })).toBeTruthy();
    expect(within(card).getByText('NetSuite')).toBeTruthy();
  });

  it('says when there are no services yet', async () => {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/services/', () => ok([])),
    );
    renderApp(`/freelancer/${UID}/services/`);
    expect(await screen.findByText('Maya O. has not described any services yet.')).toBeTruthy();
  });
});

describe('the projects of a service', () => {
  it('lists the projects with links to each', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/services/:sid/projects/', ({ request }) => {
        asked.push(new URL(request.url));
        return ok({ items: [projectSummary()], pagination: { page: 1, pageSize: 12, total: 1, totalPages: 1 } });
      }),
    );
    renderApp(`/freelancer/${UID}/services/finance-transformation/projects/`);
    await screen.findByRole('heading', { level: 1, name: 'Finance Transformation projects' });
    expect(asked[0]!.pathname).toBe(`/api/account/public/freelancer/${UID}/services/finance-transformation/projects/`);
    const card = screen.getByRole('article', { name: 'Board pack automation' });
    expect(within(card).getByRole('link', { name: 'Board pack automation' }).getAttribute('href')).toBe(
      `/freelancer/${UID}/services/finance-transformation/projects/${PID}/details/`,
    );
    expect(within(card).getByRole('img', { name: 'Board pack automation' })).toBeTruthy();
    expect(within(card).getByText('Sep 2025 – Jan 2026')).toBeTruthy();
    expect(within(card).getByText('2 images')).toBeTruthy();
  });

  it('says when the service has no projects', async () => {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/services/:sid/projects/', () =>
        ok({ items: [], pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 } }),
      ),
    );
    renderApp(`/freelancer/${UID}/services/data-and-analytics/projects/`);
    expect(await screen.findByText('Maya O. has not added projects to this service yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Data and Analytics projects');
  });

  it('shows the 404 page for a service the freelancer does not offer', async () => {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/services/:sid/projects/', () => notFound()),
    );
    renderApp(`/freelancer/${UID}/services/mobile-app/projects/`);
    expect(await screen.findByText('Sorry, the page is not found.')).toBeTruthy();
  });
});

describe('a project page', () => {
  function answer(body = project()) {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/projects/:pid/details/', () => ok(body)),
    );
  }

  it('shows the gallery, the facts, the tools and the links', async () => {
    answer();
    renderApp(`/freelancer/${UID}/services/finance-transformation/projects/${PID}/details/`);
    await screen.findByRole('heading', { level: 1, name: 'Board pack automation' });
    const gallery = within(screen.getByRole('region', { name: 'Images' }));
    const big = gallery.getByRole('img', { name: 'Board pack automation, image 1 of 2' });
    expect(big.getAttribute('src')).toBe('/api/uploads/img0/board.webp');
    await userEvent.click(gallery.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(gallery.getByRole('img', { name: 'Board pack automation, image 2 of 2' }).getAttribute('src')).toBe(
      '/api/uploads/img1/runway.webp',
    );
    expect(gallery.getByRole('button', { name: 'Show image 2 of 2' }).getAttribute('aria-pressed')).toBe('true');

    expect(screen.getByText('Medium ($5,000 to $25,000)')).toBeTruthy();
    expect(screen.getByText('Lead FP&A consultant')).toBeTruthy();
    expect(
      screen.getByText('Replaced a 60-tab Excel board pack with a Power BI report fed from NetSuite.'),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Tools' })).getByText('Power BI')).toBeTruthy();
    const external = screen.getByRole('link', { name: 'View the project (opens in a new tab)' });
    expect(external.getAttribute('rel')).toBe('noopener nofollow');
    expect(screen.getByRole('link', { name: 'case-study.pdf' }).getAttribute('href')).toBe(
      '/api/uploads/3b1e/case-study.pdf',
    );
    expect(screen.getByText('1.8 MB')).toBeTruthy();
  });

  it('shows the 404 page under another service path', async () => {
    answer();
    renderApp(`/freelancer/${UID}/services/mobile-app/projects/${PID}/details/`);
    expect(await screen.findByText('Sorry, the page is not found.')).toBeTruthy();
  });

  it('shows the 404 page when the API answers 404', async () => {
    server.use(
      http.get('/api/account/public/freelancer/:uid/', () => ok(freelancer())),
      http.get('/api/account/public/freelancer/:uid/projects/:pid/details/', () => notFound()),
    );
    renderApp(`/freelancer/${UID}/services/finance-transformation/projects/${PID}/details/`);
    expect(await screen.findByText('Sorry, the page is not found.')).toBeTruthy();
  });
});
