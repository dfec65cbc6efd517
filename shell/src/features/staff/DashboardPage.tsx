import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { countOf, formatEventDate, formatEventTime, inSiteTimeZone } from '@ministry/shared/format';
import type { StaffDashboard } from '@ministry/shared/types';
import { media, ResourceView, StaffPage, StaffPanel, StatusBadge, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getStaffDashboard } from './api';
import { YearThemePanel } from './YearThemePanel';

const Panels = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
  @media (max-width: 1100px) and (min-width: 769px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Panel = styled(StaffPanel)`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 10px;
  }
  li {
    display: grid;
    gap: 2px;
  }
  small {
    color: ${theme.colors.muted};
  }
`;

const Gap = styled.span`
  color: ${theme.colors.danger};
  font-weight: 600;
`;

function Moderation({ moderation }: { moderation: StaffDashboard['moderation'] }) {
  const waiting = moderation.prayers + moderation.stories + moderation.comments;
  return (
    <Panel aria-labelledby="dash-moderation">
      <h2 id="dash-moderation">Waiting for moderation</h2>
      <ul>
        <li>
          <strong>{waiting === 0 ? 'Nothing waits' : countOf(waiting, 'post waits', 'posts wait')}</strong>
          <small>
            {countOf(moderation.prayers, 'prayer request', 'prayer requests')} · {countOf(moderation.stories, 'story', 'stories')}{' '}
            · {countOf(moderation.comments, 'comment', 'comments')}
          </small>
        </li>
        {moderation.reports > 0 && (
          <li>
            <StatusBadge $tone="warn">{countOf(moderation.reports, 'open report', 'open reports')}</StatusBadge>
          </li>
        )}
      </ul>
      <p>
        <Link to="/admin/moderation">Open moderation</Link>
      </p>
    </Panel>
  );
}

function Devotionals({ days }: { days: StaffDashboard['devotionals'] }) {
  const gaps = days.filter((d) => d.items.length === 0).length;
  return (
    <Panel aria-labelledby="dash-devotionals">
      <h2 id="dash-devotionals">Devotionals, the next seven days</h2>
      {gaps > 0 && <p>{countOf(gaps, 'day has', 'days have')} no devotional yet.</p>}
      <ul>
        {days.map((day) => (
          <li key={day.date}>
            <small>{inSiteTimeZone(day.date).format('dddd D MMMM')}</small>
            {day.items.length ? (
              day.items.map((d) => (
                <Link key={d._id} to={`/admin/devotionals/${d._id}`}>
                  {d.title}
                </Link>
              ))
            ) : (
              <span>
                <Gap>No devotional</Gap> · <Link to={`/admin/devotionals/new?date=${day.date}`}>Write one</Link>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Events({ events }: { events: StaffDashboard['events'] }) {
  return (
    <Panel aria-labelledby="dash-events">
      <h2 id="dash-events">Upcoming events</h2>
      {events.length === 0 ? (
        <p>No upcoming event.</p>
      ) : (
        <ul>
          {events.map((e) => (
            <li key={e._id}>
              <Link to={`/admin/events/${e._id}/attendees`}>{e.title}</Link>
              <small>
                {formatEventDate(e.event_date)}, {formatEventTime(e.event_date)} · {e.seatsSold} of {e.numberOfSeats} seats sold
                {e.seatsHeld > 0 ? ` (${e.seatsHeld} held)` : ''}
              </small>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/admin/events">All events</Link>
      </p>
    </Panel>
  );
}

/** /admin: what needs the staff's attention today. */
export function DashboardPage() {
  const dashboard = useResource(getStaffDashboard, 'staff-dashboard');
  return (
    <StaffPage
      title="Staff dashboard"
      intro="What needs attention: posts waiting for review, the week's devotionals, the events ahead, and the theme of the year."
    >
      <ResourceView resource={dashboard} what="the dashboard" empty="Nothing to show yet." isEmpty={() => false}>
        {(data) => (
          <Panels>
            <Moderation moderation={data.moderation} />
            <Devotionals days={data.devotionals} />
            <Events events={data.events} />
          </Panels>
        )}
      </ResourceView>
      <YearThemePanel />
    </StaffPage>
  );
}
