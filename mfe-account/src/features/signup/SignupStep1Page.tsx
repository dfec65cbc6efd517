import { useEffect } from 'react';
import { Formik, Form } from 'formik';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, formikField, TextField, theme } from '@ministry/shared/ui';
import { BIRTH_DATE, PASSWORD_MIN, latestAdultBirthDate, signupStep1Schema } from '@ministry/shared/validation';
import { AuthCard } from '../auth-layout/AuthCard';
import { FieldColumns } from '../../components/FieldColumns';
import { FocusFirstError } from '../../components/FocusFirstError';
import { emptyStep1, readCarry, type Step1Values } from './signupValues';
import { pingSocialUser } from './api';
// The password rule asks the server about common passwords.
import '../account-fields/commonPasswords';

const Footer = styled.p`
  margin: 20px 0 0;
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 8px;
  a {
    color: ${theme.colors.primary};
    font-weight: 500;
  }
`;

const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;

/** Signup step 1 (/signup/:id): names, birth date, e-mail and password. Next carries them to step 2. */
export function SignupStep1Page() {
  const navigate = useNavigate();
  const location = useLocation();
  const { id = '0' } = useParams();
  const carry = readCarry(location.state);

  useEffect(() => {
    // Spec section 7: a long path parameter triggers this call; its answer is ignored.
    if (id.length > 1) void pingSocialUser(id.split('$')[0] ?? id);
  }, [id]);

  return (
    <AuthCard title="Create your account" pageTitle="Sign up" intro="Step 1 of 2: who you are." wide>
      <Formik<Step1Values>
        initialValues={carry?.step1 ?? emptyStep1}
        initialErrors={carry?.step1Errors}
        initialTouched={
          carry?.step1Errors ? Object.fromEntries(Object.keys(carry.step1Errors).map((name) => [name, true])) : undefined
        }
        validationSchema={signupStep1Schema}
        onSubmit={(values) => navigate('/nextSignup', { state: { step1: values, step2: carry?.step2 } })}
      >
        {(form) => {
          const field = (name: keyof Step1Values) => formikField(form, name);
          const password = field('password');
          return (
            <Form noValidate>
              <FocusFirstError atStart={Boolean(carry?.step1Errors)} />
              <FieldColumns>
                <TextField label="First name" autoComplete="given-name" {...field('firstname')} />
                <TextField label="Last name" autoComplete="family-name" {...field('lastname')} />
              </FieldColumns>
              <FieldColumns>
                <TextField
                  label="Birth date"
                  type="date"
                  min={BIRTH_DATE.min}
                  max={latestAdultBirthDate()}
                  autoComplete="bday"
                  {...field('birth_date')}
                />
                <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
              </FieldColumns>
              <FieldColumns>
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  // The rule's message replaces the hint, rather than saying it again.
                  hint={password.error ? undefined : PASSWORD_HINT}
                  {...password}
                />
                <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
              </FieldColumns>
              <Button type="submit" $block>
                Next
              </Button>
            </Form>
          );
        }}
      </Formik>
      <Footer>
        <Link to="/login">I already have an account</Link>
        <Link to="/">Back To Home</Link>
      </Footer>
    </AuthCard>
  );
}
