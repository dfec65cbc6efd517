import { useState } from 'react';
import { Formik, Form } from 'formik';
import { Link, useParams } from 'react-router-dom';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { Button, ButtonLink, FieldError, formikField, LoadingState, TextField } from '@ministry/shared/ui';
import { resetPasswordSchema } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { AuthCard } from '../auth-layout/AuthCard';
import { checkResetToken, resetPassword } from './api';
// The password rule asks the server about common passwords.
import '../account-fields/commonPasswords';

/** /reset-password/:token: the e-mailed link; sets a new password once, then the member logs in. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const usable = useResource(() => checkResetToken(token), `reset-token:${token}`);

  if (done) {
    return (
      <AuthCard title="Password changed">
        <p role="status">{done}</p>
        <ButtonLink to="/login" $block>
          Go to login
        </ButtonLink>
      </AuthCard>
    );
  }

  if (usable.data === false) {
    return (
      <AuthCard title="This link no longer works">
        <p role="alert">
          A link to choose a new password works once, for one hour, and this one has been used or has expired. Ask for a new one
          from the login page (&ldquo;Forgot password?&rdquo;).
        </p>
        <ButtonLink to="/login" $block>
          Go to login
        </ButtonLink>
      </AuthCard>
    );
  }
  if (usable.loading && usable.data === undefined) {
    return (
      <AuthCard title="Choose a new password">
        <LoadingState label="Checking your link…" />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" intro="The link in your e-mail works once, for one hour.">
      <Formik
        initialValues={{ password: '', confirmPassword: '' }}
        validationSchema={resetPasswordSchema}
        onSubmit={async ({ password }, { setStatus }) => {
          try {
            setDone(await resetPassword(token, password));
          } catch (error) {
            const fields = serverFieldErrors(error);
            setStatus(fields.token ?? fields.password ?? friendlyError(error));
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              {...formikField(form, 'password')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              {...formikField(form, 'confirmPassword')}
            />
            {form.status && (
              <FieldError role="alert" style={{ marginBottom: 16 }}>
                {form.status as string} <Link to="/login">Ask for a new link from the login page.</Link>
              </FieldError>
            )}
            <Button type="submit" $block disabled={form.isSubmitting}>
              {form.isSubmitting ? 'Saving…' : 'Save my new password'}
            </Button>
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
