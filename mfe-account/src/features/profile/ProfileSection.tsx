import { useState, type ReactNode } from 'react';
import { Formik, Form, type FormikHelpers } from 'formik';
import styled from 'styled-components';
import type { AnyObjectSchema } from 'yup';
import type { User } from '@ministry/shared/types';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { setCurrentUser, useAppDispatch } from '@ministry/shared/store';
import { Button, notify, theme } from '@ministry/shared/ui';
import { Panel } from '../../components/Panel';
import { ConfirmUpdateDialog } from './ConfirmUpdateDialog';

const SectionPanel = styled(Panel)`
  margin-bottom: 24px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  margin-bottom: 18px;
  h2 {
    margin: 0;
    font-size: 1.25rem;
    color: ${theme.colors.primary};
  }
  h2 span {
    color: ${theme.colors.accentText};
    margin-right: 10px;
  }
`;

const Buttons = styled.div`
  display: flex;
  gap: 10px;
`;

interface Props<V extends object> {
  number: string;
  title: string;
  initialValues: V;
  schema: AnyObjectSchema;
  save: (values: V) => Promise<User>;
  /** The fields; `editing` false shows them read-only. */
  children: (editing: boolean) => ReactNode;
  /** More of the section, below its form (the security section's passkeys). */
  after?: ReactNode;
}

/**
 * One profile section: read-only until Modify, then Save asks for
 * confirmation, submits, and returns to read-only with the saved values.
 * A failed save keeps the member's input and shows what went wrong.
 */
export function ProfileSection<V extends object>({ number, title, initialValues, schema, save, children, after }: Props<V>) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingId = `profile-section-${number}`;

  const submit = async (values: V, helpers: FormikHelpers<V>) => {
    try {
      const user = await save(values);
      dispatch(setCurrentUser(user));
      // A new address counts once its owner opens the link mailed to it.
      notify.success(
        user.pendingEmail
          ? `We have sent a link to ${user.pendingEmail}: your address changes once you open it.`
          : 'Your profile has been updated.',
      );
      setConfirming(false);
      setEditing(false);
      helpers.resetForm();
    } catch (error) {
      setConfirming(false);
      helpers.setErrors(serverFieldErrors(error) as never);
      notify.error(friendlyError(error));
    }
  };

  return (
    <SectionPanel aria-labelledby={headingId}>
      <Formik<V> initialValues={initialValues} validationSchema={schema} onSubmit={submit} enableReinitialize={!editing}>
        {({ isSubmitting, validateForm, setTouched, resetForm, submitForm, values }) => (
          <Form noValidate>
            <Head>
              <h2 id={headingId}>
                <span>{number}</span> {title}
              </h2>
              <Buttons>
                {editing ? (
                  <>
                    <Button
                      type="button"
                      $variant="outline"
                      onClick={() => {
                        resetForm();
                        setEditing(false);
                      }}
                    >
                      Cancel
                    </Button>
                    <Button
                      type="button"
                      onClick={async () => {
                        const problems = await validateForm();
                        if (Object.keys(problems).length) {
                          await setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as never, false);
                          return;
                        }
                        setConfirming(true);
                      }}
                    >
                      Save
                    </Button>
                  </>
                ) : (
                  <Button type="button" $variant="outline" onClick={() => setEditing(true)} aria-label={`Modify ${title}`}>
                    Modify
                  </Button>
                )}
              </Buttons>
            </Head>
            <fieldset disabled={!editing} style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="visually-hidden">{title}</legend>
              {children(editing)}
            </fieldset>
            <ConfirmUpdateDialog
              open={confirming}
              busy={isSubmitting}
              onClose={() => setConfirming(false)}
              onConfirm={() => void submitForm()}
            />
          </Form>
        )}
      </Formik>
      {after}
    </SectionPanel>
  );
}
