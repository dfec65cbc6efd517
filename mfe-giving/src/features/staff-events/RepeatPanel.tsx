import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import type { RecurrenceRule, StaffEvent } from '@ministry/shared/types';
import { Button, notify, SelectField, TextField, theme } from '@ministry/shared/ui';
import { setEventRecurrence, skipOccurrence } from './api';
import { staffEventPath } from './staffEventStatus';

const Panel = styled.section`
  max-width: 760px;
  margin-top: 20px;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 20px 24px;
  h2 {
    font-size: 1.15rem;
    margin: 0 0 12px;
  }
  fieldset {
    border: none;
    margin: 0 0 12px;
    padding: 0;
  }
  legend {
    font-weight: 600;
    margin-bottom: 6px;
  }
  label.day {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    margin: 0 12px 6px 0;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The weekday (0 Monday … 6 Sunday) of a 'YYYY-MM-DD'. */
const weekdayOf = (date: string): number => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * How an event repeats, on its staff page: a one-off event or a series gets
 * the rule's form; one date of a series links to its series and can be skipped
 * (its form above saves "this one"; "this and following" is beside it).
 */
export function RepeatPanel({ event, onChanged }: { event: StaffEvent; onChanged: (series: StaffEvent | null) => void }) {
  const rule = event.recurrence;
  const [freq, setFreq] = useState<'none' | RecurrenceRule['freq']>(rule?.freq ?? 'none');
  const [interval, setInterval] = useState(String(rule?.interval ?? 1));
  const [weekdays, setWeekdays] = useState<number[]>(rule?.weekdays.length ? rule.weekdays : [weekdayOf(event.date)]);
  const [end, setEnd] = useState<'never' | 'until' | 'count'>(rule?.until ? 'until' : rule?.count ? 'count' : 'never');
  const [until, setUntil] = useState(rule?.until ?? '');
  const [count, setCount] = useState(String(rule?.count ?? 10));
  const [busy, setBusy] = useState(false);

  if (event.seriesId) {
    const skip = async () => {
      setBusy(true);
      try {
        const series = await skipOccurrence(event._id);
        notify.success(`${event.occurrenceOn} is skipped.`);
        onChanged(series);
      } catch (error) {
        notify.error(friendlyError(error, 'The date could not be skipped.'));
      } finally {
        setBusy(false);
      }
    };
    return (
      <Panel aria-label="Repeats">
        <h2>One date of a repeating event</h2>
        <p>
          Saving the form above changes this date only. <Link to={staffEventPath(event.seriesId)}>Edit the whole series</Link>.
        </p>
        <Buttons>
          <Button type="button" $variant="outline" disabled={busy || Boolean(event.cancelledAt)} onClick={() => void skip()}>
            Skip this date
          </Button>
        </Buttons>
      </Panel>
    );
  }

  const save = async (cleared: boolean) => {
    setBusy(true);
    try {
      const next: RecurrenceRule | null =
        cleared || freq === 'none'
          ? null
          : {
              freq,
              interval: Math.max(1, Number(interval) || 1),
              weekdays: freq === 'weekly' ? weekdays : [],
              until: end === 'until' && until ? until : null,
              count: end === 'count' ? Math.max(1, Number(count) || 1) : null,
              skipped: rule?.skipped ?? [],
            };
      const series = await setEventRecurrence(event._id, next);
      notify.success(next ? 'The event repeats.' : 'The event no longer repeats.');
      onChanged(series);
    } catch (error) {
      notify.error(friendlyError(error, 'The repeat could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel aria-label="Repeats">
      <h2>Repeats</h2>
      <fieldset disabled={busy || Boolean(event.cancelledAt)}>
        <SelectField label="Repeat" name="freq" value={freq} onChange={(e) => setFreq(e.target.value as typeof freq)}>
          <option value="none">Does not repeat</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly (same day of the month)</option>
        </SelectField>
        {freq !== 'none' && (
          <>
            <TextField
              label={freq === 'weekly' ? 'Every how many weeks' : 'Every how many months'}
              type="number"
              min={1}
              max={12}
              name="interval"
              value={interval}
              onChange={(e) => setInterval(e.target.value)}
            />
            {freq === 'weekly' && (
              <fieldset>
                <legend>On</legend>
                {DAYS.map((day, i) => (
                  <label className="day" key={day}>
                    <input
                      type="checkbox"
                      checked={weekdays.includes(i)}
                      onChange={(e) => setWeekdays(e.target.checked ? [...weekdays, i] : weekdays.filter((d) => d !== i))}
                    />
                    {day}
                  </label>
                ))}
              </fieldset>
            )}
            <SelectField label="Ends" name="ends" value={end} onChange={(e) => setEnd(e.target.value as typeof end)}>
              <option value="never">Never</option>
              <option value="until">On a date</option>
              <option value="count">After a number of times</option>
            </SelectField>
            {end === 'until' && (
              <TextField label="Last date" type="date" name="until" value={until} onChange={(e) => setUntil(e.target.value)} />
            )}
            {end === 'count' && (
              <TextField
                label="Times"
                type="number"
                min={1}
                name="count"
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
            )}
            {rule && rule.skipped.length > 0 && <p>Skipped: {rule.skipped.join(', ')}</p>}
          </>
        )}
        <Buttons>
          <Button type="button" disabled={busy} onClick={() => void save(false)}>
            Save repeat
          </Button>
        </Buttons>
      </fieldset>
    </Panel>
  );
}
