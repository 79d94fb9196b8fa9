import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastContainer, toastContainerWanted } from './toast';

const Toasts = lazy(() => import('./Toasts').then((module) => ({ default: module.Toasts })));

/** Mounts the toast container (and loads it) once the first toast is asked for. */
export function ToastOutlet() {
  const wanted = useSyncExternalStore(subscribeToastContainer, toastContainerWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
