/**
 * Toasts (spec §8, §9), all in one labelled container (two would be two unnamed live regions):
 * by default top-right for 5 s; product toasts bottom-right. Notifications of kind info and
 * error stay 3.5 s.
 */
import type { ToastOptions } from 'react-toastify/unstyled';
import { ApiError } from '../api/mutator';

export const DEFAULT_TOAST_AUTO_CLOSE_MS = 5000;
/** How long info and error notifications stay on screen. */
export const NOTIFICATION_DISPLAY_MS = 3500;
/** How long product toasts (request sent, purchase done, ...) stay on screen. */
export const PRODUCT_TOAST_AUTO_CLOSE_MS = 6000;
/** The name of the region that holds the toasts, read by screen readers. */
export const TOASTS_LABEL = 'Notifications';

/** Shown when an error carries no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/*
 * The toast library and its container load with the first toast, so pages that show none never
 * download them. A toast asked for before the container is up waits in the library's queue and
 * shows as soon as the container mounts.
 */
type ToastKind = 'info' | 'error' | 'success';
type ToastLibrary = typeof import('react-toastify/unstyled');

let containerWanted = false;
const containerListeners = new Set<() => void>();
let library: Promise<ToastLibrary> | undefined;

/** For the shell (ToastOutlet): whether a toast has been asked for, so the container must be up. */
export function toastContainerWanted(): boolean {
  return containerWanted;
}

export function subscribeToastContainer(listener: () => void): () => void {
  containerListeners.add(listener);
  return () => containerListeners.delete(listener);
}

function show(kind: ToastKind, message: string, options: ToastOptions): void {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of containerListeners) listener();
  }
  library ??= import('react-toastify/unstyled');
  library.then(
    ({ toast }) => toast[kind](message, options),
    () => {
      // The chunk did not arrive (offline, a new build): the next toast tries again.
      library = undefined;
    },
  );
}

export const notify = {
  info: (message: string) => show('info', message, { autoClose: NOTIFICATION_DISPLAY_MS }),
  error: (message: string) => show('error', message, { autoClose: NOTIFICATION_DISPLAY_MS }),
};

/** A product toast (request sent, purchase done, ...), bottom-right. */
export const productToast = {
  success: (message: string) =>
    show('success', message, { position: 'bottom-right', autoClose: PRODUCT_TOAST_AUTO_CLOSE_MS }),
  info: (message: string) =>
    show('info', message, { position: 'bottom-right', autoClose: PRODUCT_TOAST_AUTO_CLOSE_MS }),
};

/** The message to show for a failed call: the body's message, else a generic one (spec §8). */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body.message.trim()) return error.body.message;
  return GENERIC_ERROR_MESSAGE;
}

export function notifyApiError(error: unknown): void {
  notify.error(apiErrorMessage(error));
}
