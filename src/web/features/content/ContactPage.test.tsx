import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BRAND } from '../../../shared/brand';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { ContactPage, supportMailto } from './ContactPage';
import { expectWellFormedOutline, findPageHeading, hrefOf } from './contentTestUtils';

describe('ContactPage', () => {
  it('has one h1, a title and a heading outline without gaps', async () => {
    renderWithRouter(<ContactPage />, { path: '/contact-us/' });

    await findPageHeading();
    expect(document.title).toBe('Contact us | Versimarket');
    expectWellFormedOutline();
  });

  it('shows the support address, the contact form and the project form, and claims no form is still to come', async () => {
    const { container } = renderWithRouter(<ContactPage />, { path: '/contact-us/' });
    await findPageHeading();

    expect(container.textContent).not.toMatch(/coming soon|form is coming/i);
    const emailLinks = screen.getAllByRole('link', { name: BRAND.supportEmail });
    expect(emailLinks.length).toBeGreaterThan(0);
    for (const link of emailLinks) expect(hrefOf(link)).toMatch(new RegExp(`^mailto:${BRAND.supportEmail}`));
    expect(container.querySelectorAll('form')).toHaveLength(2);
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Tell us about your project' })).toBeTruthy();
  });

  it('lists support, the Help Center, business enquiries and reports', async () => {
    renderWithRouter(<ContactPage />, { path: '/contact-us/' });
    await findPageHeading();

    for (const channel of ['Support by email', 'Help Center', 'Business enquiries', 'Report a problem']) {
      expect(screen.getByRole('heading', { level: 3, name: channel })).toBeTruthy();
    }
    expect(hrefOf(screen.getByRole('link', { name: /Browse the Help Center/ }))).toBe('/help-center/');
    expect(hrefOf(screen.getByRole('link', { name: 'Email a business enquiry' }))).toBe(
      `mailto:${BRAND.supportEmail}?subject=Business%20enquiry`,
    );
  });

  it('fills in the subject of a mailto link when asked', () => {
    expect(supportMailto()).toBe(`mailto:${BRAND.supportEmail}`);
    expect(supportMailto('Privacy request')).toBe(`mailto:${BRAND.supportEmail}?subject=Privacy%20request`);
  });
});
