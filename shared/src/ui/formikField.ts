import type { ChangeEvent, FocusEvent } from 'react';

/**
 * What a field reads of the Formik form it sits in: Formik's render props or
 * `useFormikContext()` fit. Described here rather than imported: the UI kit
 * loads with every page, and formik only with a page that has a form.
 */
export interface FormikFieldSource {
  values: unknown;
  errors: unknown;
  touched: unknown;
  submitCount: number;
  handleChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

/** A value at a Formik path: `email`, `serviceTimes[0].time`. */
function at(source: unknown, path: string): unknown {
  return path
    .split(/[.[\]]+/)
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node == null ? undefined : (node as Record<string, unknown>)[key]), source);
}

/**
 * The props of a TextField, SelectField or TextAreaField for the form's
 * field `name`: its value, Formik's handlers, and its error once the field
 * has been left or the form sent (spec: "Field errors appear under the
 * field").
 */
export function formikField(form: FormikFieldSource, name: string) {
  const value = at(form.values, name) as string | number | undefined;
  const error = at(form.errors, name);
  const shown = Boolean(at(form.touched, name)) || form.submitCount > 0;
  return {
    name,
    value: value ?? '',
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: shown && typeof error === 'string' ? error : undefined,
  };
}
