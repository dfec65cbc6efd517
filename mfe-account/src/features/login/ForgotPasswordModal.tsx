import { useState } from 'react';
import { Formik, Form } from 'formik';
import { friendlyError } from '@ministry/shared/api';
import { Button, formikField, Modal, notify, TextField } from '@ministry/shared/ui';
import { forgotPasswordSchema } from '@ministry/shared/validation';
import { requestPasswordReset } from './api';

/**
 * 'Forget Your Password ?': sends the e-mail; the server answers the same
 * whether or not an account uses it, and mails a one-hour reset link.
 */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const close = () => {
    setSentMessage(null);
    onClose();
  };
  return (
    <Modal open={open} title="Forgot your password?" onClose={close}>
      {sentMessage ? (
        <>
          <p role="status">{sentMessage}</p>
          <Button type="button" $block onClick={close}>
            Close
          </Button>
        </>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          validationSchema={forgotPasswordSchema}
          onSubmit={async ({ email }) => {
            try {
              setSentMessage(await requestPasswordReset(email.trim()));
            } catch (error) {
              notify.error(friendlyError(error));
            }
          }}
        >
          {(form) => (
            <Form noValidate>
              <p>Enter the e-mail of your account and we will send you a link to choose a new password.</p>
              <TextField label="Email" type="email" autoComplete="email" {...formikField(form, 'email')} />
              <Button type="submit" $block disabled={form.isSubmitting}>
                {form.isSubmitting ? 'Sending…' : 'Send me a link'}
              </Button>
            </Form>
          )}
        </Formik>
      )}
    </Modal>
  );
}
