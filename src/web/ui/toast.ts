/**
 * Toasts (spec §8, §9), all in one labelled container (two would be two unnamed live regions):
 * by default top-right for 5 s; product toasts bottom-right. Notifications of kind info and
 * error stay 3.5 s.
 */
import { toast } from 'react-toastify/unstyled';
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

export const notify = {
  info: (message: string) => toast.info(message, { autoClose: NOTIFICATION_DISPLAY_MS }),
  error: (message: string) => toast.error(message, { autoClose: NOTIFICATION_DISPLAY_MS }),
};

/** A product toast (request sent, purchase done, ...), bottom-right. */
export const productToast = {
  success: (message: string) =>
    toast.success(message, { position: 'bottom-right', autoClose: PRODUCT_TOAST_AUTO_CLOSE_MS }),
  info: (message: string) => toast.info(message, { position: 'bottom-right', autoClose: PRODUCT_TOAST_AUTO_CLOSE_MS }),
};

/** The message to show for a failed call: the body's message, else a generic one (spec §8). */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body.message.trim()) return error.body.message;
  return GENERIC_ERROR_MESSAGE;
}

export function notifyApiError(error: unknown) {
  return notify.error(apiErrorMessage(error));
}
