import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatEventDate, formatEventTime, formatPrice } from '@ministry/shared/format';
import type { StaffEvent } from '@ministry/shared/types';
import { ButtonLink, ResourceView, StaffPage, StaffTable, StatusBadge, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { Readable } from './Readable';
import { attendeesPath, seatsSummary, STATE_LABELS, staffEventPath, staffEventState } from './staffEventStatus';
import { getStaffEvents } from './api';

const Heading = styled.h2`
  font-size: 1.25rem;
  color: ${theme.colors.primary};
  margin: 28px 0 12px;
  &:first-child {
    margin-top: 0;
  }
`;

const Title = styled(Link)`
  font-weight: 600;
`;

const Empty = styled.p`
  color: ${theme.colors.muted};
`;

function EventRows({ label, events }: { label: string; events: StaffEvent[] }) {
  return (
    <Readable $minWidth={760}>
      <StaffTable label={label}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">When</th>
            <th scope="col" className="number">
              Seats
            </th>
            <th scope="col" className="number">
              Price
            </th>
            <th scope="col">State</th>
            <th scope="col">Bookings</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const state = STATE_LABELS[staffEventState(event)];
            return (
              <tr key={event._id}>
                <td>
                  <Title to={staffEventPath(event._id)}>{event.title}</Title>
                </td>
                <td className="nowrap">
                  <time dateTime={event.event_date}>
                    {formatEventDate(event.event_date)}, {formatEventTime(event.event_date)}
                  </time>
                </td>
                <td className="number nowrap">{seatsSummary(event)}</td>
                <td className="number">{event.price === 0 ? 'Free' : formatPrice(event.price)}</td>
                <td>
                  <StatusBadge $tone={state.tone}>{state.label}</StatusBadge>
                </td>
                <td>
                  <Link to={attendeesPath(event._id)} aria-label={`Attendees of ${event.title}`}>
                    Attendees
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </StaffTable>
    </Readable>
  );
}

/** /admin/events (editors): the events to come and past, with the seats sold and held. */
export function EventsAdminPage() {
  const events = useResource(getStaffEvents, null);
  return (
    <StaffPage
      title="Events"
      intro="Create and edit events, see who booked, and follow the seats sold and held (held seats wait for a payment)."
      actions={<ButtonLink to="/admin/events/new">New event</ButtonLink>}
    >
      <ResourceView resource={events} what="the events" empty="No event yet. Create the first one with New event.">
        {(list) => {
          const now = Date.now();
          const upcoming = list.filter((e) => Date.parse(e.event_date) > now);
          const past = list.filter((e) => Date.parse(e.event_date) <= now);
          return (
            <>
              <Heading>Coming events</Heading>
              {upcoming.length ? <EventRows label="Coming events" events={upcoming} /> : <Empty>No event to come.</Empty>}
              <Heading>Past events</Heading>
              {past.length ? <EventRows label="Past events" events={past} /> : <Empty>No past event.</Empty>}
            </>
          );
        }}
      </ResourceView>
    </StaffPage>
  );
}
