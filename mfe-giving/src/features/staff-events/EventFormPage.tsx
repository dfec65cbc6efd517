import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useFormik } from 'formik';
import styled from 'styled-components';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { hasRole, siteIdentity } from '@ministry/shared/config';
import { formatEventDate, formatEventTime } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { ChurchLocation, StaffEvent } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  ErrorState,
  formikField,
  ImageField,
  LoadingState,
  media,
  NotFound,
  notify,
  SelectField,
  StaffPage,
  StatusBadge,
  TextAreaField,
  TextField,
  theme,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { CancelEventDialog } from './CancelEventDialog';
import { emptyEventForm, eventInputOf, formErrorsOf, formValuesOf, validateEventForm, type EventFormValues } from './eventForm';
import { attendeesPath, seatsSummary, STATE_LABELS, staffEventPath, staffEventState } from './staffEventStatus';
import { createStaffEvent, getLocations, getStaffEvent, splitSeries, updateStaffEvent, uploadStaffImage } from './api';
import { RepeatPanel } from './RepeatPanel';

/** Categories offered as the staff type (any other may be typed). */
const EVENT_CATEGORY_SUGGESTIONS = [
  'Worship',
  'Prayer',
  'Bible study',
  'Conference',
  'Youth',
  'Children',
  'Family',
  'Outreach',
  'Retreat',
  'Leadership',
];

const Form = styled.form`
  max-width: 760px;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 24px;
  fieldset {
    border: none;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  ${media.mobile} {
    padding: 16px;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0 16px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 16px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Photo = styled.div`
  margin-bottom: 16px;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 8px;
`;

const Notice = styled.div`
  max-width: 760px;
  margin-bottom: 20px;
  padding: 14px 18px;
  border-radius: 8px;
  border: 1px solid ${theme.colors.danger};
  background: #fff;
  p {
    margin: 0;
  }
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 14px;
  margin: 0 0 18px;
  color: ${theme.colors.muted};
`;

const FreeChoice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  margin: 0 0 14px;
  font-weight: 500;
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    flex: none;
  }
  small {
    font-weight: 400;
    color: ${theme.colors.muted};
  }
`;

const FormError = styled.p`
  color: ${theme.colors.danger};
  margin: 0 0 12px;
`;

/** The time zone as staff read it: 'America/New_York' → 'New York'. */
const zoneName = siteIdentity.timeZone.split('/').at(-1)!.replace(/_/g, ' ');

function EventForm({
  event,
  churches,
  onSaved,
}: {
  event: StaffEvent | null;
  churches: ChurchLocation[];
  onSaved: (saved: StaffEvent) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const cancelled = Boolean(event?.cancelledAt);
  const taken = event ? event.seatsSold + event.seatsHeld : 0;
  const formik = useFormik<EventFormValues>({
    initialValues: event ? formValuesOf(event) : emptyEventForm(),
    validate: validateEventForm,
    validateOnBlur: true,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      setFormError(null);
      try {
        const input = eventInputOf(values);
        const saved = event ? await updateStaffEvent(event._id, input) : await createStaffEvent(input);
        helpers.resetForm({ values: formValuesOf(saved) });
        onSaved(saved);
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (Object.keys(fields).length) helpers.setErrors(formErrorsOf(fields));
        else setFormError(friendlyError(error, 'The event could not be saved. Please try again.'));
      }
    },
  });
  const field = (name: keyof EventFormValues) => formikField(formik, name);
  /** "This and following": the form's changes start a new series from this date. */
  const saveFollowing = async () => {
    if (!event) return;
    const errors = await formik.validateForm();
    if (Object.keys(errors).length > 0) return;
    setFormError(null);
    try {
      const series = await splitSeries(event._id, eventInputOf(formik.values));
      if (series) onSaved(series);
    } catch (error) {
      setFormError(friendlyError(error, 'The changes could not be saved. Please try again.'));
    }
  };

  return (
    <Form onSubmit={formik.handleSubmit} noValidate aria-label={event ? 'Edit the event' : 'New event'}>
      <fieldset disabled={cancelled || formik.isSubmitting}>
        <TextField label="Title" maxLength={150} autoComplete="off" {...field('title')} />
        <TextAreaField label="Description" rows={6} {...field('description')} />
        <Row>
          <TextField label="Date" type="date" {...field('date')} hint={`${zoneName} time`} />
          <TextField label="Time" type="time" {...field('time')} hint={`${zoneName} time`} />
          <TextField
            label="Length in minutes"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...field('durationMinutes')}
            hint="Optional (calendars)"
          />
        </Row>
        <TextField
          label="Category"
          autoComplete="off"
          maxLength={40}
          list="event-categories"
          {...field('category')}
          hint="Optional: Worship, Youth, Family… (the calendar and its feeds filter by it)"
        />
        <datalist id="event-categories">
          {EVENT_CATEGORY_SUGGESTIONS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <SelectField label="Where" {...field('where')}>
          <option value="">Choose a church or an address…</option>
          {churches.map((church) => (
            <option key={church._id} value={`church:${church._id}`}>
              {church.church_name}
            </option>
          ))}
          <option value="address">Another address</option>
        </SelectField>
        {formik.values.where === 'address' && (
          <TextField label="Address" autoComplete="off" maxLength={300} {...field('address')} />
        )}
        <Photo>
          <ImageField
            label="Photo"
            value={formik.values.photo}
            onChange={(src) => void formik.setFieldValue('photo', src)}
            upload={uploadStaffImage}
            error={field('photo').error}
          />
        </Photo>
        <FreeChoice>
          <input
            type="checkbox"
            name="free"
            checked={formik.values.free}
            onChange={(e) => {
              void formik.setFieldValue('free', e.target.checked);
              formik.setFieldError('price', undefined);
            }}
          />
          <span>
            Free event <small>(members reserve places with no payment; they still get tickets)</small>
          </span>
        </FreeChoice>
        <Pair>
          {formik.values.free ? (
            <TextField label="Price per ticket" value="Free" readOnly name="price" hint="Untick Free event to set a price" />
          ) : (
            <TextField label="Price per ticket (USD)" type="number" inputMode="decimal" min={1} step="0.01" {...field('price')} />
          )}
          <TextField
            label="Seats"
            type="number"
            inputMode="numeric"
            min={Math.max(1, taken)}
            step={1}
            {...field('seats')}
            hint={event && taken > 0 ? `${seatsSummary(event)}: at least ${taken}` : undefined}
          />
        </Pair>
        {formError && <FormError role="alert">{formError}</FormError>}
        <Buttons>
          {!cancelled && (
            <Button type="submit">
              {formik.isSubmitting ? 'Saving…' : event?.seriesId ? 'Save this date' : event ? 'Save changes' : 'Create event'}
            </Button>
          )}
          {!cancelled && event?.seriesId && (
            <Button type="button" $variant="outline" onClick={() => void saveFollowing()}>
              Save this and following
            </Button>
          )}
          <ButtonLink to="/admin/events" $variant="outline">
            Back to events
          </ButtonLink>
        </Buttons>
      </fieldset>
    </Form>
  );
}

/** /admin/events/new and /admin/events/:id (editors; cancelling: admins): the event's form, its seats and its actions. */
export function EventFormPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const navigate = useNavigate();
  const role = useAuth().user?.role;
  const [confirming, setConfirming] = useState(false);
  const churches = useResource(getLocations, null);
  const event = useResource(() => (isNew ? Promise.resolve(null) : getStaffEvent(id)), id ?? 'new');

  if (event.error && [400, 404].includes(errorStatus(event.error)))
    return <NotFound title="Event not found" message="This event does not exist." />;
  const loaded = event.data;
  const state = loaded ? staffEventState(loaded) : null;
  return (
    <StaffPage
      title={isNew ? 'New event' : loaded ? `Edit: ${loaded.title}` : 'Edit event'}
      intro={isNew ? 'Its page and tickets go on sale as soon as it is created.' : undefined}
      actions={
        loaded ? (
          <>
            <ButtonLink to={attendeesPath(loaded._id)} $variant="outline">
              Attendees
            </ButtonLink>
            <ButtonLink to={`/events/${loaded._id}`} $variant="outline">
              Public page
            </ButtonLink>
            {hasRole(role, 'admin') && !loaded.cancelledAt && state !== 'past' && (
              <Button type="button" $variant="danger" onClick={() => setConfirming(true)}>
                Cancel event
              </Button>
            )}
          </>
        ) : undefined
      }
    >
      {loaded && state && (
        <Facts>
          <StatusBadge $tone={STATE_LABELS[state].tone}>{STATE_LABELS[state].label}</StatusBadge>
          <span>
            {formatEventDate(loaded.event_date)}, {formatEventTime(loaded.event_date)}
          </span>
          <span>{seatsSummary(loaded)} seats</span>
          <span>
            {loaded.paidBookings} paid {loaded.paidBookings === 1 ? 'booking' : 'bookings'}
          </span>
        </Facts>
      )}
      {loaded?.cancelledAt && (
        <Notice role="note">
          <p>
            This event was cancelled on {formatEventDate(loaded.cancelledAt)}. Its paid bookings are refunded and it can no longer
            be changed. <Link to={attendeesPath(loaded._id)}>See the refunds</Link>.
          </p>
        </Notice>
      )}
      {(event.loading && !event.data && !isNew) || (churches.loading && !churches.data) ? (
        <LoadingState label="Loading the event…" rows={2} />
      ) : event.error ? (
        <ErrorState error={event.error} onRetry={event.reload} what="the event" />
      ) : (
        <EventForm
          key={loaded ? `${loaded._id}:${loaded.cancelledAt ?? ''}` : 'new'}
          event={loaded ?? null}
          churches={churches.data ?? []}
          onSaved={(saved) => {
            if (isNew) {
              notify.success(`"${saved.title}" is created and on sale.`);
              navigate(staffEventPath(saved._id), { replace: true });
            } else if (saved._id !== loaded?._id) {
              notify.success('Changes saved from this date on.');
              navigate(staffEventPath(saved._id));
            } else {
              notify.success('Changes saved.');
              event.reload();
            }
          }}
        />
      )}
      {loaded && (
        <RepeatPanel
          key={`${loaded._id}:${JSON.stringify(loaded.recurrence)}`}
          event={loaded}
          onChanged={(series) => {
            if (!series) navigate('/admin/events');
            else if (series._id !== loaded._id) navigate(staffEventPath(series._id));
            else event.reload();
          }}
        />
      )}
      {loaded && (
        <CancelEventDialog
          event={loaded}
          open={confirming}
          onClose={() => setConfirming(false)}
          onCancelled={() => {
            setConfirming(false);
            event.reload();
          }}
        />
      )}
    </StaffPage>
  );
}
