import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { countOf, formatEventDate, formatEventTime, formatNewsDate, formatPrice } from '@ministry/shared/format';
import type { MyBooking, MyTicket, TicketPass } from '@ministry/shared/types';
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
import { isFreeTicket, TICKET_STATES, ticketNote, ticketState } from './ticketState';
import { ForwardTicket } from './ForwardTicket';
import { eventCalendarUrl } from '../events/api';
import { MyCalendarFeed } from './MyCalendarFeed';
import { DoorView } from './DoorView';
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

const Passes = styled.div`
  grid-column: 2 / -1;
  margin-top: 8px;
  padding-top: 12px;
  border-top: 1px dashed ${theme.colors.border};
  display: grid;
  gap: 10px;
  p {
    color: ${theme.colors.text};
  }
  ${media.mobile} {
    grid-column: 1 / -1;
  }
`;

const PassList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 12px;
`;

const PassItem = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 10px 14px;
  align-items: flex-start;
  padding: 10px;
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  background: ${theme.colors.surface};
`;

const QR_URL_PREFIX = 'data:image/svg+xml;charset=utf-8,';

/** "My tickets" rows: the booking (MyTicket) with, from the API of today, its tickets (one per seat) and whether it is free. */
type TicketRow = MyTicket & Partial<Pick<MyBooking, 'free' | 'reference' | 'tickets'>>;

/** One ticket's QR code and code; a booking of several has one per person, each with its own code. */
function PassView({ pass, of, bookingId, eventTitle }: { pass: TicketPass; of: number; bookingId: string; eventTitle: string }) {
  return (
    <PassItem aria-label={of > 1 ? `Ticket ${pass.position} of ${of}` : 'Ticket'}>
      {pass.qrSvg && <Qr src={QR_URL_PREFIX + encodeURIComponent(pass.qrSvg)} alt={`QR code of the ticket ${pass.code}`} />}
      <PassText>
        {of > 1 && (
          <p>
            <strong>
              Ticket {pass.position} of {of}
            </strong>
            {pass.position === 1 ? ' (yours)' : ''}
          </p>
        )}
        <Code aria-label="Ticket code">{pass.code}</Code>
        {pass.qrSvg && <DoorView qrSrc={QR_URL_PREFIX + encodeURIComponent(pass.qrSvg)} code={pass.code} title={eventTitle} />}
        {pass.checkedInAt && <p>Checked in on {formatNewsDate(pass.checkedInAt)}.</p>}
        <ForwardTicket pass={pass} bookingId={bookingId} eventTitle={eventTitle} />
      </PassText>
    </PassItem>
  );
}

function TicketItem({ ticket, onChanged }: { ticket: TicketRow; onChanged: () => void }) {
  const [cancelling, setCancelling] = useState(false);
  const state = TICKET_STATES[ticketState(ticket)];
  const note = ticketNote(ticket, formatPrice, formatNewsDate);
  const canCancel = ticket.cancelUntil !== null && Date.parse(ticket.cancelUntil) > Date.now();
  const free = isFreeTicket(ticket);
  const passes = (ticket.tickets ?? []).filter((p) => p.qrSvg);
  const reference = ticket.reference ?? ticket._id.slice(0, 8).toUpperCase();
  const cancelLine =
    canCancel &&
    (free
      ? `You can cancel until the event begins (${formatEventDate(ticket.cancelUntil!)} at ${formatEventTime(ticket.cancelUntil!)}); the places go back to others.`
      : `You can cancel until ${formatEventDate(ticket.cancelUntil!)} at ${formatEventTime(ticket.cancelUntil!)} and be refunded.`);
  const actions = (
    <Actions>
      <a href={eventCalendarUrl(ticket.event._id)} download>
        Add to calendar
      </a>
      {canCancel && (
        <Button type="button" $variant="outline" onClick={() => setCancelling(true)}>
          {free ? 'Cancel reservation' : 'Cancel booking'}
        </Button>
      )}
    </Actions>
  );
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
          {free
            ? `${countOf(ticket.quantity, 'place', 'places')} · Free`
            : `${countOf(ticket.quantity, 'ticket', 'tickets')} · ${formatPrice(ticket.amount)}`}{' '}
          · reference {reference}
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
      {passes.length > 0 ? (
        <Passes>
          <p>
            {passes.length > 1
              ? 'Each person shows their own ticket at the entrance. Send a guest their ticket by e-mail, or show them all here.'
              : 'Show this code at the entrance:'}
          </p>
          <PassList>
            {passes.map((pass) => (
              <PassView key={pass._id} pass={pass} of={passes.length} bookingId={ticket._id} eventTitle={ticket.event.title} />
            ))}
          </PassList>
          {cancelLine && <p>{cancelLine}</p>}
          {actions}
        </Passes>
      ) : (
        ticket.ticketCode &&
        ticket.qrSvg && (
          <Pass>
            <Qr src={QR_URL_PREFIX + encodeURIComponent(ticket.qrSvg)} alt={`QR code of the ticket ${ticket.ticketCode}`} />
            <PassText>
              <p>Show this code at the entrance{ticket.quantity > 1 ? ` (it admits ${ticket.quantity})` : ''}:</p>
              <Code aria-label="Ticket code">{ticket.ticketCode}</Code>
              <DoorView
                qrSrc={QR_URL_PREFIX + encodeURIComponent(ticket.qrSvg)}
                code={ticket.ticketCode}
                title={ticket.event.title}
              />
              {ticket.checkedInAt && <p>Checked in on {formatNewsDate(ticket.checkedInAt)}.</p>}
              {cancelLine && <p>{cancelLine}</p>}
              {actions}
            </PassText>
          </Pass>
        )
      )}
      {canCancel && (
        <CancelBookingDialog
          ticket={ticket}
          free={free}
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
          The tickets you bought and the places you reserved, events to come first. Each person shows their own ticket's QR code
          (here or in the confirmation e-mail) at the entrance.
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
