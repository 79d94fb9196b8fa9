import { Logo } from './Logo';

/** Shown instead of the page while the first session check runs (spec §2). */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Logo size={40} />
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading Versimarket…</span>
    </div>
  );
}
