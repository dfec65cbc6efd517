import { Formik, Form } from 'formik';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useState } from 'react';
import { errorStatus, serverFieldErrors } from '@ministry/shared/api';
import { authFailure, authLoading, clearError, useAppDispatch } from '@ministry/shared/store';
import { Button, ButtonLink, notify } from '@ministry/shared/ui';
import { signupStep2Schema } from '@ministry/shared/validation';
import { AuthCard } from '../auth-layout/AuthCard';
import {
  ChurchField,
  CivilStatusField,
  CountryFields,
  GenderField,
  SeniorityField,
  SourceField,
} from '../account-fields/MemberFields';
import { FieldColumns } from '../../components/FieldColumns';
import { FocusFirstError } from '../../components/FocusFirstError';
import { emptyStep2, readCarry, STEP1_FIELDS, type SignupCarry, type Step1Values, type Step2Values } from './signupValues';
import { authErrorMessage } from '../../lib/authErrorMessage';
import { signupUser } from './api';

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 2fr;
  gap: 12px;
`;

/** After Sign Up: the account is finished from the link mailed to the address (the same page whether or not it had an account). */
function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthCard title="Check your e-mail" pageTitle="Sign up">
      <p role="status">
        We have sent a link to <strong>{email}</strong>. Open it to confirm your address: you will be signed in and can post and
        book tickets.
      </p>
      <p>No e-mail after a few minutes? Look in your spam folder, or log in and ask for a new link from your profile.</p>
      <ButtonLink to="/login" $variant="outline" $block>
        Go to login
      </ButtonLink>
    </AuthCard>
  );
}

/**
 * Signup step 2 (/nextSignup): needs step 1's values as navigation state,
 * else goes back to step 1. Sign Up sends both steps; the page then asks
 * the visitor to open the link mailed to them (docs/spec-deviations.md).
 */
export function SignupStep2Page() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const carry = readCarry(location.state);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) return <CheckYourEmail email={sentTo} />;
  if (!carry) return <Navigate to="/signup/0" replace />;
  const { step1 } = carry;

  const fail = (status: number) => {
    const message = authErrorMessage(status);
    dispatch(authFailure({ status, message }));
    notify.error(message, 5000);
    setTimeout(() => dispatch(clearError()), 5000);
  };

  return (
    <AuthCard
      title="Create your account"
      pageTitle="Sign up"
      intro={`Step 2 of 2: your church and you, ${step1.firstname}.`}
      wide
    >
      <Formik<Step2Values>
        initialValues={carry.step2 ?? emptyStep2}
        validationSchema={signupStep2Schema}
        onSubmit={async (values, { setErrors }) => {
          // eslint-disable-next-line @typescript-eslint/no-unused-vars
          const { confirmPassword, ...account } = step1;
          dispatch(authLoading());
          try {
            await signupUser({ ...account, ...values, seniority: Number(values.seniority) });
          } catch (error) {
            const status = errorStatus(error);
            const fields = serverFieldErrors(error) as Record<string, string>;
            const step1Errors = Object.fromEntries(
              Object.entries(fields).filter(([name]) => STEP1_FIELDS.includes(name as keyof Step1Values)),
            );
            if (Object.keys(step1Errors).length > 0) {
              // The field to fix is on step 1 (a taken e-mail, say): go back there, with the message under it.
              dispatch(clearError());
              navigate('/signup/0', { state: { step1, step2: values, step1Errors } satisfies SignupCarry });
              return;
            }
            setErrors(fields as Partial<Record<keyof Step2Values, string>>);
            fail(status);
            return;
          }
          dispatch(clearError());
          setSentTo(account.email);
          // The passwords of step 1 leave the browser's history.
          navigate(location.pathname, { replace: true, state: null });
        }}
      >
        {({ values, isSubmitting }) => (
          <Form noValidate>
            <FocusFirstError />
            <FieldColumns>
              <GenderField />
              <CivilStatusField />
            </FieldColumns>
            <FieldColumns>
              <CountryFields />
            </FieldColumns>
            <FieldColumns>
              <ChurchField />
            </FieldColumns>
            <SeniorityField />
            <SourceField />
            <Actions>
              <Button type="button" $variant="outline" onClick={() => navigate('/signup/0', { state: { step1, step2: values } })}>
                Back
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Creating your account…' : 'Sign Up'}
              </Button>
            </Actions>
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
