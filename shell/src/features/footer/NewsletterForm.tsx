import { Formik, Form } from 'formik';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { Button, formikField, notify } from '@ministry/shared/ui';
import { newsletterSchema } from '@ministry/shared/validation';
import { subscribeNewsletter } from './api';

const Row = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
  input {
    /* Its own size would not shrink below the browser's default width (about 20 characters), wider than a phone's column. */
    flex: 1 1 180px;
    min-width: 0;
    width: 100%;
    min-height: 44px;
    border-radius: 999px;
    border: 1px solid rgba(255, 255, 255, 0.4);
    background: rgba(255, 255, 255, 0.08);
    color: #fff;
    padding: 8px 16px;
  }
  input::placeholder {
    color: rgba(255, 255, 255, 0.75);
  }
`;

const Error = styled.p`
  color: #ffd7d4;
  font-size: 0.85rem;
  margin: 6px 0 0;
`;

/** The footer's newsletter box (POST /api/newsletter): the address receives a link to confirm. */
export function NewsletterForm() {
  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={newsletterSchema}
      onSubmit={async (values, { resetForm, setFieldError }) => {
        try {
          const { message } = await subscribeNewsletter(values.email.trim());
          notify.success(message);
          resetForm();
        } catch (error) {
          const field = serverFieldErrors(error).email;
          if (field) setFieldError('email', field);
          else notify.error(friendlyError(error));
        }
      }}
    >
      {(form) => {
        const { error, ...email } = formikField(form, 'email');
        return (
          <Form noValidate aria-label="Newsletter">
            <label htmlFor="newsletter-email" className="visually-hidden">
              Your e-mail address
            </label>
            <Row>
              <input
                id="newsletter-email"
                type="email"
                autoComplete="email"
                placeholder="Your e-mail address"
                {...email}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'newsletter-error' : undefined}
              />
              <Button type="submit" $variant="light" disabled={form.isSubmitting}>
                Subscribe
              </Button>
            </Row>
            {error && <Error id="newsletter-error">{error}</Error>}
          </Form>
        );
      }}
    </Formik>
  );
}
