/**
 * The event form's values (what the inputs hold, all text) and what the API
 * takes (StaffEventInput), checked with the same rules the server uses
 * (@ministry/shared/validation `staffEventSchema`).
 */
import type { StaffEvent, StaffEventInput } from '@ministry/shared/types';
import { eventCategorySchema, fieldErrors, staffEventSchema, yup } from '@ministry/shared/validation';

/** The rules the server applies: the event's and its category's. */
const eventSchema = staffEventSchema.concat(eventCategorySchema);

export interface EventFormValues {
  title: string;
  description: string;
  /** 'YYYY-MM-DD' on the site's clock. */
  date: string;
  /** 'HH:mm' on the site's clock. */
  time: string;
  durationMinutes: string;
  /** '' when none. */
  category: string;
  /** '' (not chosen), 'address', or 'church:<id>'. */
  where: string;
  address: string;
  photo: string;
  /** A free event: places are reserved, nothing is paid (its price is 0). */
  free: boolean;
  price: string;
  seats: string;
}

export const emptyEventForm = (date = ''): EventFormValues => ({
  title: '',
  description: '',
  date,
  time: '19:00',
  durationMinutes: '',
  category: '',
  where: '',
  address: '',
  photo: '',
  free: false,
  price: '',
  seats: '',
});

export function formValuesOf(event: StaffEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    date: event.date,
    time: event.time,
    durationMinutes: event.durationMinutes === null ? '' : String(event.durationMinutes),
    category: event.category ?? '',
    where: event.place === 'address' ? 'address' : event.churchId ? `church:${event.churchId}` : '',
    address: event.address ?? '',
    photo: event.photo,
    free: event.price === 0,
    price: event.price === 0 ? '' : String(event.price),
    seats: String(event.seats),
  };
}

/** A field's text (formik keeps a number input's value as a number once typed in). */
const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value).trim();

/** What the form sends, before the rules are applied (the server applies them again). */
function rawInput(values: EventFormValues) {
  const church = values.where.startsWith('church:') ? values.where.slice('church:'.length) : null;
  return {
    title: values.title,
    description: values.description,
    date: values.date,
    time: values.time,
    durationMinutes: text(values.durationMinutes),
    category: text(values.category),
    place: church ? 'church' : values.where === 'address' ? 'address' : '',
    churchId: church,
    address: values.where === 'address' ? values.address : null,
    photo: values.photo,
    price: values.free ? 0 : text(values.price),
    seats: text(values.seats),
  };
}

/** The API's field names on the form's fields (the place is one select). */
export function formErrorsOf(fields: Record<string, string>): Partial<Record<keyof EventFormValues, string>> {
  const errors: Partial<Record<keyof EventFormValues, string>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const key = (field === 'place' || field === 'churchId' ? 'where' : field) as keyof EventFormValues;
    if (key in emptyEventForm() && !errors[key]) errors[key] = message;
  }
  return errors;
}

/** The form's errors under each field, by the shared rules; empty when it may be sent. */
export async function validateEventForm(values: EventFormValues): Promise<Partial<Record<keyof EventFormValues, string>>> {
  try {
    await eventSchema.validate(rawInput(values), { abortEarly: false });
    return {};
  } catch (error) {
    return error instanceof yup.ValidationError ? formErrorsOf(fieldErrors(error)) : {};
  }
}

/** The input to send, once valid. */
export const eventInputOf = (values: EventFormValues): StaffEventInput => eventSchema.cast(rawInput(values)) as StaffEventInput;
