import styled from 'styled-components';
import { formatEventDate, formatEventTime } from '@ministry/shared/format';
import type { MinistryEvent } from '@ministry/shared/types';
import { ButtonLink, Carousel, ResponsiveImage, theme } from '@ministry/shared/ui';
import { availabilityOf, eventPath, priceText, seatsText } from './eventStatus';

const Slide = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 1.25fr) minmax(0, 1fr);
  min-height: 400px;
  background: ${theme.colors.primary};
  color: #fff;
`;

const Photo = styled.div`
  min-width: 0;
  img {
    display: block;
    width: 100%;
    height: 100%;
    min-height: 400px;
    object-fit: cover;
  }
`;

const Info = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 14px;
  padding: 40px 44px;
  h3 {
    font-size: 1.9rem;
    margin: 0;
    line-height: 1.2;
  }
  p {
    margin: 0;
  }
`;

const When = styled.p`
  color: ${theme.colors.accent};
  font-weight: 600;
  letter-spacing: 0.02em;
`;

const Description = styled.p`
  opacity: 0.92;
  display: -webkit-box;
  -webkit-line-clamp: 4;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 18px;
  font-weight: 600;
`;

const Chip = styled.span<{ $open: boolean }>`
  display: inline-block;
  padding: 2px 12px;
  border-radius: 999px;
  background: ${(p) => (p.$open ? 'rgba(255, 255, 255, 0.14)' : theme.colors.danger)};
`;

const Actions = styled.div`
  margin-top: 8px;
`;

/** Desktop: the events as a slideshow, each slide the photo beside the event's details and its tickets link. */
export function EventCarousel({ events }: { events: MinistryEvent[] }) {
  return (
    <Carousel
      items={events}
      label="Event highlights"
      getKey={(e) => e._id}
      slideLabel={(e) => e.title}
      interval={7000}
      renderSlide={(event, i) => {
        const open = availabilityOf(event) === 'on-sale';
        return (
          <Slide aria-labelledby={`slide-${event._id}`}>
            <Photo>
              <ResponsiveImage
                src={event.photo}
                sizes="(max-width: 1200px) 56vw, 670px"
                alt=""
                width={800}
                height={450}
                loading={i === 0 ? 'eager' : 'lazy'}
                preload={i === 0}
              />
            </Photo>
            <Info>
              <When>
                <time dateTime={event.event_date}>
                  {formatEventDate(event.event_date)} · {formatEventTime(event.event_date)}
                </time>
              </When>
              <h3 id={`slide-${event._id}`}>{event.title}</h3>
              <Description>{event.description}</Description>
              <Meta>
                <Chip $open={open}>{seatsText(event)}</Chip>
                {open && <span>{event.seat_price === 0 ? 'Free' : `${priceText(event.seat_price)} a seat`}</span>}
              </Meta>
              <Actions>
                <ButtonLink
                  to={eventPath(event)}
                  $variant="light"
                  aria-label={`${open ? 'Get tickets' : 'Details'}: ${event.title}`}
                >
                  {open ? 'Get tickets' : 'Details'}
                </ButtonLink>
              </Actions>
            </Info>
          </Slide>
        );
      }}
    />
  );
}
