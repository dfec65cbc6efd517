/**
 * The member fields shared by signup step 2 and the profile: gender, civil
 * status, countries, city (offered only after a country of residence), church,
 * seniority (slider and number) and source. They work inside a Formik form.
 */
import { useFormikContext } from 'formik';
import styled from 'styled-components';
import { formikField, SelectField, TextAreaField, theme, FieldError } from '@ministry/shared/ui';
import { CIVIL_STATUSES, GENDERS, SENIORITY, SOURCE_MAX } from '@ministry/shared/limits';
import { useChurches, useCities, useCountries } from './useGeo';

// The original read 'Select Your Country Of Residence First', cut off in the field at every width (docs/spec-deviations.md).
export const CITY_PROMPT = 'Choose your country first';

function useField(name: string) {
  const form = useFormikContext();
  return { ...formikField(form, name), set: (v: unknown) => form.setFieldValue(name, v) };
}

interface Props {
  disabled?: boolean;
}

export function GenderField({ disabled }: Props) {
  const f = useField('gender');
  return (
    <SelectField
      label="Gender"
      name={f.name}
      value={f.value}
      onChange={f.onChange}
      onBlur={f.onBlur}
      error={f.error}
      disabled={disabled}
    >
      <option value="">Choose…</option>
      {GENDERS.map((g) => (
        <option key={g}>{g}</option>
      ))}
    </SelectField>
  );
}

export function CivilStatusField({ disabled }: Props) {
  const f = useField('civil_status');
  return (
    <SelectField
      label="Civil status"
      name={f.name}
      value={f.value}
      onChange={f.onChange}
      onBlur={f.onBlur}
      error={f.error}
      disabled={disabled}
    >
      <option value="">Choose…</option>
      {CIVIL_STATUSES.map((s) => (
        <option key={s}>{s}</option>
      ))}
    </SelectField>
  );
}

export function CountryFields({ disabled }: Props) {
  const countries = useCountries();
  const origin = useField('countryOfOrigin');
  const residence = useField('country');
  const city = useField('city');
  const cities = useCities(String(residence.value));
  const options = countries.data ?? [];
  // Keep a saved value selectable even before the list arrives.
  const withCurrent = (value: string) =>
    value && !options.some((c) => c.name === value) ? [{ code: value, name: value }, ...options] : options;
  const cityOptions = cities.data ?? [];
  return (
    <>
      <SelectField
        label="Country of origin"
        name={origin.name}
        value={origin.value}
        onChange={origin.onChange}
        onBlur={origin.onBlur}
        error={origin.error}
        disabled={disabled}
      >
        <option value="">{countries.loading ? 'Loading countries…' : 'Choose…'}</option>
        {withCurrent(String(origin.value)).map((c) => (
          <option key={c.code} value={c.name}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Country of residence"
        name={residence.name}
        value={residence.value}
        onChange={(e) => {
          residence.onChange(e);
          city.set('');
        }}
        onBlur={residence.onBlur}
        error={residence.error}
        disabled={disabled}
      >
        <option value="">{countries.loading ? 'Loading countries…' : 'Choose…'}</option>
        {withCurrent(String(residence.value)).map((c) => (
          <option key={c.code} value={c.name}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {countries.error ? (
        <FieldError role="alert">We could not load the list of countries. Please reload the page.</FieldError>
      ) : null}
      {/* The list holds a country's states, provinces or regions (the field keeps its name, `city`, in the API). */}
      <SelectField
        label="State or region"
        name={city.name}
        value={city.value}
        onChange={city.onChange}
        onBlur={city.onBlur}
        error={city.error}
        disabled={disabled || !residence.value}
      >
        {!residence.value ? (
          <option value="">{CITY_PROMPT}</option>
        ) : (
          <>
            <option value="">{cities.loading ? 'Loading states and regions…' : 'Choose…'}</option>
            {city.value && !cityOptions.includes(String(city.value)) && <option>{city.value}</option>}
            {cityOptions.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </>
        )}
      </SelectField>
    </>
  );
}

export function ChurchField({ disabled }: Props) {
  const churches = useChurches();
  const f = useField('church');
  return (
    <SelectField
      label="Church"
      name={f.name}
      value={f.value}
      onChange={f.onChange}
      onBlur={f.onBlur}
      error={f.error}
      disabled={disabled}
    >
      <option value="">{churches.loading ? 'Loading churches…' : 'Choose your church…'}</option>
      {(churches.data ?? []).map((c) => (
        <option key={c._id} value={c._id}>
          {c.church_name}
        </option>
      ))}
    </SelectField>
  );
}

const SeniorityRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 96px;
  gap: 12px;
  align-items: center;
  margin-bottom: 16px;
  label {
    grid-column: 1 / -1;
    font-weight: 500;
    font-size: 0.92rem;
  }
  input[type='range'] {
    accent-color: ${theme.colors.primary};
    min-height: 44px;
  }
  input[type='number'] {
    min-height: 44px;
    padding: 8px 10px;
    border: 1.5px solid ${theme.colors.border};
    border-radius: 8px;
  }
  p {
    grid-column: 1 / -1;
  }
`;

/** Seniority: a slider from 1 to 100 (step 1) and the same value as a number. */
export function SeniorityField({ disabled }: Props) {
  const f = useField('seniority');
  return (
    <SeniorityRow>
      <label htmlFor="seniority-number">Seniority (years in the church)</label>
      <input
        type="range"
        aria-label="Seniority slider"
        min={SENIORITY.min}
        max={SENIORITY.max}
        step={SENIORITY.step}
        // Not chosen yet: the slider rests at its start, the number stays empty.
        value={f.value === '' ? SENIORITY.min : f.value}
        aria-valuetext={f.value === '' ? 'Not chosen yet' : undefined}
        onChange={(e) => f.set(Number(e.target.value))}
        disabled={disabled}
      />
      <input
        id="seniority-number"
        type="number"
        inputMode="numeric"
        name="seniority"
        min={SENIORITY.min}
        max={SENIORITY.max}
        step={SENIORITY.step}
        value={f.value}
        onChange={(e) => f.set(e.target.value === '' ? '' : Number(e.target.value))}
        onBlur={f.onBlur}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={f.error ? 'seniority-error' : undefined}
        disabled={disabled}
      />
      {f.error && <FieldError id="seniority-error">{f.error}</FieldError>}
    </SeniorityRow>
  );
}

export function SourceField({ disabled }: Props) {
  const f = useField('source');
  const length = String(f.value).length;
  return (
    <TextAreaField
      label="How did you hear about the apostle?"
      name={f.name}
      value={f.value}
      onChange={f.onChange}
      onBlur={f.onBlur}
      error={f.error}
      maxLength={SOURCE_MAX}
      hint={`${length}/${SOURCE_MAX} characters`}
      disabled={disabled}
    />
  );
}
