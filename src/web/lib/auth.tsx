/**
 * Auth state (spec §4): who is signed in, derived from the `getMe` query (GET /api/auth/me/),
 * which is also the startup session check. A 401 from it means "signed out", not an error.
 *
 * - `isLoading` starts true and turns false once the first session check succeeds or fails; it
 *   never turns back on, so a later re-check (another tab signed out) does not blank the page.
 * - `signedIn(user)` / `signedOut()` are what the sign-in, sign-up and sign-out flows call; they
 *   update this tab and tell the other tabs, which re-check the session.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, resetCsrfToken } from '../api/mutator';
import { getGetMeQueryKey, getGetMeQueryOptions, type getMe } from '../api/generated/auth/auth';
import type { AuthUser } from '../api/generated/model';
import { openAuthChannel, type AuthChannel, type AuthEvent } from './authChannel';
import { isClientError } from './queryClient';

export type { AuthUser };
export type AccountType = AuthUser['accountType'];

/** What guards and the router context read. */
export interface AuthState {
  isAuthenticated: boolean;
  user: AuthUser | null;
  isLoading: boolean;
}

export interface Auth extends AuthState {
  /** Call after a successful sign-in or sign-up with the user the server answered. */
  signedIn(user: AuthUser): void;
  /** Call after signing out (whether or not the server call succeeded). */
  signedOut(): void;
}

type MeResponse = Awaited<ReturnType<typeof getMe>>;

/** The state before the first session check has answered. */
export const INITIAL_AUTH_STATE: AuthState = { isAuthenticated: false, user: null, isLoading: true };

/**
 * A page the server rendered for a browser that sent no session cookie: nobody is signed in, so
 * the page starts as a visitor's without waiting for the session check (which still runs).
 */
export const VISITOR_AUTH_STATE: AuthState = { isAuthenticated: false, user: null, isLoading: false };

const meQueryKey = getGetMeQueryKey();
const SESSION_RETRY_DELAY_MS = 500;

function isMeQuery(queryKey: readonly unknown[]): boolean {
  return JSON.stringify(queryKey) === JSON.stringify(meQueryKey);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 401;
}

/** Forget everything cached for the previous user; active queries (the session check too) refetch. */
function clearSession(queryClient: QueryClient): void {
  resetCsrfToken();
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.resetQueries();
}

/** Someone signed in: the session's answers may differ for this user, so refetch them. */
function refreshSession(queryClient: QueryClient): void {
  resetCsrfToken();
  void queryClient.invalidateQueries();
}

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children, visitor = false }: { children: ReactNode; visitor?: boolean }) {
  const queryClient = useQueryClient();
  const me = useQuery(
    getGetMeQueryOptions({
      // The page waits for this answer: one quick retry for a network hiccup, none for a 4xx.
      query: { retry: (count, error) => !isClientError(error) && count < 1, retryDelay: SESSION_RETRY_DELAY_MS },
    }),
  );

  // Latched: true once the first check has an answer (success or failure), then stays true; true
  // from the start on a page served to a known visitor.
  const [checked, setChecked] = useState(visitor);
  useEffect(() => {
    if (!me.isPending) setChecked(true);
  }, [me.isPending]);

  const channel = useRef<AuthChannel | null>(null);
  useEffect(() => {
    const onOtherTab = (event: AuthEvent) => {
      if (event === 'signed-out') clearSession(queryClient);
      else refreshSession(queryClient);
    };
    channel.current = openAuthChannel(onOtherTab);
    return () => {
      channel.current?.close();
      channel.current = null;
    };
  }, [queryClient]);

  const signedIn = useCallback(
    (user: AuthUser) => {
      resetCsrfToken();
      queryClient.setQueryData<MeResponse>(meQueryKey, { status: 'success', message: 'OK', data: user });
      // Everything else may answer differently for a signed-in user.
      void queryClient.invalidateQueries({ predicate: (query) => !isMeQuery(query.queryKey) });
      channel.current?.post('signed-in');
    },
    [queryClient],
  );

  const signedOut = useCallback(() => {
    clearSession(queryClient);
    channel.current?.post('signed-out');
  }, [queryClient]);

  // A 401 after an earlier success leaves the old data in the cache: the error wins.
  const user = isUnauthorized(me.error) ? null : (me.data?.data ?? null);
  const isLoading = !checked && me.isPending;

  const auth = useMemo<Auth>(
    () => ({ isAuthenticated: user !== null, user, isLoading, signedIn, signedOut }),
    [user, isLoading, signedIn, signedOut],
  );
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() needs an <AuthProvider> above it.');
  return auth;
}

/** The signed-in user's account type, or null for a visitor. */
export function useAccountType(): AccountType | null {
  return useAuth().user?.accountType ?? null;
}
