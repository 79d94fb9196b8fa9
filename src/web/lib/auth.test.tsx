import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useScenario } from '../../../mocks/node';
import { clientUser } from '../../../mocks/fixtures/users';
import { AuthProvider, useAuth } from './auth';

function AuthProbe() {
  const { isLoading, isAuthenticated, user, signedIn, signedOut } = useAuth();
  return (
    <div>
      <p data-testid="state">
        {isLoading ? 'loading' : isAuthenticated ? `signed in as ${user?.accountType}` : 'signed out'}
      </p>
      <button onClick={() => signedIn(clientUser)}>sign in</button>
      <button onClick={() => signedOut()}>sign out</button>
    </div>
  );
}

function renderAuth({ visitor = false } = {}) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider visitor={visitor}>
        <AuthProbe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const state = () => screen.getByTestId('state').textContent;

describe('auth state', () => {
  it('starts loading, and a 401 from the session check means signed out', async () => {
    renderAuth();
    expect(state()).toBe('loading');
    await waitFor(() => expect(state()).toBe('signed out'));
  });

  it('on a page drawn for a browser without a session, starts as a visitor, and still follows the check', async () => {
    useScenario('freelancer');
    renderAuth({ visitor: true });
    expect(state()).toBe('signed out');
    // Signed in in another tab meanwhile: the check's answer wins.
    await waitFor(() => expect(state()).toBe('signed in as freelancer'));
  });

  it('is the user the session check answers', async () => {
    useScenario('freelancer');
    renderAuth();
    await waitFor(() => expect(state()).toBe('signed in as freelancer'));
  });

  it('follows signedIn() and signedOut() without showing the loading state again', async () => {
    renderAuth();
    await waitFor(() => expect(state()).toBe('signed out'));

    const seen = new Set<string | null>();
    const observer = new MutationObserver(() => seen.add(state()));
    observer.observe(screen.getByTestId('state'), { childList: true, characterData: true, subtree: true });

    act(() => screen.getByRole('button', { name: 'sign in' }).click());
    await waitFor(() => expect(state()).toBe('signed in as client'));

    act(() => screen.getByRole('button', { name: 'sign out' }).click());
    await waitFor(() => expect(state()).toBe('signed out'));
    observer.disconnect();
    expect(seen.has('loading')).toBe(false);
  });

  it('follows a sign-out in another tab', async () => {
    useScenario('client');
    renderAuth();
    await waitFor(() => expect(state()).toBe('signed in as client'));

    // The other tab signed out: the server now answers 401.
    useScenario('visitor');
    const otherTab = new BroadcastChannel('auth');
    otherTab.postMessage('signed-out');
    otherTab.close();

    await waitFor(() => expect(state()).toBe('signed out'));
  });

  it('follows a sign-in in another tab', async () => {
    renderAuth();
    await waitFor(() => expect(state()).toBe('signed out'));

    useScenario('business');
    const otherTab = new BroadcastChannel('auth');
    otherTab.postMessage('signed-in');
    otherTab.close();

    await waitFor(() => expect(state()).toBe('signed in as business'));
  });
});
