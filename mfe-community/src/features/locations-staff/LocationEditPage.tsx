import { FieldArray, Form, Formik } from 'formik';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { siteIdentity } from '@ministry/shared/config';
import { weekdayName } from '@ministry/shared/format';
import type { LocationFormInput, StaffLocation } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  formikField,
  media,
  NotFound,
  notify,
  ResourceView,
  SelectField,
  StaffPage,
  TextAreaField,
  TextField,
  theme,
} from '@ministry/shared/ui';
import { LOCATION_LIMITS, locationSchema } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { createLocation, getStaffLocation, updateLocation } from './api';

interface ServiceValues {
  name: string;
  weekday: string;
  time: string;
  language: string;
}

export interface LocationFormValues {
  church_name: string;
  adress: string;
  email: string;
  main_contact: string[];
  serviceTimes: ServiceValues[];
  parking: string;
  latitude: string;
  longitude: string;
  timeZone: string;
  liveStreamUrl: string;
}

const BLANK: LocationFormValues = {
  church_name: '',
  adress: '',
  email: '',
  main_contact: [''],
  serviceTimes: [{ name: 'Sunday Service', weekday: '0', time: '10:00', language: 'English' }],
  parking: '',
  latitude: '',
  longitude: '',
  timeZone: '',
  liveStreamUrl: '',
};

const valuesOf = (location: StaffLocation): LocationFormValues => ({
  church_name: location.church_name,
  adress: location.adress,
  email: location.email,
  main_contact: location.main_contact,
  serviceTimes: location.serviceTimes.map((s) => ({
    name: s.name,
    weekday: String(s.weekday),
    time: s.time,
    language: s.language,
  })),
  parking: location.parking ?? '',
  latitude: location.map ? String(location.map.latitude) : '',
  longitude: location.map ? String(location.map.longitude) : '',
  timeZone: location.timeZone ?? '',
  liveStreamUrl: location.liveStreamUrl ?? '',
});

const coordinate = (text: string): number | string | null =>
  text.trim() === '' ? null : Number.isNaN(Number(text)) ? text : Number(text);

const inputOf = (values: LocationFormValues): LocationFormInput => ({
  church_name: values.church_name,
  adress: values.adress,
  email: values.email,
  main_contact: values.main_contact.map((phone) => phone.trim()).filter(Boolean),
  serviceTimes: values.serviceTimes.map((s) => ({ ...s, weekday: Number(s.weekday) })),
  parking: values.parking,
  latitude: coordinate(values.latitude),
  longitude: coordinate(values.longitude),
  timeZone: values.timeZone,
  liveStreamUrl: values.liveStreamUrl,
});

/** The time zones this browser knows, for a church on another clock than the site's (made once: the list is long). */
const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
const TIME_ZONE_OPTIONS = TIME_ZONES.map((zone) => (
  <option key={zone} value={zone}>
    {zone.replace(/_/g, ' ')}
  </option>
));

const Part = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: #fff;
  margin: 0 0 20px;
  padding: 16px 20px 4px;
  min-width: 0;
  legend {
    font-weight: 600;
    color: ${theme.colors.primary};
    padding: 0 6px;
    font-size: 1.05rem;
  }
  > p {
    margin: 0 0 12px;
    color: ${theme.colors.muted};
  }
`;

const Two = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 16px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Phone = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 12px;
  align-items: start;
  > button {
    margin-top: 29px;
  }
`;

const Service = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 1.2fr) auto;
  gap: 0 12px;
  align-items: start;
  > button {
    margin-top: 29px;
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    padding-bottom: 12px;
    border-bottom: 1px solid ${theme.colors.border};
    margin-bottom: 12px;
    > div:first-child {
      grid-column: 1 / -1;
    }
    > button {
      margin-top: 0;
      grid-column: 1 / -1;
      justify-self: start;
    }
  }
`;

const Services = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Add = styled.p`
  margin: 0 0 16px;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

function LocationForm({ location }: { location: StaffLocation | null }) {
  const navigate = useNavigate();
  return (
    <Formik<LocationFormValues>
      initialValues={location ? valuesOf(location) : BLANK}
      validationSchema={locationSchema}
      onSubmit={async (values, helpers) => {
        try {
          const saved = location ? await updateLocation(location._id, inputOf(values)) : await createLocation(inputOf(values));
          notify.success(
            `${saved.church_name} is ${location ? 'saved' : 'added'}. The Locations tab shows it within a few seconds.`,
          );
          navigate('/admin/locations');
        } catch (error) {
          const fields = serverFieldErrors(error);
          for (const [field, message] of Object.entries(fields)) helpers.setFieldError(field, message);
          notify.error(errorStatus(error) === 400 ? 'Please correct what is marked.' : friendlyError(error));
        }
      }}
    >
      {(form) => {
        const { values, errors, isSubmitting } = form;
        const field = (path: string) => formikField(form, path);
        return (
          <Form noValidate aria-label={location ? `Edit ${location.church_name}` : 'New location'}>
            <Part>
              <legend>Name and address</legend>
              <TextField label="Name" maxLength={LOCATION_LIMITS.name} {...field('church_name')} />
              <TextField label="Address" maxLength={LOCATION_LIMITS.address} autoComplete="off" {...field('adress')} />
            </Part>

            <Part>
              <legend>Contacts</legend>
              <TextField label="E-mail" type="email" {...field('email')} />
              <FieldArray name="main_contact">
                {(phones) => (
                  <>
                    {values.main_contact.map((_phone, i) => (
                      <Phone key={i}>
                        <TextField label={`Phone ${i + 1}`} type="tel" {...field(`main_contact[${i}]`)} />
                        <Button type="button" $variant="outline" onClick={() => phones.remove(i)}>
                          Remove<span className="visually-hidden"> phone {i + 1}</span>
                        </Button>
                      </Phone>
                    ))}
                    {typeof errors.main_contact === 'string' && <p role="alert">{errors.main_contact}</p>}
                    {values.main_contact.length < LOCATION_LIMITS.phones && (
                      <Add>
                        <Button type="button" $variant="outline" onClick={() => phones.push('')}>
                          Add a phone number
                        </Button>
                      </Add>
                    )}
                  </>
                )}
              </FieldArray>
            </Part>

            <Part>
              <legend>Service times</legend>
              <p>Each regular service: its name, day, start time (the church&apos;s local time) and language.</p>
              <SelectField
                label="The church's clock"
                hint="Where the church is in another time zone than the site, its services are at its own local time (the live page counts down to them)."
                {...field('timeZone')}
              >
                <option value="">The site&apos;s ({siteIdentity.timeZone})</option>
                {TIME_ZONE_OPTIONS}
                {values.timeZone && !TIME_ZONES.includes(values.timeZone) && (
                  <option value={values.timeZone}>{values.timeZone}</option>
                )}
              </SelectField>
              <FieldArray name="serviceTimes">
                {(services) => (
                  <>
                    <Services>
                      {values.serviceTimes.map((_service, i) => (
                        <Service key={i} aria-label={`Service ${i + 1}`}>
                          <TextField
                            label="Service"
                            maxLength={LOCATION_LIMITS.serviceName}
                            {...field(`serviceTimes[${i}].name`)}
                          />
                          <SelectField label="Day" {...field(`serviceTimes[${i}].weekday`)}>
                            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
                              <option key={day} value={String(day)}>
                                {weekdayName(day)}
                              </option>
                            ))}
                          </SelectField>
                          <TextField label="Time" type="time" {...field(`serviceTimes[${i}].time`)} />
                          <TextField
                            label="Language"
                            maxLength={LOCATION_LIMITS.language}
                            {...field(`serviceTimes[${i}].language`)}
                          />
                          <Button type="button" $variant="outline" onClick={() => services.remove(i)}>
                            Remove<span className="visually-hidden"> service {i + 1}</span>
                          </Button>
                        </Service>
                      ))}
                    </Services>
                    {values.serviceTimes.length < LOCATION_LIMITS.services && (
                      <Add>
                        <Button
                          type="button"
                          $variant="outline"
                          onClick={() => services.push({ name: '', weekday: '0', time: '', language: 'English' })}
                        >
                          Add a service
                        </Button>
                      </Add>
                    )}
                  </>
                )}
              </FieldArray>
            </Part>

            <Part>
              <legend>Visiting</legend>
              <TextAreaField
                label="Parking"
                hint="Where visitors park, in a sentence or two (leave empty if there is nothing to say)."
                rows={3}
                {...field('parking')}
              />
              <p>
                The map on the Locations tab: the church&apos;s coordinates in decimal degrees (on openstreetmap.org, right-click
                the church and choose &ldquo;Show address&rdquo;). Leave both empty for no map.
              </p>
              <Two>
                <TextField label="Latitude" inputMode="decimal" placeholder="39.7391" {...field('latitude')} />
                <TextField label="Longitude" inputMode="decimal" placeholder="-75.5398" {...field('longitude')} />
              </Two>
            </Part>

            <Part>
              <legend>Watching live</legend>
              <p>
                Where its services are streamed: a YouTube or Vimeo live address. During each service (and a few minutes either
                side) the live page shows it, privacy-enhanced.
              </p>
              <TextField
                label="Live stream address"
                type="url"
                placeholder="https://www.youtube.com/channel/…/live"
                hint="A YouTube channel's live address keeps working week after week; a single stream's address changes each time."
                {...field('liveStreamUrl')}
              />
            </Part>

            <Footer>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving…' : location ? 'Save changes' : 'Add location'}
              </Button>
              <ButtonLink to="/admin/locations" $variant="outline">
                Cancel
              </ButtonLink>
            </Footer>
          </Form>
        );
      }}
    </Formik>
  );
}

function EditLocation({ id }: { id: string }) {
  const location = useResource(() => getStaffLocation(id), id);
  if (location.error && errorStatus(location.error) === 404)
    return <NotFound title="Location not found" message="It may have been removed." />;
  return (
    <StaffPage
      title={location.data ? `Edit ${location.data.church_name}` : 'Edit a location'}
      intro="What visitors read on the Locations tab."
    >
      <ResourceView resource={location} what="the location" empty="" isEmpty={() => false}>
        {(data) => <LocationForm key={data._id} location={data} />}
      </ResourceView>
    </StaffPage>
  );
}

/** /admin/locations/:id (editors and admins): a location's details; `new` for a new one. */
export function LocationEditPage() {
  const { id = 'new' } = useParams();
  if (id === 'new') {
    return (
      <StaffPage title="Add a location" intro="It appears on the Locations tab of the community page once added.">
        <LocationForm location={null} />
      </StaffPage>
    );
  }
  return <EditLocation id={id} />;
}
