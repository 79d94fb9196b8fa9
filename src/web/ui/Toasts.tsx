import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { DEFAULT_TOAST_AUTO_CLOSE_MS, TOASTS_LABEL } from './toast';

/**
 * The one toast container, mounted once outside the routes: one labelled live region for every
 * toast. Toasts default to the top right; product toasts ask for the bottom right themselves.
 */
export function Toasts() {
  return (
    <ToastContainer
      aria-label={TOASTS_LABEL}
      position="top-right"
      autoClose={DEFAULT_TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      theme="light"
    />
  );
}
