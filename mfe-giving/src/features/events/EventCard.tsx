import styled from 'styled-components';
import type { MinistryEvent } from '@ministry/shared/types';
import { formatEventDate, formatEventTime } from '@ministry/shared/format';
import { Card, CardBody, Muted, theme } from '@ministry/shared/ui';

const Image = styled.img`
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  background: ${theme.colors.surface};
`;

const Title = styled.h3`
  font-size: 1.15rem;
  color: ${theme.colors.primary};
  margin: 0;
`;

const Description = styled.p`
  margin: 0;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

/** An event: photo, title, date and time, description and seats left. */
export function EventCard({ event }: { event: MinistryEvent }) {
  return (
    <Card>
      <Image src={event.photo} alt="" loading="lazy" width={640} height={360} />
      <CardBody>
        <Muted>
          <time dateTime={event.event_date}>
            {formatEventDate(event.event_date)} · {formatEventTime(event.event_date)}
          </time>
        </Muted>
        <Title>{event.title}</Title>
        <Description>{event.description}</Description>
        <Muted>{event.seatsLeft > 0 ? `${event.seatsLeft} seats left · ${event.seat_price}$` : 'Sold out'}</Muted>
      </CardBody>
    </Card>
  );
}
