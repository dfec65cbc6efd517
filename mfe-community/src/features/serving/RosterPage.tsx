import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { friendlyError, serverMessage } from '@ministry/shared/api';
import { useResource } from '@ministry/shared/app';
import { countOf } from '@ministry/shared/format';
import {
  Button,
  ExternalButton,
  Muted,
  notify,
  ResourceView,
  SelectField,
  StaffPanel,
  StatusBadge,
  TextField,
  theme,
  StaffPage,
  TabPanel,
  Tabs,
} from '@ministry/shared/ui';
import type { RosterDay, ServingOverview } from '@ministry/shared/types';
import { fillSlot, getRoster, getServingOverview, removeFromSlot, removeSlot, rosterCsvUrl, type RosterQuery } from './api';
import { dayLong, slotTime, today } from './format';
import { RemovalDialog, type Removal } from './RemovalDialog';
import { TeamsAdmin } from './TeamsAdmin';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px 16px;
  margin-bottom: 20px;
  > div {
    flex: 0 1 220px;
    margin-bottom: 0;
  }
`;

const Days = styled.div`
  display: grid;
  gap: 20px;
`;

const Slots = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Slot = styled.li`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 12px 14px;
  display: grid;
  grid-template-columns: minmax(160px, 1fr) minmax(0, 2fr);
  gap: 10px 20px;
  @media (max-width: 700px) {
    grid-template-columns: 1fr;
  }
  h3 {
    margin: 0;
    font-size: 1rem;
    color: ${theme.colors.primary};
  }
  small {
    color: ${theme.colors.muted};
    display: block;
  }
`;

const People = styled.ul`
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  display: grid;
  gap: 6px;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 12px;
  }
  a {
    color: ${theme.colors.primary};
    overflow-wrap: anywhere;
    font-size: 0.9rem;
  }
`;

const Small = styled(Button)`
  min-height: 36px;
  padding: 4px 12px;
  font-size: 0.88rem;
`;

const Fill = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
  > div {
    flex: 1 1 200px;
    margin-bottom: 0;
  }
`;

const Away = styled.p`
  margin: 10px 0 0;
  font-size: 0.92rem;
  color: ${theme.colors.muted};
  strong {
    color: ${theme.colors.text};
  }
`;

function FillForm({ slotId, label, onFilled }: { slotId: string; label: string; onFilled: () => void }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <Small type="button" $variant="outline" onClick={() => setOpen(true)}>
        Fill a place<span className="visually-hidden">: {label}</span>
      </Small>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError('Enter the member’s e-mail address');
    setBusy(true);
    try {
      await fillSlot(slotId, email.trim());
      setEmail('');
      setError(undefined);
      setOpen(false);
      notify.success('Added to the slot.');
      onFilled();
    } catch (failure) {
      setError(serverMessage(failure) ?? friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Fill onSubmit={(e) => void submit(e)} noValidate aria-label={`Fill a place: ${label}`}>
      <TextField
        label="Member’s e-mail"
        type="email"
        autoFocus
        value={email}
        error={error}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
        }}
      />
      <Small type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add'}
      </Small>
      <Small type="button" $variant="outline" onClick={() => setOpen(false)}>
        Cancel
      </Small>
    </Fill>
  );
}

function DayRoster({ day, staff, onChanged }: { day: RosterDay; staff: boolean; onChanged: () => void }) {
  const act = async (work: () => Promise<void>, done: string) => {
    try {
      await work();
      notify.success(done);
      onChanged();
    } catch (failure) {
      notify.error(serverMessage(failure) ?? friendlyError(failure));
    }
  };
  const [removing, setRemoving] = useState<Removal | null>(null);
  const gaps = day.slots.reduce((n, s) => n + Math.max(0, s.needed - s.people.length), 0);
  return (
    <StaffPanel aria-labelledby={`day-${day.day}`}>
      <h2 id={`day-${day.day}`}>
        {dayLong(day.day)}{' '}
        {day.slots.length > 0 && (
          <StatusBadge $tone={gaps ? 'warn' : 'ok'}>{gaps ? `${countOf(gaps, 'gap', 'gaps')}` : 'All filled'}</StatusBadge>
        )}
      </h2>
      {day.slots.length === 0 ? (
        <Muted>No slots this day.</Muted>
      ) : (
        <Slots>
          {day.slots.map((slot) => {
            const open = slot.needed - slot.people.length;
            const label = `${slot.position.name} (${slot.team.name}), ${slotTime(slot.startsAt)}`;
            return (
              <Slot key={slot._id} aria-label={label}>
                <div>
                  <h3>
                    {slotTime(slot.startsAt)} · {slot.position.name}
                  </h3>
                  <small>
                    {slot.team.name}
                    {slot.church ? ` · ${slot.church.name}` : ''}
                  </small>
                  <StatusBadge $tone={open > 0 ? 'warn' : 'ok'}>
                    {slot.people.length} of {slot.needed}
                    {open > 0 ? `, ${open} open` : ''}
                  </StatusBadge>
                  {staff && (
                    <div style={{ marginTop: 8 }}>
                      <Small
                        type="button"
                        $variant="outline"
                        onClick={() =>
                          setRemoving({
                            title: `Remove the slot ${label}?`,
                            text: 'Those signed up for it are taken off.',
                            confirmLabel: 'Remove the slot',
                            work: () => removeSlot(slot._id),
                            done: 'The slot is removed.',
                          })
                        }
                      >
                        Remove slot
                      </Small>
                    </div>
                  )}
                </div>
                <div>
                  {slot.people.length > 0 ? (
                    <People aria-label={`Serving: ${label}`}>
                      {slot.people.map((p) => (
                        <li key={p._id}>
                          <span>
                            {p.name} · <a href={`mailto:${p.email}`}>{p.email}</a>
                          </span>
                          <Small
                            type="button"
                            $variant="outline"
                            onClick={() => void act(() => removeFromSlot(slot._id, p._id), `${p.name} is taken off the slot.`)}
                          >
                            Remove<span className="visually-hidden"> {p.name}</span>
                          </Small>
                        </li>
                      ))}
                    </People>
                  ) : (
                    <Muted>Nobody yet.</Muted>
                  )}
                  {open > 0 && <FillForm slotId={slot._id} label={label} onFilled={onChanged} />}
                </div>
              </Slot>
            );
          })}
        </Slots>
      )}
      {day.blockedOut.length > 0 && (
        <Away>
          <strong>Cannot serve this day:</strong>{' '}
          {day.blockedOut.map((b) => `${b.name}${b.teams.length ? ` (${b.teams.join(', ')})` : ''}`).join('; ')}
        </Away>
      )}
      <RemovalDialog removal={removing} onClose={() => setRemoving(null)} onDone={onChanged} />
    </StaffPanel>
  );
}

function Roster({ overview, reloadOverview }: { overview: ServingOverview; reloadOverview: () => void }) {
  const [query, setQuery] = useState<RosterQuery>({ from: today(), days: 14 });
  const roster = useResource(() => getRoster(query), query);
  const set = (change: Partial<RosterQuery>) => setQuery((q) => ({ ...q, ...change }));
  const changed = () => {
    roster.reload();
    reloadOverview();
  };
  return (
    <>
      <Filters>
        <SelectField label="Team" value={query.team ?? ''} onChange={(e) => set({ team: e.target.value || undefined })}>
          <option value="">{overview.staff ? 'Every team' : 'All my teams'}</option>
          {overview.teams.map((t) => (
            <option key={t._id} value={t._id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={query.from ?? ''} onChange={(e) => set({ from: e.target.value || today() })} />
        <SelectField label="Days" value={String(query.days ?? 14)} onChange={(e) => set({ days: Number(e.target.value) })}>
          {[7, 14, 28, 56, 92].map((n) => (
            <option key={n} value={n}>
              {n} days
            </option>
          ))}
        </SelectField>
        <ExternalButton href={rosterCsvUrl(query)} $variant="outline" download>
          Export CSV
        </ExternalButton>
      </Filters>
      <ResourceView
        resource={roster}
        what="the roster"
        empty="No slots in these days. Choose other dates, or add slots to a team."
        loadingRows={3}
      >
        {(days) => (
          <Days>
            {days.map((d) => (
              <DayRoster key={d.day} day={d} staff={overview.staff} onChanged={changed} />
            ))}
          </Days>
        )}
      </ResourceView>
    </>
  );
}

function Sections({ overview, reload }: { overview: ServingOverview; reload: () => void }) {
  const [tab, setTab] = useState<'roster' | 'teams'>('roster');
  if (!overview.staff) return <Roster overview={overview} reloadOverview={reload} />;
  return (
    <>
      <Tabs
        label="Serving"
        idPrefix="serving"
        active={tab}
        onChange={setTab}
        items={[
          { key: 'roster', label: 'Roster' },
          { key: 'teams', label: `Teams and slots (${overview.teams.length})` },
        ]}
      />
      <TabPanel idPrefix="serving" active={tab}>
        {tab === 'roster' ? (
          <Roster overview={overview} reloadOverview={reload} />
        ) : (
          <TeamsAdmin overview={overview} onChanged={reload} />
        )}
      </TabPanel>
    </>
  );
}

function Frame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <StaffPage title={title} intro={intro}>
      {children}
    </StaffPage>
  );
}

/**
 * The serving rosters: per day the slots, who serves, the gaps and who is
 * blocked out; fill a place, take someone off, export CSV. The staff
 * (/admin/serving) also set up teams, positions, leaders and slots; a team
 * leader (/serve/roster) runs their teams' rosters.
 */
export function RosterPage({ staffPage = false }: { staffPage?: boolean }) {
  const overview = useResource(getServingOverview);
  return (
    <Frame
      title={staffPage ? 'Serving' : 'Team rosters'}
      intro="Who serves when, the gaps to fill and who cannot serve each day."
    >
      <ResourceView resource={overview} what="your teams" empty="" isEmpty={() => false}>
        {(o) =>
          o.teams.length === 0 && !o.staff ? (
            <Muted>This page is for team leaders. Ask the church office if you lead a serving team.</Muted>
          ) : (
            <Sections overview={o} reload={overview.reload} />
          )
        }
      </ResourceView>
    </Frame>
  );
}
