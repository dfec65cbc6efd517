/** The three sections of /profile: 01 Basic Info, 02 Church, 03 Security (with the member's passkeys). */
import { useFormikContext } from 'formik';
import type { BasicInfoInput, User } from '@ministry/shared/types';
import { formikField, TextField } from '@ministry/shared/ui';
import {
  BIRTH_DATE,
  latestAdultBirthDate,
  messages,
  updateBasicSchema,
  updateSecuritySchema,
  yup,
} from '@ministry/shared/validation';
import {
  ChurchField,
  CivilStatusField,
  CountryFields,
  GenderField,
  SeniorityField,
  SourceField,
} from '../account-fields/MemberFields';
import { FieldColumns } from '../../components/FieldColumns';
import { ProfileSection } from './ProfileSection';
import { updateBasic, updateSecurity } from './api';
import { PasskeysPart } from '../passkeys/PasskeysPart';
// The password rule asks the server about common passwords.
import '../account-fields/commonPasswords';

/** A text field of the section's form, found by name. */
function Text({
  name,
  ...rest
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  min?: string;
  max?: string;
  hint?: string;
}) {
  return <TextField {...rest} {...formikField(useFormikContext(), name)} />;
}

export function BasicInfoSection({ user }: { user: User }) {
  const initial = {
    firstname: user.firstname,
    lastname: user.lastname,
    birth_date: user.birth_date ?? '',
    gender: user.gender ?? '',
    civil_status: user.civil_status ?? '',
    countryOfOrigin: user.countryOfOrigin ?? '',
    country: user.country ?? '',
    city: user.city ?? '',
  };
  return (
    <ProfileSection
      number="01"
      title="Basic Info"
      initialValues={initial}
      schema={basicSchema}
      save={(values) => updateBasic(user._id, dropEmpty(values) as BasicInfoInput)}
    >
      {() => (
        <FieldColumns $gap={20}>
          <Text name="firstname" label="First name" autoComplete="given-name" />
          <Text name="lastname" label="Last name" autoComplete="family-name" />
          <Text name="birth_date" label="Birth date" type="date" min={BIRTH_DATE.min} max={latestAdultBirthDate()} />
          <GenderField />
          <CivilStatusField />
          <CountryFields />
        </FieldColumns>
      )}
    </ProfileSection>
  );
}

export function ChurchSection({ user }: { user: User }) {
  const initial = { church: user.church ?? '', seniority: user.seniority ?? ('' as number | ''), source: user.source ?? '' };
  return (
    <ProfileSection
      number="02"
      title="Church"
      initialValues={initial}
      schema={churchSchema}
      save={(values) =>
        updateBasic(user._id, { ...values, seniority: values.seniority === '' ? undefined : Number(values.seniority) })
      }
    >
      {() => (
        <>
          <ChurchField />
          <SeniorityField />
          <SourceField />
        </>
      )}
    </ProfileSection>
  );
}

export function SecuritySection({ user }: { user: User }) {
  const initial = { email: user.email, currentPassword: '', password: '', confirmPassword: '' };
  return (
    <ProfileSection
      number="03"
      title="Security"
      after={<PasskeysPart />}
      initialValues={initial}
      schema={securitySchema(user.email)}
      save={({ email, password, currentPassword }) =>
        updateSecurity(user._id, { email, currentPassword, ...(password ? { password } : {}) })
      }
    >
      {(editing) => (
        <FieldColumns $gap={20}>
          <Text name="email" label="Email" type="email" autoComplete="email" />
          {editing ? (
            <>
              <Text name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
              <Text
                name="password"
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters. Leave empty to keep your password."
              />
              <Text name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
            </>
          ) : (
            <TextField label="Password" value="••••••••" readOnly aria-readonly="true" />
          )}
        </FieldColumns>
      )}
    </ProfileSection>
  );
}

/** Empty selects are "not chosen": leave those fields as they are. */
function dropEmpty<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Partial<T>;
}

const basicSchema = updateBasicSchema
  .pick(['firstname', 'lastname', 'birth_date', 'gender', 'civil_status', 'countryOfOrigin', 'country', 'city'])
  .shape({
    firstname: yup.string().trim().required('Required').max(100),
    lastname: yup.string().trim().required('Required').max(100),
    gender: yup.string(),
    civil_status: yup.string(),
    // A new country of residence clears the city: the member chooses one of its cities again.
    city: yup
      .string()
      .max(100)
      .when('country', { is: (country: string | undefined) => Boolean(country), then: (schema) => schema.required('Required') }),
  });
const churchSchema = updateBasicSchema.pick(['church', 'seniority', 'source']);
/** A new e-mail, a new password (confirmed), or both; the current password always (shared rules). */
const securitySchema = (currentEmail: string) =>
  updateSecuritySchema
    .shape({
      email: yup.string().trim().required('Required').email(messages.invalidEmail).max(254, messages.invalidEmail),
      confirmPassword: yup
        .string()
        .when('password', {
          is: (password: string | undefined) => Boolean(password),
          then: (schema) => schema.required('Required'),
        })
        .test('match', messages.passwordsMatch, function (confirm) {
          return (confirm ?? '') === (this.parent.password ?? '');
        }),
    })
    .test('some-change', messages.nothingToChange, function (values) {
      const newEmail =
        String(values?.email ?? '')
          .trim()
          .toLowerCase() !== currentEmail.toLowerCase();
      return Boolean(values?.password) || newEmail || this.createError({ path: 'password', message: messages.nothingToChange });
    });
