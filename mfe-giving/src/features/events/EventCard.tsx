import styled from 'styled-components';
import type { MinistryEvent } from '@ministry/shared/types';
import { formatEventDate, formatEventTime } from '@ministry/shared/format';
import { ButtonLink, Card, CardBody, CardDescription, Muted, ResponsiveImage, theme } from '@ministry/shared/ui';
import { availabilityOf, eventPath, priceText, seatsText } from './eventStatus';

const Image = styled.div`
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    background: ${theme.colors.surface};
  }
`;

const Title = styled.h3`
  font-size: 1.15rem;
  color: ${theme.colors.primary};
  margin: 0;
`;

const Footer = styled.div`
  margin-top: auto;
  padding-top: 8px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
`;

const Seats = styled.span<{ $open: boolean }>`
  font-weight: 600;
  font-size: 0.92rem;
  color: ${(p) => (p.$open ? theme.colors.success : theme.colors.danger)};
`;

/** An event in the mobile list: photo, date and time, title, description, seats and a link to its tickets. */
export function EventCard({ event, eager = false }: { event: MinistryEvent; eager?: boolean }) {
  const open = availabilityOf(event) === 'on-sale';
  return (
    <Card aria-labelledby={`event-${event._id}`}>
      <Image>
        <ResponsiveImage
          src={event.photo}
          sizes="(max-width: 768px) 100vw, 400px"
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          width={640}
          height={360}
        />
      </Image>
      <CardBody>
        <Muted>
          <time dateTime={event.event_date}>
            {formatEventDate(event.event_date)} · {formatEventTime(event.event_date)}
          </time>
        </Muted>
        <Title id={`event-${event._id}`}>{event.title}</Title>
        <CardDescription>{event.description}</CardDescription>
        <Footer>
          <Seats $open={open}>
            {seatsText(event)}
            {open && ` · ${priceText(event.seat_price)}`}
          </Seats>
          <ButtonLink
            to={eventPath(event)}
            $variant={open ? 'primary' : 'outline'}
            aria-label={`${open ? 'Get tickets' : 'Details'}: ${event.title}`}
          >
            {open ? 'Get tickets' : 'Details'}
          </ButtonLink>
        </Footer>
      </CardBody>
    </Card>
  );
}
