import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/renderApp';

async function openChooser(path = '/auth/signup/') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Join as a Client or Freelancer or Business' });
  return app;
}

const submit = () => screen.getByRole('button', { name: /^Continue/ });

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('account type chooser', () => {
  it('offers the three account types as radio cards with the exact texts', async () => {
    await openChooser();
    const radios = within(screen.getByRole('group', { name: 'Account type' })).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      "I'm a client, looking for freelancers or consultants",
      "I'm a freelancer or independent consultant, looking for work",
      "A business looking to sell business' services and boost visibility for brand",
    ]);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login/');
  });

  it('names the submit button after the choice, "Continue" while nothing is chosen', async () => {
    const user = userEvent.setup();
    await openChooser();
    expect(submit().textContent).toBe('Continue');

    await user.click(screen.getByRole('radio', { name: /I'm a client/ }));
    expect(submit().textContent).toBe('Continue as a Client');
    await user.click(screen.getByRole('radio', { name: /I'm a freelancer/ }));
    expect(submit().textContent).toBe('Continue as a Freelancer');
    await user.click(screen.getByRole('radio', { name: /A business/ }));
    expect(submit().textContent).toBe('Continue as Business');
  });

  it('is one native radio group, chosen with the keyboard', async () => {
    const user = userEvent.setup();
    await openChooser();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    // One name: browsers then move between the cards with the arrow keys.
    expect(new Set(radios.map((radio) => radio.name))).toEqual(new Set(['accountType']));

    radios[0]?.focus();
    await user.keyboard(' ');
    expect(radios[0]?.checked).toBe(true);
    expect(submit().textContent).toBe('Continue as a Client');
  });

  it('asks for a choice when submitted empty, and choosing clears the message', async () => {
    const user = userEvent.setup();
    const app = await openChooser();
    await user.click(submit());

    const alert = await screen.findByText('Please select an account type.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(app.location()).toBe('/auth/signup/');
    expect(sessionStorage.getItem('account_type')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /I'm a freelancer/ }));
    expect(screen.queryByText('Please select an account type.')).toBeNull();
  });

  it('stores the choice and moves on after 300 ms to that type’s sign-up', async () => {
    const app = await openChooser();
    fireEvent.click(screen.getByRole('radio', { name: /I'm a freelancer/ }));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit());
    expect(sessionStorage.getItem('account_type')).toBe('freelancer');

    act(() => vi.advanceTimersByTime(299));
    expect(app.location()).toBe('/auth/signup/');
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(app.location()).toBe('/auth/freelancer/signup/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up as a freelancer' })).toBeTruthy();
  });

  it('sends a business to the business sign-up', async () => {
    const user = userEvent.setup();
    const app = await openChooser();
    await user.click(screen.getByRole('radio', { name: /A business/ }));
    await user.click(submit());
    await waitFor(() => expect(app.location()).toBe('/auth/business/signup/'));
    expect(sessionStorage.getItem('account_type')).toBe('business');
  });

  it('continues a client to the requested page, else the client sign-up', async () => {
    const user = userEvent.setup();
    const app = await openChooser('/auth/signup/?next=%2Frequest%2Fnew%2F');
    await user.click(screen.getByRole('radio', { name: /I'm a client/ }));
    await user.click(submit());
    await waitFor(() => expect(app.location()).toBe('/request/new/'));
    expect(sessionStorage.getItem('account_type')).toBe('client');
  });

  it('ignores a next that leaves the site', async () => {
    const user = userEvent.setup();
    const app = await openChooser(`/auth/signup/?next=${encodeURIComponent('//evil.example/')}`);
    await user.click(screen.getByRole('radio', { name: /I'm a client/ }));
    await user.click(submit());
    await waitFor(() => expect(app.location()).toBe('/auth/client/signup/'));
  });
});
