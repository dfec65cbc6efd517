import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus } from '@ministry/shared/api';
import { countOf, formatEventDate, formatEventTime, formatPrice, inSiteTimeZone } from '@ministry/shared/format';
import type { Attendee, AttendeeList, AttendeeWithTickets } from '@ministry/shared/types';
import {
  ButtonLink,
  ExternalButton,
  media,
  NotFound,
  ResourceView,
  StaffPage,
  StaffTable,
  StatusBadge,
  theme,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { Readable } from './Readable';
import { WaitlistTable } from './WaitlistTable';
import { checkInPath, staffEventPath } from './staffEventStatus';
import { attendeesCsvUrl, getAttendees } from './api';

const PAYMENT: Record<Attendee['payment'], { label: string; tone: 'ok' | 'warn' | 'muted' | 'danger' }> = {
  paid: { label: 'Paid', tone: 'ok' },
  waiting: { label: 'Not paid yet', tone: 'warn' },
  refund_due: { label: 'Refund under way', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'muted' },
};

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 12px;
  margin: 0 0 20px;
  div {
    background: #fff;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius};
    padding: 12px 16px;
  }
  dt {
    color: ${theme.colors.muted};
    font-size: 0.88rem;
  }
  dd {
    margin: 2px 0 0;
    font-size: 1.35rem;
    font-weight: 700;
    color: ${theme.colors.primary};
  }
  ${media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Cancelled = styled.p`
  color: ${theme.colors.danger};
  font-weight: 600;
`;

const Email = styled.td`
  word-break: break-all;
  min-width: 14ch;
`;

const Passes = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: 0.88rem;
  li {
    white-space: nowrap;
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
`;

const tickets = (n: number) => countOf(n, 'ticket', 'tickets');

/** Each ticket of a booking: its code, and when it was checked in (or not yet). */
function PassCell({ attendee }: { attendee: AttendeeWithTickets }) {
  const passes = attendee.passes ?? [];
  if (passes.length === 0) return <>—</>;
  return (
    <Passes>
      {passes.map((p) => (
        <li key={p._id}>
          <code>{p.code}</code> ·{' '}
          {p.checkedInAt ? (
            <>
              in at <time dateTime={p.checkedInAt}>{inSiteTimeZone(p.checkedInAt).format('HH:mm')}</time>
            </>
          ) : (
            'not in yet'
          )}
        </li>
      ))}
    </Passes>
  );
}

function Summary({ list }: { list: AttendeeList & { free?: boolean } }) {
  const { totals, event } = list;
  if (list.free) {
    return (
      <>
        {event.cancelledAt && (
          <Cancelled>This event was cancelled on {formatEventDate(event.cancelledAt)}: its reservations ended.</Cancelled>
        )}
        <Totals>
          <div>
            <dt>Places reserved</dt>
            <dd>{totals.ticketsPaid}</dd>
          </div>
          <div>
            <dt>Held for the waitlist</dt>
            <dd>{totals.ticketsWaiting}</dd>
          </div>
          <div>
            <dt>Places left</dt>
            <dd>{Math.max(0, event.seats - event.seatsSold - event.seatsHeld)}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>Free</dd>
          </div>
        </Totals>
      </>
    );
  }
  return (
    <>
      {event.cancelledAt && (
        <Cancelled>This event was cancelled on {formatEventDate(event.cancelledAt)}: its paid bookings are refunded.</Cancelled>
      )}
      <Totals>
        <div>
          <dt>Tickets paid</dt>
          <dd>{totals.ticketsPaid}</dd>
        </div>
        <div>
          <dt>Held, not paid yet</dt>
          <dd>{totals.ticketsWaiting}</dd>
        </div>
        <div>
          <dt>Paid in all</dt>
          <dd>{formatPrice(totals.amountPaid)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>
            {formatPrice(totals.amountRefunded)}
            <span className="visually-hidden"> for {tickets(totals.ticketsRefunded)}</span>
          </dd>
        </div>
      </Totals>
    </>
  );
}

/** /admin/events/:id/attendees (editors): every booking of an event (name, e-mail, tickets, paid or not, date), the totals and a CSV. */
export function AttendeesPage() {
  const { id = '' } = useParams();
  const list = useResource(() => getAttendees(id), id);
  if (list.error && [400, 404].includes(errorStatus(list.error)))
    return <NotFound title="Event not found" message="This event does not exist." />;
  const event = list.data?.event;
  return (
    <StaffPage
      title={event ? `Attendees: ${event.title}` : 'Attendees'}
      intro={
        event ? (
          <>
            {formatEventDate(event.event_date)}, {formatEventTime(event.event_date)} · {event.seatsSold} of {event.seats}{' '}
            {list.data?.free ? 'places reserved' : 'seats sold'}
            {event.seatsHeld ? `, ${event.seatsHeld} held` : ''}. Holds that ran out or were given up are not listed.
          </>
        ) : undefined
      }
      actions={
        <>
          <ExternalButton href={attendeesCsvUrl(id)} download>
            Download CSV
          </ExternalButton>
          <ButtonLink to={checkInPath(id)} $variant="outline">
            Check-in
          </ButtonLink>
          <ButtonLink to={staffEventPath(id)} $variant="outline">
            Edit event
          </ButtonLink>
        </>
      }
    >
      <ResourceView resource={list} what="the attendees" empty="" isEmpty={() => false}>
        {(data) => (
          <>
            <Summary list={data} />
            {data.attendees.length === 0 ? (
              <p>No booking yet.</p>
            ) : (
              <Readable $minWidth={1040}>
                <StaffTable label={`Bookings of ${data.event.title}`}>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">E-mail</th>
                      <th scope="col" className="number">
                        Tickets
                      </th>
                      <th scope="col">Payment</th>
                      <th scope="col" className="number">
                        Amount
                      </th>
                      <th scope="col">Booked on</th>
                      <th scope="col">Reference</th>
                      <th scope="col">Tickets at the door</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.attendees.map((a) => (
                      <tr key={a._id}>
                        <td>{a.name}</td>
                        <Email>
                          <a href={`mailto:${a.email}`}>{a.email}</a>
                        </Email>
                        <td className="number">{a.tickets}</td>
                        <td>
                          <StatusBadge $tone={PAYMENT[a.payment].tone}>
                            {data.free && a.payment === 'paid' ? 'Reserved' : PAYMENT[a.payment].label}
                          </StatusBadge>
                        </td>
                        <td className="number">{data.free ? 'Free' : formatPrice(a.amount)}</td>
                        <td className="nowrap">
                          <time dateTime={a.bookedAt}>{inSiteTimeZone(a.bookedAt).format('D MMM YYYY, HH:mm')}</time>
                        </td>
                        <td className="nowrap">{a.reference ?? a._id.slice(0, 8).toUpperCase()}</td>
                        <td>
                          <PassCell attendee={a} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={2}>
                        {countOf(data.totals.bookings, 'booking', 'bookings')}
                      </th>
                      <td className="number">{data.totals.ticketsPaid + data.totals.ticketsWaiting}</td>
                      <td colSpan={5}>
                        {data.free
                          ? `${tickets(data.totals.ticketsPaid)} reserved`
                          : `${tickets(data.totals.ticketsPaid)} paid, ${formatPrice(data.totals.amountPaid)}`}
                      </td>
                    </tr>
                  </tfoot>
                </StaffTable>
              </Readable>
            )}
            <WaitlistTable eventId={id} title={data.event.title} />
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
