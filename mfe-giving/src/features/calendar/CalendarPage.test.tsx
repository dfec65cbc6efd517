import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { LocationProbe, sampleEvent } from '../../testing/fixtures';
import { CalendarPage } from './CalendarPage';
import { calendarSearch, monthWeeks, readCalendarQuery } from './calendarModel';

const philadelphia = { name: 'Luminaries Philadelphia', address: '310 Market Street', churchId: 'church-philadelphia' };
const baltimore = { name: 'Luminaries Baltimore', address: '1 Light Street', churchId: 'church-baltimore' };

// January 2030 in the site's time zone (America/New_York).
const worship = sampleEvent({
  _id: 'a1111111-1111-4111-8111-111111111111',
  title: 'Night of Worship',
  event_date: '2030-01-11T00:30:00.000Z', // Thursday 10 January, 7:30 PM on the church's clock
  end_date: '2030-01-11T03:00:00.000Z',
  place: philadelphia,
  category: 'Worship',
});
const youth = sampleEvent({
  _id: 'b1111111-1111-4111-8111-111111111111',
  title: 'Youth Night',
  event_date: '2030-01-25T23:00:00.000Z',
  end_date: '2030-01-26T01:00:00.000Z',
  place: baltimore,
  category: 'Youth',
});
const february = sampleEvent({
  _id: 'c1111111-1111-4111-8111-111111111111',
  title: 'Prayer Breakfast',
  event_date: '2030-02-02T13:00:00.000Z',
  end_date: '2030-02-02T15:00:00.000Z',
  place: philadelphia,
  category: 'Prayer',
});

function renderCalendar(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/calendar"
        element={
          <>
            <CalendarPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

describe('CalendarPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/events').reply(200, { data: [worship, youth, february] });
  });
  afterEach(() => api.restore());

  it("shows the month as a table of weeks, each event on its day at the church's time, linked to its page", async () => {
    renderCalendar('/calendar?month=2030-01');
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'January 2030' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const link = within(table).getByRole('link', { name: '07:30 PM Night of Worship' });
    expect(link).toHaveAttribute('href', `/events/${worship._id}`);
    // On 10 January (a Thursday), not on the 11th as UTC would have it.
    const cell = link.closest('td')!;
    expect(within(cell).getByText('Thursday 10 January')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '06:00 PM Youth Night' })).toBeInTheDocument();
    // February's event is not in January's grid, even on the days of February it shows.
    expect(within(table).queryByText(/Prayer Breakfast/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next month: February 2030' })).toHaveAttribute('href', '/calendar?month=2030-02');
    expect(screen.getByRole('link', { name: 'Previous month: December 2029' })).toHaveAttribute(
      'href',
      '/calendar?month=2029-12',
    );
  });

  it('filters by church and by category from the address, and says so', async () => {
    renderCalendar('/calendar?month=2030-01&location=church-philadelphia');
    const table = await screen.findByRole('table', { name: 'January 2030' });
    expect(within(table).getByRole('link', { name: /Night of Worship/ })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /Youth Night/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Showing the events at Luminaries Philadelphia/)).toBeInTheDocument();
    expect(screen.getByLabelText('Church')).toHaveValue('church-philadelphia');
  });

  it('changing a filter changes the address (so the view can be shared, and the server renders it)', async () => {
    renderCalendar('/calendar?month=2030-01');
    await screen.findByRole('table', { name: 'January 2030' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Youth');
    expect(screen.getByTestId('location')).toHaveTextContent('/calendar?month=2030-01&category=Youth');
    const table = screen.getByRole('table', { name: 'January 2030' });
    expect(within(table).queryByRole('link', { name: /Night of Worship/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /Youth Night/ })).toBeInTheDocument();
    // The categories offered are those the events have.
    expect(
      within(screen.getByLabelText('Category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All categories', 'Prayer', 'Worship', 'Youth']);
  });

  it('lists the events to come by month, with time, place and category', async () => {
    const past = sampleEvent({
      _id: 'd1111111-1111-4111-8111-111111111111',
      title: 'Long ago',
      event_date: '2020-01-01T18:00:00.000Z',
      end_date: '2020-01-01T20:00:00.000Z',
    });
    api.onGet('/api/events').reply(200, { data: [worship, youth, february, past] });
    renderCalendar('/calendar?view=list');
    const january = await screen.findByRole('region', { name: 'January 2030' });
    const rows = within(january).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Thu 10 Jan');
    expect(rows[0]).toHaveTextContent('07:30 PM – 10:00 PM · Luminaries Philadelphia · Worship');
    expect(within(rows[0]).getByRole('link', { name: 'Night of Worship' })).toHaveAttribute('href', `/events/${worship._id}`);
    expect(within(screen.getByRole('region', { name: 'February 2030' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Long ago')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the selection as a subscription: webcal:, Google Calendar and the address to copy', async () => {
    renderCalendar('/calendar?month=2030-01&category=Youth');
    await screen.findByRole('table', { name: 'January 2030' });
    const panel = screen.getByRole('region', { name: 'Subscribe to the events in Youth' });
    const subscribe = within(panel).getByRole('link', { name: 'Subscribe to the events in Youth in your calendar app' });
    expect(subscribe).toHaveAttribute('href', 'webcal://localhost/calendar.ics?category=Youth');
    expect(within(panel).getByRole('link', { name: /Add to Google Calendar/ })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent('webcal://localhost/calendar.ics?category=Youth')}`,
    );
    expect(within(panel).getByLabelText('Calendar address')).toHaveValue('http://localhost/calendar.ics?category=Youth');
    expect(within(panel).getByText('Outlook')).toBeInTheDocument();
  });

  it('says when a month has no events', async () => {
    renderCalendar('/calendar?month=2030-03');
    await screen.findByRole('table', { name: 'March 2030' });
    expect(screen.getByText('No events this month.')).toBeInTheDocument();
  });
});

describe('the calendar model', () => {
  it('reads the address, falling back to the month view of this month', () => {
    const now = Date.parse('2030-01-15T12:00:00Z');
    expect(readCalendarQuery(new URLSearchParams('view=nope&month=2030-13'), now)).toEqual({
      view: 'month',
      month: '2030-01',
      location: null,
      category: null,
    });
    const query = readCalendarQuery(new URLSearchParams('view=list&category=%20Youth%20'), now);
    expect(query).toEqual({ view: 'list', month: '2030-01', location: null, category: 'Youth' });
    expect(calendarSearch(query, { view: 'month' }, now)).toBe('?category=Youth');
  });

  it('gives whole weeks, Sunday first', () => {
    const weeks = monthWeeks('2030-03');
    expect(weeks[0][0]).toEqual({ date: '2030-02-24', inMonth: false });
    expect(weeks[0][5]).toEqual({ date: '2030-03-01', inMonth: true });
    expect(weeks.at(-1)!.at(-1)).toEqual({ date: '2030-04-06', inMonth: false });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });
});
