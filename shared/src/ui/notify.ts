/**
 * Notifications of spec section 8: errors top-right for 5 s; post outcomes
 * for 6 s (success top-right, failure as a warning at the bottom centre).
 */
import { toast } from 'react-toastify';

export const notify = {
  success(message: string, autoClose = 5000) {
    toast.success(message, { position: 'top-right', autoClose });
  },
  error(message: string, autoClose = 5000) {
    toast.error(message, { position: 'top-right', autoClose });
  },
  warning(message: string, autoClose = 5000) {
    toast.warning(message, { position: 'top-right', autoClose });
  },
  postSent() {
    toast.success('Your post has been sent and will be published soon', { position: 'top-right', autoClose: 6000 });
  },
  postFailed() {
    toast.warning("We couldn't publish your post right now, please try again later", {
      position: 'bottom-center',
      autoClose: 6000,
    });
  },
};
