import { formikField, type FormikFieldSource } from './formikField';

const handleChange = jest.fn();
const handleBlur = jest.fn();
const form = (state: Partial<FormikFieldSource>): FormikFieldSource => ({
  values: {},
  errors: {},
  touched: {},
  submitCount: 0,
  handleChange,
  handleBlur,
  ...state,
});

describe('formikField', () => {
  it('gives the field its name, value and the form’s handlers', () => {
    expect(formikField(form({ values: { email: 'ann@example.org' } }), 'email')).toEqual({
      name: 'email',
      value: 'ann@example.org',
      onChange: handleChange,
      onBlur: handleBlur,
      error: undefined,
    });
  });

  it('shows an empty value for a field the form does not hold yet', () => {
    expect(formikField(form({}), 'city').value).toBe('');
  });

  it('keeps the error back until the field has been left or the form sent', () => {
    const errors = { email: 'Required' };
    expect(formikField(form({ errors }), 'email').error).toBeUndefined();
    expect(formikField(form({ errors, touched: { email: true } }), 'email').error).toBe('Required');
    expect(formikField(form({ errors, submitCount: 1 }), 'email').error).toBe('Required');
  });

  it('reads nested paths, as FieldArray names them', () => {
    const state = form({
      values: { serviceTimes: [{ time: '10:00' }], main_contact: ['555'] },
      errors: { serviceTimes: [{ time: 'Invalid' }] },
      touched: { serviceTimes: [{ time: true }] },
    });
    expect(formikField(state, 'serviceTimes[0].time')).toMatchObject({ value: '10:00', error: 'Invalid' });
    expect(formikField(state, 'main_contact[0]').value).toBe('555');
  });

  it('shows only an error meant for the field itself, not one about its parts', () => {
    const state = form({ errors: { serviceTimes: [{ time: 'Invalid' }] }, submitCount: 1 });
    expect(formikField(state, 'serviceTimes').error).toBeUndefined();
  });
});
