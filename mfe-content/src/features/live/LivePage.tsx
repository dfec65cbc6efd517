import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { LiveService, LiveStatus } from '@ministry/shared/types';
import {
  Container,
  ExternalButton,
  Grid,
  media,
  PageBanner,
  ResourceView,
  Section,
  SectionTitle,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { HostedVideo } from '../sermons/SermonPlayer';
import { SermonCard } from '../sermons/SermonCard';
import { getSermons } from '../sermons/api';
import { getLiveStatus, NEXT_SERVICE_CALENDAR } from './api';

const Streams = styled.div`
  display: grid;
  gap: 32px;
`;

const Stream = styled.article`
  display: grid;
  gap: 12px;
  h2 {
    margin: 0;
    font-size: 1.5rem;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
  }
`;

const LiveBadge = styled.span`
  display: inline-block;
  margin-right: 10px;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${theme.colors.danger};
  color: #fff;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  vertical-align: middle;
`;

const Next = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 24px;
  align-items: center;
  background: ${theme.colors.surface};
  border-radius: ${theme.radius};
  padding: 28px;
  h2 {
    margin: 0 0 6px;
    font-size: 1.4rem;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0 0 4px;
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    padding: 20px;
  }
`;

const Countdown = styled.p`
  font-size: 1.6rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${theme.colors.primary};
  margin: 8px 0 0 !important;
`;

/** When a service is, on its church's clock: 'Sunday 8 March, 10:00', with the zone where it is not the site's. */
export function serviceMoment(service: LiveService): string {
  const zone = service.church.timeZone;
  const at = inSiteTimeZone(service.startsAt, zone).format('dddd D MMMM, HH:mm');
  return zone === siteIdentity.timeZone ? at : `${at} (${zone.split('/').pop()!.replace(/_/g, ' ')} time)`;
}

/** What is left until `at`, as people say it: '2 days 3 hours', '1 hour 05 minutes', '4 minutes 09 seconds'. */
export function timeUntil(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${unit(days, 'day')} ${unit(hours, 'hour')}`;
  if (hours > 0) return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
  return `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}

/**
 * The site's clock as the browser sees it: the page's answer says what time
 * it was on the server; the browser counts from there (its own clock may be
 * wrong, and in tests the site's is moved).
 */
function useSiteNow(status: LiveStatus | undefined): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    // Asked afresh: a page kept by the server carries the moment it was made.
    getLiveStatus().then(
      (fresh) => live && setOffset(Date.parse(fresh.now) - Date.now()),
      () => live && setOffset(0),
    );
    return () => {
      live = false;
    };
  }, [status]);
  useEffect(() => {
    if (offset === null) return;
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  return now;
}

function NextService({ service, now }: { service: LiveService; now: number | null }) {
  const left = Date.parse(service.startsAt) - (now ?? Date.parse(service.startsAt));
  return (
    <Next aria-labelledby="next-service">
      <div>
        <h2 id="next-service">Next service</h2>
        <p>
          <strong>{service.name}</strong> at {service.church.name}
          {service.language !== 'English' && ` (in ${service.language})`}
        </p>
        <p>
          <time dateTime={service.startsAt}>{serviceMoment(service)}</time>
        </p>
        {now !== null && left > 0 && (
          <Countdown role="timer" aria-live="off">
            Starts in {timeUntil(left)}
          </Countdown>
        )}
        {!service.stream && <p>This service is not streamed: join us at {service.church.address}.</p>}
      </div>
      <ExternalButton href={NEXT_SERVICE_CALENDAR} $variant="outline" download="next-service.ics">
        Add to calendar
      </ExternalButton>
    </Next>
  );
}

/**
 * /live: during a service time (and a few minutes either side) the live
 * stream of each church streaming then, privacy-enhanced and loaded only
 * when the visitor presses play; otherwise the next service with a
 * countdown and "Add to calendar", and the latest sermon.
 */
export function LivePage() {
  const status = useResource(getLiveStatus, 'live');
  const latest = useResource(
    useCallback(() => getSermons({ limit: 1 }), []),
    'sermons:latest',
  );
  const now = useSiteNow(status.data);
  const streaming = (status.data?.live ?? []).filter((s) => s.stream);
  usePageTitle(streaming.length ? 'Live now' : 'Watch live');

  // When a stream starts or ends, the page asks again.
  const changesAt = status.data?.changesAt ? Date.parse(status.data.changesAt) : null;
  const { reload } = status;
  useEffect(() => {
    if (now !== null && changesAt !== null && now >= changesAt) reload();
  }, [now, changesAt, reload]);

  return (
    <>
      <PageBanner>
        <Container>
          <h1>{streaming.length ? 'Live now' : 'Watch live'}</h1>
          <p>Join our services live, wherever you are. Between services, catch up on the latest sermon.</p>
        </Container>
      </PageBanner>
      <Section aria-label="The service">
        <Container>
          <ResourceView resource={status} what="the service times" empty={null} isEmpty={() => false} loadingRows={2}>
            {(answer) => (
              <Streams>
                {answer.live
                  .filter((s) => s.stream)
                  .map((s) => (
                    <Stream key={`${s.church._id}-${s.startsAt}`} aria-labelledby={`live-${s.church._id}`}>
                      <h2 id={`live-${s.church._id}`}>
                        <LiveBadge>LIVE</LiveBadge>
                        {s.name}, {s.church.name}
                      </h2>
                      <p>
                        Started at <time dateTime={s.startsAt}>{serviceMoment(s)}</time>
                        {s.language !== 'English' && `, in ${s.language}`}.
                      </p>
                      <HostedVideo
                        video={{ kind: s.stream!.kind, src: s.stream!.src, pageUrl: s.stream!.pageUrl, type: null, bytes: null }}
                        title={`${s.name}, ${s.church.name}`}
                        poster=""
                      />
                    </Stream>
                  ))}
                {answer.next ? (
                  <NextService service={answer.next} now={now} />
                ) : (
                  <p>No service times are listed yet. See our churches on the community page.</p>
                )}
              </Streams>
            )}
          </ResourceView>
        </Container>
      </Section>
      <Section aria-labelledby="live-latest">
        <Container>
          <SectionTitle id="live-latest">The latest sermon</SectionTitle>
          <ResourceView
            resource={latest}
            what="the latest sermon"
            empty="No sermons have been published yet."
            isEmpty={(answer) => answer.data.length === 0}
          >
            {(answer) => (
              <Grid>
                <SermonCard sermon={answer.data[0]!} headingLevel={3} eager />
              </Grid>
            )}
          </ResourceView>
          <p style={{ marginTop: 24 }}>
            <Link to="/sermons">All sermons and the podcast</Link>
          </p>
        </Container>
      </Section>
    </>
  );
}
