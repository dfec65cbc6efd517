import styled from 'styled-components';
import { countOf, formatEventDate, formatEventTime, inSiteTimeZone } from '@ministry/shared/format';
import { StaffTable, StatusBadge } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { Readable } from './Readable';
import { getEventWaitlist } from './api';

const Heading = styled.h2`
  font-size: 1.25rem;
  margin: 32px 0 8px;
`;

/** An event's waitlist for staff: those waiting, in order, and those offered seats (until when). */
export function WaitlistTable({ eventId, title }: { eventId: string; title: string }) {
  const list = useResource(() => getEventWaitlist(eventId), `waitlist:${eventId}`);
  if (list.error || !list.data) return null;
  const entries = list.data;
  const waiting = entries.filter((e) => e.status === 'waiting').length;
  return (
    <section aria-labelledby="waitlist-heading">
      <Heading id="waitlist-heading">Waitlist</Heading>
      {entries.length === 0 ? (
        <p>No one is waiting.</p>
      ) : (
        <>
          <p>
            {countOf(waiting, 'member is waiting', 'members are waiting')}. Seats that come free are offered by e-mail to the
            first member waiting, and held for them for a while.
          </p>
          <Readable $minWidth={640}>
            <StaffTable label={`Waitlist of ${title}`}>
              <thead>
                <tr>
                  <th scope="col" className="number">
                    Place
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col" className="number">
                    Seats
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e._id}>
                    <td className="number">{e.position ?? '–'}</td>
                    <td>{e.name}</td>
                    <td>
                      <a href={`mailto:${e.email}`}>{e.email}</a>
                    </td>
                    <td className="number">{e.quantity}</td>
                    <td>
                      {e.status === 'offered' ? (
                        <StatusBadge $tone="warn">
                          Offered
                          {e.offerExpiresAt
                            ? ` until ${formatEventDate(e.offerExpiresAt)}, ${formatEventTime(e.offerExpiresAt)}`
                            : ''}
                        </StatusBadge>
                      ) : (
                        <StatusBadge $tone="muted">Waiting</StatusBadge>
                      )}
                    </td>
                    <td className="nowrap">
                      <time dateTime={e.joinedAt}>{inSiteTimeZone(e.joinedAt).format('D MMM YYYY, HH:mm')}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
          </Readable>
        </>
      )}
    </section>
  );
}
