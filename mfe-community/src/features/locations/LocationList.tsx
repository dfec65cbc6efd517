import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { embeddedMapUrl, formatServiceTime, mapSearchUrl, weekdayName } from '@ministry/shared/format';
import { planAVisit } from '@ministry/shared/texts';
import type { ChurchLocation } from '@ministry/shared/types';
import { Button, ButtonLink, Card, CardBody, Grid, ResourceView, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getLocations } from './api';

const Name = styled.h3`
  color: ${theme.colors.primary};
  font-size: 1.1rem;
  margin: 0;
`;

const Line = styled.p`
  margin: 0;
  /* A long e-mail address breaks inside the card rather than run past its edge. */
  overflow-wrap: anywhere;
  a {
    color: ${theme.colors.primary};
  }
`;

const Label = styled.h4`
  margin: 12px 0 4px;
  font-size: 0.8rem;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${theme.colors.muted};
`;

const Services = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0 8px;
    padding: 2px 0;
  }
  time {
    font-weight: 600;
    min-width: 9.5em;
  }
`;

const MapFrame = styled.iframe`
  display: block;
  width: 100%;
  height: 220px;
  border: 0;
  border-radius: 8px;
`;

const Visit = styled.section`
  margin-bottom: 32px;
  h2 {
    color: ${theme.colors.primary};
    margin: 0 0 4px;
  }
  > p {
    margin: 0 0 16px;
  }
  h3 {
    font-size: 1rem;
    margin: 0 0 4px;
  }
  dl,
  dd {
    margin: 0;
  }
`;

const Topics = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 600px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 1100px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  gap: 16px 24px;
  dt {
    font-weight: 700;
    margin-bottom: 4px;
  }
`;

/** What a first-time visitor wants to know, above the churches. */
export function PlanAVisit() {
  return (
    <Visit aria-labelledby="plan-a-visit">
      <h2 id="plan-a-visit">{planAVisit.title}</h2>
      <p>{planAVisit.intro}</p>
      <p>
        <ButtonLink to="/visit">Tell us you are coming</ButtonLink>
      </p>
      <Topics>
        {planAVisit.topics.map((topic) => (
          <div key={topic.heading}>
            <dt>{topic.heading}</dt>
            <dd>{topic.text}</dd>
          </div>
        ))}
      </Topics>
    </Visit>
  );
}

/** The church's place on OpenStreetMap, loaded only when the visitor asks for it (no third party before). */
function MapOnRequest({ church }: { church: ChurchLocation }) {
  const [shown, setShown] = useState(false);
  if (!church.map) return null;
  if (!shown) {
    return (
      <Button type="button" $variant="outline" onClick={() => setShown(true)}>
        Show the map
      </Button>
    );
  }
  return (
    <MapFrame
      title={`Map of ${church.church_name}`}
      src={embeddedMapUrl(church.map)}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
}

const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  margin-top: 16px;
  > iframe {
    flex-basis: 100%;
  }
`;

/** The card the address names (#church-<id>, as an event's page links to it) is outlined. */
const NamedCard = styled(Card)<{ $named: boolean }>`
  ${(p) => (p.$named ? `outline: 3px solid ${theme.colors.primary}; outline-offset: 2px;` : '')}
  scroll-margin-top: 24px;
`;

/**
 * The id of the church the address names (#church-<id>): an event's page links to its church's card.
 * Once the cards are shown, the page scrolls to that card.
 */
function useNamedChurch(shown: boolean): string | null {
  const { hash } = useLocation();
  const named = hash.startsWith('#church-') ? decodeURIComponent(hash.slice('#church-'.length)) : null;
  useEffect(() => {
    if (!shown || !named) return;
    document.getElementById(`church-card-${named}`)?.scrollIntoView?.({ block: 'start' });
  }, [shown, named]);
  return named;
}

function LocationCard({ church, named }: { church: ChurchLocation; named: boolean }) {
  const heading = `church-${church._id}`;
  return (
    <NamedCard
      aria-labelledby={heading}
      id={`church-card-${church._id}`}
      $named={named}
      aria-current={named ? 'true' : undefined}
    >
      <CardBody>
        <Name id={heading}>{church.church_name}</Name>
        <Line>{church.adress}</Line>
        {church.main_contact.map((phone) => (
          <Line key={phone}>
            <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
          </Line>
        ))}
        <Line>
          <a href={`mailto:${church.email}`}>{church.email}</a>
        </Line>
        {church.serviceTimes.length > 0 && (
          <>
            <Label>Service times</Label>
            <Services>
              {church.serviceTimes.map((s) => (
                <li key={`${s.weekday}-${s.time}-${s.name}`}>
                  <time>
                    {weekdayName(s.weekday)} {formatServiceTime(s.time)}
                  </time>
                  <span>
                    {s.name}
                    {s.language !== 'English' && <> · {s.language}</>}
                  </span>
                </li>
              ))}
            </Services>
          </>
        )}
        {church.parking && (
          <>
            <Label>Parking</Label>
            <Line>{church.parking}</Line>
          </>
        )}
        <Line style={{ marginTop: 12 }}>
          <a href={mapSearchUrl(church.adress)} target="_blank" rel="noopener noreferrer">
            Open in a map <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </Line>
        <CardActions>
          <ButtonLink to={`/visit?location=${encodeURIComponent(church._id)}`}>
            Plan a visit<span className="visually-hidden"> to {church.church_name}</span>
          </ButtonLink>
          <MapOnRequest church={church} />
        </CardActions>
      </CardBody>
    </NamedCard>
  );
}

/** "Plan a visit", then every church with its address, contacts, service times, parking and map. */
export function LocationList() {
  const locations = useResource(getLocations, 'locations');
  const named = useNamedChurch(Boolean(locations.data));
  return (
    <>
      <PlanAVisit />
      <ResourceView resource={locations} what="our churches" empty="No church locations are listed yet." loadingRows={2}>
        {(list) => (
          <Grid>
            {list.map((church) => (
              <LocationCard key={church._id} church={church} named={church._id === named} />
            ))}
          </Grid>
        )}
      </ResourceView>
    </>
  );
}
