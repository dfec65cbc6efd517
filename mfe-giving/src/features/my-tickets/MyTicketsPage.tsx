import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { countOf, formatEventDate, formatEventTime, formatNewsDate, formatPrice } from '@ministry/shared/format';
import type { MyTicket } from '@ministry/shared/types';
import {
  Button,
  Container,
  media,
  ResourceView,
  ResponsiveImage,
  Section,
  StatusBadge,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { MemberPageIntro, MemberPageTitle } from '../../components/MemberPageHeading';
import { eventPath } from '../events/eventStatus';
import { CancelBookingDialog } from './CancelBookingDialog';
import { TICKET_STATES, ticketNote, ticketState } from './ticketState';
import { eventCalendarUrl } from '../events/api';
import { MyCalendarFeed } from './MyCalendarFeed';
import { getMyBookings } from './api';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 14px;
  max-width: 860px;
`;

const Ticket = styled.li`
  display: grid;
  grid-template-columns: 120px minmax(0, 1fr) auto;
  gap: 6px 18px;
  align-items: start;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 14px;
  img {
    width: 120px;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: 8px;
    background: ${theme.colors.surface};
  }
  h2 {
    font-size: 1.1rem;
    margin: 0 0 4px;
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 0.93rem;
  }
  ${media.mobile} {
    grid-template-columns: 88px minmax(0, 1fr);
    img {
      width: 88px;
    }
  }
`;

const State = styled.div`
  text-align: right;
  ${media.mobile} {
    grid-column: 2;
    text-align: left;
  }
`;

const Note = styled.p`
  grid-column: 2 / -1;
  color: ${theme.colors.text} !important;
`;

const Pass = styled.div`
  grid-column: 2 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: 12px 20px;
  align-items: center;
  margin-top: 8px;
  padding-top: 12px;
  border-top: 1px dashed ${theme.colors.border};
  ${media.mobile} {
    grid-column: 1 / -1;
  }
`;

const Qr = styled.img`
  width: 168px !important;
  height: 168px !important;
  aspect-ratio: 1 !important;
  object-fit: contain !important;
  background: #fff !important;
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
`;

const Code = styled.p`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1rem !important;
  letter-spacing: 0.06em;
  color: ${theme.colors.text} !important;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 10px;
  a,
  button {
    padding: 8px 16px;
    font-size: 0.9rem;
  }
`;

const PassText = styled.div`
  flex: 1 1 220px;
  min-width: 0;
  display: grid;
  gap: 4px;
`;

const QR_URL_PREFIX = 'data:image/svg+xml;charset=utf-8,';

function TicketItem({ ticket, onChanged }: { ticket: MyTicket; onChanged: () => void }) {
  const [cancelling, setCancelling] = useState(false);
  const state = TICKET_STATES[ticketState(ticket)];
  const note = ticketNote(ticket, formatPrice, formatNewsDate);
  const canCancel = ticket.cancelUntil !== null && Date.parse(ticket.cancelUntil) > Date.now();
  return (
    <Ticket aria-labelledby={`ticket-${ticket._id}`}>
      <ResponsiveImage src={ticket.event.photo} sizes="120px" alt="" loading="lazy" />
      <div>
        <h2 id={`ticket-${ticket._id}`}>
          <Link to={eventPath(ticket.event)}>{ticket.event.title}</Link>
        </h2>
        <p>
          <time dateTime={ticket.event.event_date}>
            {formatEventDate(ticket.event.event_date)} at {formatEventTime(ticket.event.event_date)}
          </time>
        </p>
        {ticket.event.place && <p>{ticket.event.place}</p>}
        <p>
          {countOf(ticket.quantity, 'ticket', 'tickets')} · {formatPrice(ticket.amount)} · reference{' '}
          {ticket._id.slice(0, 8).toUpperCase()}
        </p>
      </div>
      <State>
        {ticket.event.cancelledAt && (
          <>
            <StatusBadge $tone="danger">Event cancelled</StatusBadge>{' '}
          </>
        )}
        <StatusBadge $tone={state.tone}>{state.label}</StatusBadge>
      </State>
      {note && <Note>{note}</Note>}
      {ticket.ticketCode && ticket.qrSvg && (
        <Pass>
          <Qr src={QR_URL_PREFIX + encodeURIComponent(ticket.qrSvg)} alt={`QR code of the ticket ${ticket.ticketCode}`} />
          <PassText>
            <p>Show this code at the entrance{ticket.quantity > 1 ? ` (it admits ${ticket.quantity})` : ''}:</p>
            <Code aria-label="Ticket code">{ticket.ticketCode}</Code>
            {ticket.checkedInAt && <p>Checked in on {formatNewsDate(ticket.checkedInAt)}.</p>}
            {canCancel && (
              <p>
                You can cancel until {formatEventDate(ticket.cancelUntil!)} at {formatEventTime(ticket.cancelUntil!)} and be
                refunded.
              </p>
            )}
            <Actions>
              <a href={eventCalendarUrl(ticket.event._id)} download>
                Add to calendar
              </a>
              {canCancel && (
                <Button type="button" $variant="outline" onClick={() => setCancelling(true)}>
                  Cancel booking
                </Button>
              )}
            </Actions>
          </PassText>
        </Pass>
      )}
      {canCancel && (
        <CancelBookingDialog
          ticket={ticket}
          open={cancelling}
          onClose={() => setCancelling(false)}
          onCancelled={() => {
            setCancelling(false);
            onChanged();
          }}
        />
      )}
    </Ticket>
  );
}

/** /my-tickets (signed-in members): every ticket they paid for, as it stands now (paid, refund on its way, refunded). */
export function MyTicketsPage() {
  usePageTitle('My tickets');
  const tickets = useResource(getMyBookings, null);
  return (
    <Section>
      <Container>
        <MemberPageTitle>My tickets</MemberPageTitle>
        <MemberPageIntro>
          The tickets you bought, events to come first. Show a ticket's QR code (here or in your confirmation e-mail) at the
          entrance.
        </MemberPageIntro>
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
              {list.map((ticket) => (
                <TicketItem key={ticket._id} ticket={ticket} onChanged={tickets.reload} />
              ))}
            </List>
          )}
        </ResourceView>
        <MyCalendarFeed />
      </Container>
    </Section>
  );
}
