import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithRouter } from '../testing/renderWithRouter';
import { ErrorPage } from './ErrorPage';

describe('ErrorPage', () => {
  it.each([
    [401, 'not authorized to view the requested resource'],
    [403, 'access denied, no permission'],
    [404, 'the page is not found'],
    [500, 'the website is experiencing a problem'],
    [418, 'An Error Occurred'],
    [503, 'An Error Occurred'],
  ])('shows status %i with its text and a way home', async (status, text) => {
    renderWithRouter(<ErrorPage status={status} />);

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain(String(status));
    expect(screen.getByText(new RegExp(text, 'i'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('reads "An Error Occurred" without a status', async () => {
    renderWithRouter(<ErrorPage />);
    expect(await screen.findByText('An Error Occurred')).toBeTruthy();
  });
});
