import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { countOf, formatEventDate, formatEventTime } from '@ministry/shared/format';
import { media, ResourceView, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { NumberedPanel as Panel } from '../../components/Panel';
import { getMyTickets } from './api';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Ticket = styled.li`
  display: grid;
  grid-template-columns: 72px 1fr auto;
  gap: 16px;
  align-items: center;
  border: 1px solid ${theme.colors.border};
  border-radius: 12px;
  padding: 12px;
  img {
    width: 72px;
    height: 72px;
    object-fit: cover;
    border-radius: 8px;
  }
  h3 {
    margin: 0 0 4px;
    font-size: 1rem;
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 0.9rem;
  }
  strong {
    white-space: nowrap;
  }
  ${media.mobile} {
    grid-template-columns: 56px 1fr;
    img {
      width: 56px;
      height: 56px;
    }
    strong {
      grid-column: 2;
    }
  }
`;

/** The member's paid tickets, soonest event first. */
export function TicketsSection() {
  const tickets = useResource(getMyTickets, 'tickets:mine');
  return (
    <Panel aria-labelledby="profile-tickets">
      <h2 id="profile-tickets">
        <span>04</span> My tickets
      </h2>
      <ResourceView
        resource={tickets}
        what="your tickets"
        empty={
          <>
            You have no tickets yet. <Link to="/events">See the coming events</Link>.
          </>
        }
      >
        {(list) => (
          <List>
            {list.map((booking) => (
              <Ticket key={booking._id}>
                <img src={booking.event.photo} alt="" width={72} height={72} loading="lazy" />
                <div>
                  <h3>
                    <Link to={`/events/${booking.event._id}`}>{booking.event.title}</Link>
                  </h3>
                  <p>
                    {formatEventDate(booking.event.event_date)} at {formatEventTime(booking.event.event_date)}
                  </p>
                </div>
                <strong>{countOf(booking.quantity, 'ticket', 'tickets')}</strong>
              </Ticket>
            ))}
          </List>
        )}
      </ResourceView>
      <p>
        <Link to="/my-tickets">Your tickets with their QR codes, calendar files and cancellation</Link>
      </p>
      <p>
        <Link to="/my-giving">My giving: your gifts, weekly and monthly gifts, and yearly statements (PDF)</Link>
      </p>
    </Panel>
  );
}
