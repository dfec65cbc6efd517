import { useId, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatEventTime, inSiteTimeZone } from '@ministry/shared/format';
import type { MinistryEvent } from '@ministry/shared/types';
import {
  Button,
  Container,
  media,
  Muted,
  PageBanner,
  ResourceView,
  Section,
  SelectField,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { eventPath } from '../events/eventStatus';
import { getEvents } from '../events/api';
import { churchFeedPath } from '../subscribe/feedAddress';
import { SubscribePanel } from '../subscribe/SubscribePanel';
import {
  calendarPath,
  categoryOptions,
  eventsByDay,
  filterEvents,
  locationOptions,
  monthName,
  monthWeeks,
  readCalendarQuery,
  shiftMonth,
  upcomingEvents,
  type CalendarQuery,
} from './calendarModel';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: 16px 24px;
  margin-bottom: 24px;
`;

const Views = styled.nav`
  display: flex;
  gap: 8px;
  a {
    padding: 10px 18px;
    border-radius: 999px;
    border: 1px solid ${theme.colors.primary};
    color: ${theme.colors.primary};
    font-weight: 600;
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
`;

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 0 16px;
  > div {
    min-width: 200px;
    margin-bottom: 0;
  }
  button {
    margin-bottom: 4px;
  }
`;

const MonthBar = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
  h2 {
    margin: 0;
    font-size: 1.5rem;
    color: ${theme.colors.primary};
    text-align: center;
  }
  a {
    font-weight: 600;
  }
  a:last-child {
    justify-self: end;
  }
`;

const MonthTable = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: collapse;
  th {
    padding: 8px 4px;
    font-size: 0.85rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${theme.colors.muted};
  }
  td {
    vertical-align: top;
    height: 110px;
    padding: 6px;
    border: 1px solid ${theme.colors.border};
  }
  td.outside {
    background: ${theme.colors.surface};
    color: ${theme.colors.muted};
  }
  td[aria-current='date'] {
    box-shadow: inset 0 0 0 2px ${theme.colors.accentText};
  }
  ul {
    list-style: none;
    margin: 4px 0 0;
    padding: 0;
  }
  li + li {
    margin-top: 4px;
  }
  li a {
    display: block;
    padding: 3px 6px;
    border-radius: 6px;
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    font-size: 0.82rem;
    line-height: 1.3;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  li a:hover,
  li a:focus-visible {
    background: ${theme.colors.primaryHover};
    text-decoration: underline;
  }
  .day-long {
    display: none;
  }
  /* A phone: the month becomes the list of its days that have events. */
  ${media.mobile} {
    thead {
      display: none;
    }
    table,
    tbody,
    tr,
    td {
      display: block;
      width: 100%;
    }
    td {
      height: auto;
      border: 0;
      border-bottom: 1px solid ${theme.colors.border};
      padding: 10px 0;
    }
    td.empty,
    td.outside {
      display: none;
    }
    .day-short {
      display: none;
    }
    .day-long {
      display: block;
      font-weight: 700;
      color: ${theme.colors.accentText};
    }
    li a {
      font-size: 0.95rem;
      padding: 8px 10px;
    }
  }
`;

const DayNumber = styled.time`
  display: block;
  font-weight: 600;
  font-size: 0.9rem;
`;

const MonthGroup = styled.section`
  margin-bottom: 28px;
  h3 {
    font-size: 1.2rem;
    color: ${theme.colors.primary};
    margin: 0 0 8px;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    border-top: 1px solid ${theme.colors.border};
  }
  li {
    display: grid;
    grid-template-columns: 7.5rem minmax(0, 1fr);
    gap: 2px 16px;
    padding: 12px 0;
    border-bottom: 1px solid ${theme.colors.border};
    ${media.mobile} {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  time {
    font-weight: 700;
    color: ${theme.colors.accentText};
  }
  a {
    font-weight: 600;
    color: ${theme.colors.primary};
  }
  p {
    margin: 2px 0 0;
    color: ${theme.colors.muted};
    font-size: 0.92rem;
  }
`;

const Subscribe = styled.div`
  margin-top: 40px;
`;

const TIME = (iso: string) => formatEventTime(iso);

/** '07:30 PM – 10:00 PM' (the end only on the same day). */
function timeSpan(event: MinistryEvent): string {
  const end = event.end_date;
  const sameDay = end && inSiteTimeZone(end).format('YYYY-MM-DD') === inSiteTimeZone(event.event_date).format('YYYY-MM-DD');
  return sameDay ? `${TIME(event.event_date)} – ${TIME(end)}` : TIME(event.event_date);
}

/** What the filters leave: ' at Luminaries Philadelphia', ' in Youth'. */
function filterWords(query: CalendarQuery, churches: { id: string; name: string }[]): string {
  const church = query.location ? churches.find((c) => c.id === query.location)?.name : null;
  return `${query.category ? ` in ${query.category}` : ''}${church ? ` at ${church}` : ''}`;
}

function MonthView({ query, events, today }: { query: CalendarQuery; events: MinistryEvent[]; today: string }) {
  const headingId = useId();
  const byDay = eventsByDay(events);
  const weeks = monthWeeks(query.month);
  const inMonth = events.filter((event) => inSiteTimeZone(event.event_date).format('YYYY-MM') === query.month);
  const previous = shiftMonth(query.month, -1);
  const next = shiftMonth(query.month, 1);
  return (
    <section aria-labelledby={headingId}>
      <MonthBar>
        <Link to={calendarPath(query, { month: previous })} aria-label={`Previous month: ${monthName(previous)}`}>
          ← {monthName(previous)}
        </Link>
        <h2 id={headingId}>{monthName(query.month)}</h2>
        <Link to={calendarPath(query, { month: next })} aria-label={`Next month: ${monthName(next)}`}>
          {monthName(next)} →
        </Link>
      </MonthBar>
      {inMonth.length === 0 && <Muted role="status">No events this month.</Muted>}
      <MonthTable aria-labelledby={headingId}>
        <thead>
          <tr>
            {['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => (
              <th key={day} scope="col">
                <abbr title={day}>{day.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((day) => {
                const dayEvents = day.inMonth ? (byDay.get(day.date) ?? []) : [];
                const date = inSiteTimeZone(day.date);
                return (
                  <td
                    key={day.date}
                    className={
                      [day.inMonth ? '' : 'outside', dayEvents.length ? '' : 'empty'].filter(Boolean).join(' ') || undefined
                    }
                    aria-current={day.date === today ? 'date' : undefined}
                  >
                    <DayNumber dateTime={day.date}>
                      <span className="day-short">{date.format('D')}</span>
                      <span className="day-long">{date.format('dddd D MMMM')}</span>
                    </DayNumber>
                    {dayEvents.length > 0 && (
                      <ul>
                        {dayEvents.map((event) => (
                          <li key={event._id}>
                            <Link to={eventPath(event)}>
                              {TIME(event.event_date)} {event.title}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </MonthTable>
    </section>
  );
}

function ListView({ events }: { events: MinistryEvent[] }) {
  const coming = upcomingEvents(events);
  if (coming.length === 0) return <Muted role="status">No upcoming events.</Muted>;
  const months = new Map<string, MinistryEvent[]>();
  for (const event of coming) {
    const month = inSiteTimeZone(event.event_date).format('YYYY-MM');
    months.set(month, [...(months.get(month) ?? []), event]);
  }
  return (
    <>
      <h2 className="visually-hidden">Upcoming events</h2>
      {[...months].map(([month, list]) => (
        <MonthGroup key={month} aria-labelledby={`calendar-list-${month}`}>
          <h3 id={`calendar-list-${month}`}>{monthName(month)}</h3>
          <ol>
            {list.map((event) => {
              const start = inSiteTimeZone(event.event_date);
              return (
                <li key={event._id}>
                  <time dateTime={event.event_date}>{start.format('ddd D MMM')}</time>
                  <div>
                    <Link to={eventPath(event)}>{event.title}</Link>
                    <p>
                      {timeSpan(event)}
                      {event.place && <> · {event.place.name ?? event.place.address}</>}
                      {event.category && <> · {event.category}</>}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        </MonthGroup>
      ))}
    </>
  );
}

/**
 * /calendar: every event, by month (a grid; on a phone the days that have
 * events) or as a list of those to come, filtered by church and category;
 * the state is in the address, so each view is a link, the server renders it
 * for visitors and the filters work without JavaScript (a plain GET form).
 * "Subscribe" offers the same selection as a calendar feed.
 */
export function CalendarPage() {
  usePageTitle('Calendar');
  const events = useResource(getEvents, 'events');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = readCalendarQuery(params);
  const today = inSiteTimeZone(Date.now()).format('YYYY-MM-DD');
  const all = events.data ?? [];
  const churches = locationOptions(all);
  const categories = categoryOptions(all);
  const words = filterWords(query, churches);

  const apply = (change: Partial<CalendarQuery>) => navigate(calendarPath(query, change));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    apply({ location: String(form.get('location') ?? '') || null, category: String(form.get('category') ?? '') || null });
  };

  return (
    <>
      <PageBanner>
        <Container>
          <h1>Calendar</h1>
          <p>
            Every event of our churches, month by month. Choose a church or a kind of event, and subscribe to have them in your
            own calendar.
          </p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <Toolbar>
            <Views aria-label="Calendar view">
              <Link to={calendarPath(query, { view: 'month' })} aria-current={query.view === 'month' ? 'page' : undefined}>
                Month
              </Link>
              <Link to={calendarPath(query, { view: 'list' })} aria-current={query.view === 'list' ? 'page' : undefined}>
                List
              </Link>
            </Views>
            <Filters method="get" action="/calendar" onSubmit={submit} aria-label="Filter the events">
              {query.view === 'list' && <input type="hidden" name="view" value="list" />}
              {query.view === 'month' && <input type="hidden" name="month" value={query.month} />}
              <SelectField
                label="Church"
                name="location"
                value={query.location ?? ''}
                onChange={(e) => apply({ location: e.target.value || null })}
              >
                <option value="">All churches</option>
                {churches.map((church) => (
                  <option key={church.id} value={church.id}>
                    {church.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Category"
                name="category"
                value={query.category ?? ''}
                onChange={(e) => apply({ category: e.target.value || null })}
              >
                <option value="">All categories</option>
                {categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
                {query.category && !categories.some((c) => c.toLowerCase() === query.category!.toLowerCase()) && (
                  <option value={query.category}>{query.category}</option>
                )}
              </SelectField>
              <Button type="submit" $variant="outline">
                Show
              </Button>
            </Filters>
          </Toolbar>
          <ResourceView resource={events} what="the events" empty="No events yet. Please check back soon." loadingRows={3}>
            {(list) => {
              const shown = filterEvents(list, query);
              return (
                <>
                  {words && (
                    <Muted>
                      Showing the events{words}.{' '}
                      <Link to={calendarPath(query, { location: null, category: null })}>Show every event</Link>
                    </Muted>
                  )}
                  {query.view === 'month' ? (
                    <MonthView query={query} events={shown} today={today} />
                  ) : (
                    <ListView events={shown} />
                  )}
                </>
              );
            }}
          </ResourceView>
          <Subscribe>
            <SubscribePanel
              path={churchFeedPath({ location: query.location, category: query.category })}
              name={words ? `the events${words}` : 'our calendar'}
            />
          </Subscribe>
        </Container>
      </Section>
    </>
  );
}
