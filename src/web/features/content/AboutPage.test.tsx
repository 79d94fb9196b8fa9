import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { AboutPage } from './AboutPage';
import { expectWellFormedOutline, findPageHeading, hrefOf } from './contentTestUtils';

describe('AboutPage', () => {
  it('has one h1, a title and a heading outline without gaps', async () => {
    renderWithRouter(<AboutPage />, { path: '/about-us/' });

    await findPageHeading();
    expect(document.title).toBe('About us | Versimarket');
    expectWellFormedOutline();
  });

  it('explains who it is for, how it works, its values and the parent company', async () => {
    renderWithRouter(<AboutPage />, { path: '/about-us/' });
    await findPageHeading();

    const h2s = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(h2s).toEqual([
      'What Versimarket is',
      'Three ways to take part',
      'From request to review',
      'Our values',
      'Who is behind Versimarket',
    ]);
    for (const audience of ['Clients', 'Freelancers', 'Businesses']) {
      expect(screen.getByRole('heading', { level: 3, name: audience })).toBeTruthy();
    }
    for (const value of ['Transparency', 'Reviews you can trust', 'Fair pricing']) {
      expect(screen.getByRole('heading', { level: 3, name: value })).toBeTruthy();
    }
    expect(screen.getByText(/token link/)).toBeTruthy();
    expect(screen.getByText(/Versimarket is a division of Versi Group/)).toBeTruthy();
  });

  it('sends each audience to its own sign-up page', async () => {
    renderWithRouter(<AboutPage />, { path: '/about-us/' });
    await findPageHeading();

    expect(hrefOf(screen.getByRole('link', { name: /Join as a client/ }))).toBe('/auth/client/signup/');
    expect(hrefOf(screen.getByRole('link', { name: /Join as a freelancer/ }))).toBe('/auth/freelancer/signup/');
    expect(hrefOf(screen.getByRole('link', { name: /Join as a business/ }))).toBe('/auth/business/signup/');
    expect(hrefOf(screen.getByRole('link', { name: 'Mobile App' }))).toBe('/services/#mobile-app');
  });
});
