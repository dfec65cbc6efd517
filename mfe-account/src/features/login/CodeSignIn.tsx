import { useState } from 'react';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import type { User } from '@ministry/shared/types';
import { Button, formikField, notify, TextField, theme } from '@ministry/shared/ui';
import { signInCodeRequestSchema, signInCodeSchema } from '@ministry/shared/validation';
import { LinkButton } from './LinkButton';
import { requestSignInCode, signInWithCode } from './api';

const Sent = styled.p`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: 8px;
  background: ${theme.colors.surface};
`;

/**
 * "E-mail me a code": the address first (the server answers the same for
 * every address and mails a known one six digits), then the code, which
 * signs in as the password does. No password limit stops it.
 */
export function CodeSignIn({
  email: startEmail,
  remember,
  onSignedIn,
  onPassword,
}: {
  email: string;
  remember: boolean;
  onSignedIn: (user: User) => void;
  onPassword: () => void;
}) {
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  if (!sentTo) {
    return (
      <Formik
        initialValues={{ email: startEmail }}
        validationSchema={signInCodeRequestSchema}
        onSubmit={async ({ email }) => {
          try {
            setSentTo({ email: email.trim(), message: await requestSignInCode(email.trim()) });
          } catch (error) {
            notify.error(friendlyError(error));
          }
        }}
      >
        {(form) => (
          <Form noValidate aria-label="Sign in with a code">
            <p>We will e-mail you a six-digit code. It works once, for 10 minutes.</p>
            <TextField label="Email" type="email" autoComplete="email" {...formikField(form, 'email')} />
            <Button type="submit" $block disabled={form.isSubmitting}>
              {form.isSubmitting ? 'Sending…' : 'E-mail me a code'}
            </Button>
            <LinkButton type="button" onClick={onPassword}>
              Use my password instead
            </LinkButton>
          </Form>
        )}
      </Formik>
    );
  }

  return (
    <Formik
      initialValues={{ email: sentTo.email, code: '' }}
      validationSchema={signInCodeSchema}
      onSubmit={async (values, helpers) => {
        try {
          onSignedIn(await signInWithCode({ email: values.email, code: values.code.replace(/\s+/g, ''), remember }));
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields.code) helpers.setFieldError('code', fields.code);
          else notify.error(friendlyError(error));
        }
      }}
    >
      {(form) => (
        <Form noValidate aria-label="Sign in with a code">
          <Sent role="status">{sentTo.message}</Sent>
          <TextField
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            {...formikField(form, 'code')}
          />
          <Button type="submit" $block disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Signing in…' : 'Sign in'}
          </Button>
          <LinkButton type="button" onClick={() => setSentTo(null)}>
            Send a new code
          </LinkButton>
          <LinkButton type="button" onClick={onPassword}>
            Use my password instead
          </LinkButton>
        </Form>
      )}
    </Formik>
  );
}
