import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useResource } from '@ministry/shared/app';
import { weekdayName } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { Group } from '@ministry/shared/types';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardImage,
  CardTitle,
  Container,
  Grid,
  media,
  PageBanner,
  PageLinks,
  pageParam,
  ResourceView,
  Section,
  Select,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { DAYS, distanceOf, GROUP_KINDS, kindName, LIFE_STAGES, placeOf, scheduleOf, stageName } from '../../lib/groups';
import { getGroupLocations, getGroups, type GroupFilters, type Position } from './api';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr)) auto;
  gap: 12px 16px;
  align-items: end;
  margin-bottom: 28px;
  padding: 18px 20px;
  background: ${theme.colors.surface};
  border-radius: ${theme.radius};
  > div:not(:last-child) {
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  label {
    font-weight: 600;
    font-size: 0.92rem;
    color: ${theme.colors.primary};
  }
  select {
    min-height: 44px;
  }
  ${media.mobile} {
    grid-template-columns: 1fr 1fr;
    padding: 14px;
  }
`;

const FilterActions = styled.div`
  display: flex;
  gap: 8px 16px;
  align-items: center;
  flex-wrap: wrap;
  a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
  ${media.mobile} {
    grid-column: 1 / -1;
    button {
      flex: 1;
    }
  }
`;

const Nearby = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin: -12px 0 24px;
  p {
    margin: 0;
    flex: 1 1 260px;
    color: ${theme.colors.text};
  }
  p[role='alert'] {
    color: ${theme.colors.danger};
  }
  ${media.mobile} {
    button {
      flex: 1 1 100%;
    }
  }
`;

const Found = styled.p`
  margin: 0 0 20px;
  color: ${theme.colors.muted};
`;

const Placeholder = styled.div<{ $hue: number }>`
  aspect-ratio: 21 / 8;
  display: flex;
  align-items: flex-end;
  padding: 16px 20px;
  background: linear-gradient(135deg, ${theme.colors.primary}, hsl(${(p) => p.$hue} 45% 32%));
  color: #fff;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  font-size: 0.85rem;
`;

const Facts = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  font-size: 0.93rem;
  color: ${theme.colors.text};
  li strong {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
`;

const Tags = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

export const Tag = styled.span<{ $tone?: 'open' | 'closed' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  color: ${(p) => (p.$tone === 'open' ? theme.colors.success : p.$tone === 'closed' ? theme.colors.muted : theme.colors.primary)};
  background: ${(p) => (p.$tone === 'open' ? '#eef7f0' : p.$tone === 'closed' ? '#eeede9' : '#e9edf5')};
`;

/** A hue per kind, so the cards without a photo are told apart at a glance. */
const hueOf = (kind: string) => [...kind].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;

export function GroupPhoto({ group, sizes, eager = false }: { group: Group; sizes: string; eager?: boolean }) {
  return group.photo ? (
    <CardImage src={group.photo} sizes={sizes} alt="" loading={eager ? 'eager' : 'lazy'} />
  ) : (
    <Placeholder $hue={hueOf(group.kind)} aria-hidden="true">
      {kindName(group.kind)}
    </Placeholder>
  );
}

/** Whether a group takes new members, in a word. */
export function Availability({ group }: { group: Group }) {
  if (!group.open) return <Tag $tone="closed">Not taking new members</Tag>;
  if (group.full) return <Tag $tone="closed">Full</Tag>;
  return <Tag $tone="open">Open to new members</Tag>;
}

function GroupCard({ group, eager }: { group: Group; eager: boolean }) {
  return (
    <Card aria-labelledby={`group-${group._id}`}>
      <GroupPhoto group={group} sizes="(max-width: 768px) 100vw, 380px" eager={eager} />
      <CardBody>
        <CardTitle as="h2" id={`group-${group._id}`}>
          <Link to={`/groups/${group.slug}`}>{group.name}</Link>
        </CardTitle>
        <Tags>
          <Tag>{kindName(group.kind)}</Tag>
          {stageName(group.lifeStage) !== kindName(group.kind) && <Tag>{stageName(group.lifeStage)}</Tag>}
          <Availability group={group} />
        </Tags>
        <Facts>
          <li>
            <strong>When:</strong> {scheduleOf(group)}
          </li>
          <li>
            <strong>Where:</strong> {placeOf(group)}
          </li>
          {distanceOf(group) && (
            <li>
              <strong>Distance:</strong> {distanceOf(group)}
            </li>
          )}
        </Facts>
        {group.description && <CardDescription>{group.description}</CardDescription>}
      </CardBody>
    </Card>
  );
}

/** The filters as the address carries them (unknown values are ignored). */
function readFilters(params: URLSearchParams): GroupFilters {
  const kind = params.get('kind') ?? '';
  const stage = params.get('stage') ?? '';
  const day = params.get('day');
  const location = params.get('location') ?? '';
  return {
    kind: kind in GROUP_KINDS ? kind : undefined,
    stage: stage in LIFE_STAGES ? stage : undefined,
    day: day !== null && /^[0-6]$/.test(day) ? Number(day) : undefined,
    location: /^[0-9a-f-]{36}$/i.test(location) ? location : undefined,
    page: pageParam(params.get('page')),
  };
}

/** The address of the finder with `filters` (and page `page`). */
export function finderHref(filters: GroupFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.day !== undefined) params.set('day', String(filters.day));
  if (filters.location) params.set('location', filters.location);
  if (filters.stage) params.set('stage', filters.stage);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/groups?${query}` : '/groups';
}

/**
 * The filters: a GET form (it works before the page's script has loaded);
 * with the script, each choice applies at once.
 */
function FinderForm({ filters }: { filters: GroupFilters }) {
  const navigate = useNavigate();
  const locations = useResource(getGroupLocations, 'locations');
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const day = String(data.get('day') ?? '');
    navigate(
      finderHref({
        kind: String(data.get('kind') ?? '') || undefined,
        day: day === '' ? undefined : Number(day),
        location: String(data.get('location') ?? '') || undefined,
        stage: String(data.get('stage') ?? '') || undefined,
      }),
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const filtered = filters.kind || filters.day !== undefined || filters.location || filters.stage;
  return (
    <Filters role="search" aria-label="Find a group" action="/groups" method="get" onSubmit={submit}>
      <div>
        <label htmlFor="groups-kind">Kind</label>
        <Select id="groups-kind" name="kind" defaultValue={filters.kind ?? ''} onChange={(e) => apply(e.currentTarget.form!)}>
          <option value="">Any kind</option>
          {Object.entries(GROUP_KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="groups-day">Day</label>
        <Select
          id="groups-day"
          name="day"
          defaultValue={filters.day === undefined ? '' : String(filters.day)}
          onChange={(e) => apply(e.currentTarget.form!)}
        >
          <option value="">Any day</option>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {weekdayName(d)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="groups-location">Location</label>
        <Select
          id="groups-location"
          name="location"
          defaultValue={filters.location ?? ''}
          onChange={(e) => apply(e.currentTarget.form!)}
        >
          <option value="">Anywhere</option>
          {(locations.data ?? []).map((l) => (
            <option key={l._id} value={l._id}>
              {l.church_name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="groups-stage">Life stage</label>
        <Select id="groups-stage" name="stage" defaultValue={filters.stage ?? ''} onChange={(e) => apply(e.currentTarget.form!)}>
          <option value="">Any stage</option>
          {Object.entries(LIFE_STAGES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <FilterActions>
        <Button type="submit">Find groups</Button>
        {filtered && <Link to="/groups">Clear</Link>}
      </FilterActions>
    </Filters>
  );
}

type NearState = 'off' | 'asking' | 'on' | 'refused' | 'unavailable';

/**
 * "Near me": asks the browser where the visitor is, only when pressed. The
 * position stays in this page (never in the address, never stored); the
 * finder then asks for the groups nearest first.
 */
function NearMe({ state, onAsk, onStop }: { state: NearState; onAsk: () => void; onStop: () => void }) {
  return (
    <Nearby aria-live="polite">
      {state === 'on' ? (
        <>
          <p>Nearest first, from where you are now (your location is not saved).</p>
          <Button type="button" $variant="outline" onClick={onStop}>
            Stop sorting by distance
          </Button>
        </>
      ) : (
        <>
          <Button type="button" $variant="outline" onClick={onAsk} disabled={state === 'asking'}>
            {state === 'asking' ? 'Finding where you are…' : 'Near me'}
          </Button>
          {state === 'off' && <p>Sort the groups by how far they are from you. Your location is not saved.</p>}
          {state === 'refused' && (
            <p role="alert">
              You did not let this site see your location, so the groups are not sorted by distance. You can allow it in your
              browser&rsquo;s settings and press &ldquo;Near me&rdquo; again, or choose a location above.
            </p>
          )}
          {state === 'unavailable' && (
            <p role="alert">
              Your location is not available on this device right now, so the groups are not sorted by distance. Try again in a
              moment, or choose a location above.
            </p>
          )}
        </>
      )}
    </Nearby>
  );
}

/** The visitor's position on request, with what became of the request. */
function useNearMe() {
  const [state, setState] = useState<NearState>('off');
  // The position with the number of the answer that brought it (the finder's key for it).
  const [found, setFound] = useState<{ position: Position; serial: number } | null>(null);
  const asked = useRef(0);
  const ask = () => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setState('unavailable');
      return;
    }
    const attempt = ++asked.current;
    setState('asking');
    geolocation.getCurrentPosition(
      (answer) => {
        if (attempt !== asked.current) return;
        setFound({ position: { lat: answer.coords.latitude, lng: answer.coords.longitude }, serial: attempt });
        setState('on');
      },
      (error) => {
        if (attempt !== asked.current) return;
        setFound(null);
        setState(error.code === 1 ? 'refused' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };
  const stop = () => {
    asked.current++;
    setFound(null);
    setState('off');
  };
  return { state, position: found?.position ?? null, serial: found?.serial ?? 0, ask, stop };
}

/**
 * /groups: the small-group finder. Filters by kind, day, location and life
 * stage live in the address (?kind=prayer&day=2), so every search is a page
 * the server renders and a visitor can share; pages of nine (?page=2).
 * "Near me" sorts them by distance from the visitor, in the page only.
 */
export function GroupsPage() {
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const page = filters.page ?? 1;
  const { isAuth } = useAuth();
  const near = useNearMe();
  const filterKey = `groups:${filters.kind ?? ''}:${filters.day ?? ''}:${filters.location ?? ''}:${filters.stage ?? ''}:${page}`;
  // The position itself never goes into the key: a number per answer from the browser stands for it.
  const key = near.position ? `${filterKey}:near-${near.serial}` : filterKey;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const load = useCallback(() => getGroups(filters, near.position), [key]);
  const groups = useResource(load, key);
  usePageTitle(page > 1 ? `Small groups (page ${page})` : 'Small groups');

  return (
    <>
      <PageBanner>
        <Container>
          <h1>Small groups</h1>
          <p>Find a group near you to study, pray and share life with between Sundays.</p>
          {isAuth && (
            <p>
              <Link to="/my-groups" style={{ color: 'inherit', fontWeight: 600 }}>
                Your groups and requests
              </Link>
            </p>
          )}
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <FinderForm key={filterKey} filters={filters} />
          <NearMe state={near.state} onAsk={near.ask} onStop={near.stop} />
          <ResourceView
            resource={groups}
            what="the groups"
            empty={
              <>
                No group matches these choices yet. <Link to="/groups">See every group</Link>.
              </>
            }
            isEmpty={({ paging }) => paging.total === 0}
            loadingRows={3}
          >
            {({ data, paging }) => (
              <>
                <Found role="status">
                  {paging.total === 1 ? 'One group' : `${paging.total} groups`}
                  {paging.total > 1 && data.some((g) => g.distanceKm !== undefined) ? ', nearest first' : ''}
                </Found>
                {data.length === 0 ? (
                  <p>
                    There is no page {page}; the last is <Link to={finderHref(filters, paging.pages)}>page {paging.pages}</Link>.
                  </p>
                ) : (
                  <Grid $min="280px">
                    {data.map((g, i) => (
                      <GroupCard key={g._id} group={g} eager={i < 2} />
                    ))}
                  </Grid>
                )}
                <PageLinks page={page} pages={paging.pages} hrefFor={(n) => finderHref(filters, n)} label="Pages of groups" />
              </>
            )}
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
