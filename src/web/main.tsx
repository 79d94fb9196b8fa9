import { StrictMode, useEffect, useMemo, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { AuthProvider, useAuth, type AuthState } from './lib/auth';
import { installChunkErrorReload } from './lib/chunkErrors';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './lib/router';
import { LoadingScreen } from './ui/LoadingScreen';
import './ui/styles/index.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

/**
 * Hands the auth state to the router as context, and re-runs the current route's guards and
 * loaders (router.invalidate) whenever who is signed in changes: here, or in another tab.
 */
function App() {
  const { isAuthenticated, user, isLoading } = useAuth();
  const auth = useMemo<AuthState>(() => ({ isAuthenticated, user, isLoading }), [isAuthenticated, user, isLoading]);

  const routedUser = useRef<AuthState['user'] | undefined>(undefined);
  useEffect(() => {
    if (isLoading) return;
    // The first settled state is what the router starts with; later changes re-run the guards.
    if (routedUser.current !== undefined && routedUser.current !== user) void router.invalidate();
    routedUser.current = user;
  }, [isLoading, user]);

  // Guards read the session, so no route loads before the first check has answered.
  if (isLoading) return <LoadingScreen />;
  return <RouterProvider router={router} context={{ auth }} />;
}

/** `?scenario=NAME` in development serves the API from MSW handlers in the browser. */
async function startMocksIfAsked(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const scenario = new URLSearchParams(window.location.search).get('scenario');
  if (!scenario) return;
  const { startMockWorker } = await import('../../mocks/browser');
  await startMockWorker(scenario);
}

async function bootstrap(): Promise<void> {
  installChunkErrorReload();
  await startMocksIfAsked();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <App />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void bootstrap();
