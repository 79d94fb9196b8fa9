import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { DEFAULT_TOAST_AUTO_CLOSE_MS, PRODUCT_TOAST_AUTO_CLOSE_MS, PRODUCT_TOAST_CONTAINER_ID } from './toast';

/** Both toast containers; mounted once, outside the routes. */
export function Toasts() {
  return (
    <>
      <ToastContainer
        position="top-right"
        autoClose={DEFAULT_TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        theme="light"
      />
      <ToastContainer
        containerId={PRODUCT_TOAST_CONTAINER_ID}
        position="bottom-right"
        autoClose={PRODUCT_TOAST_AUTO_CLOSE_MS}
        stacked
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        theme="light"
      />
    </>
  );
}
