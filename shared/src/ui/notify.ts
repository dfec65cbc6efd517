/**
 * Notifications of spec section 8: errors top-right for 5 s; post outcomes
 * for 6 s (success top-right, failure as a warning at the bottom centre).
 *
 * The toast library loads with the first notification, not with every page
 * (`loadToasts` of @ministry/shared/app, which puts the container on screen).
 */
import type { ToastOptions } from 'react-toastify';
import { loadToasts } from '@ministry/shared/app';

/** Errors and warnings on screen, closed once something succeeds. */
const problems = new Set<string>();

/**
 * One toast per kind and message: pressing a button again does not stack
 * copies (the one on screen starts its time again), and a success closes the
 * errors still showing, which it has made stale.
 */
function show(kind: 'success' | 'error' | 'warning', message: string, options: ToastOptions): void {
  const toastId = `${kind}:${message}`;
  loadToasts().then(
    ({ toast }) => {
      if (kind === 'success') {
        problems.forEach((id) => toast.dismiss(id));
        problems.clear();
      } else {
        problems.add(toastId);
      }
      if (toast.isActive(toastId)) {
        toast.update(toastId, { ...options, autoClose: options.autoClose });
        return;
      }
      toast[kind](message, { ...options, toastId, onClose: () => problems.delete(toastId) });
    },
    () => {
      // The library could not be fetched (offline): nothing to show it with.
    },
  );
}

export const notify = {
  success(message: string, autoClose = 5000) {
    show('success', message, { position: 'top-right', autoClose });
  },
  error(message: string, autoClose = 5000) {
    show('error', message, { position: 'top-right', autoClose });
  },
  warning(message: string, autoClose = 5000) {
    show('warning', message, { position: 'top-right', autoClose });
  },
  postSent() {
    show('success', 'Your post has been sent and will be published soon', { position: 'top-right', autoClose: 6000 });
  },
  postFailed() {
    show('warning', "We couldn't publish your post right now, please try again later", {
      position: 'bottom-center',
      autoClose: 6000,
    });
  },
};
