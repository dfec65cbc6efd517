import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { getMyTickets } from '@ministry/shared/api';
import { formatEventDate, formatEventTime } from '@ministry/shared/format';
import type { Booking } from '@ministry/shared/types';
import { media, Muted, ResourceView, theme, useResource } from '@ministry/shared/ui';
import { priceText } from '../events/eventStatus';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 14px;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 120px minmax(0, 1fr) auto;
  gap: 18px;
  align-items: center;
  padding: 14px;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  img { width: 120px; height: 68px; object-fit: cover; border-radius: 6px; background: ${theme.colors.surface}; }
  h3 { font-size: 1.05rem; margin: 0 0 2px; }
  h3 a { color: ${theme.colors.primary}; text-decoration: none; }
  h3 a:hover { text-decoration: underline; }
  ${media.mobile} {
    grid-template-columns: 88px minmax(0, 1fr);
    img { width: 88px; height: 56px; }
  }
`;

const Count = styled.p`
  margin: 0;
  text-align: right;
  font-weight: 700;
  color: ${theme.colors.primary};
  small { display: block; font-weight: 500; color: ${theme.colors.muted}; }
  ${media.mobile} { grid-column: 2; text-align: left; }
`;

const loadTickets = () => getMyTickets();

function Ticket({ ticket }: { ticket: Booking }) {
  return (
    <Item>
      <img src={ticket.event.photo} alt="" width={120} height={68} loading="lazy" />
      <div>
        <h3>
          <Link to={`/events/${ticket.event._id}`}>{ticket.event.title}</Link>
        </h3>
        <Muted>
          <time dateTime={ticket.event.event_date}>
            {formatEventDate(ticket.event.event_date)} · {formatEventTime(ticket.event.event_date)}
          </time>
        </Muted>
        <Muted>Booking reference {ticket._id.slice(0, 8).toUpperCase()}</Muted>
      </div>
      <Count>
        {ticket.quantity === 1 ? '1 ticket' : `${ticket.quantity} tickets`}
        <small>{priceText(ticket.amount)} paid</small>
      </Count>
    </Item>
  );
}

/**
 * The signed-in member's tickets (paid bookings), soonest event first, with
 * loading, empty and error-with-retry states. Exposed as `mfe_giving/MyTickets`;
 * the call itself is `getMyTickets()` in @ministry/shared/api.
 */
export function MyTickets({ emptyText = 'You have no tickets yet.' }: { emptyText?: string }) {
  const tickets = useResource(loadTickets);
  return (
    <ResourceView
      resource={tickets}
      what="your tickets"
      empty={
        <>
          {emptyText} <Link to="/events">See the upcoming events</Link>
        </>
      }
    >
      {(list) => (
        <List aria-label="Your tickets">
          {list.map((ticket) => (
            <Ticket key={ticket._id} ticket={ticket} />
          ))}
        </List>
      )}
    </ResourceView>
  );
}

export default MyTickets;
