import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors, serverMessage } from '@ministry/shared/api';
import { Button, Muted, notify, SelectField, StaffPanel, TextAreaField, TextField, theme } from '@ministry/shared/ui';
import type { ManagedTeam, ServingOverview } from '@ministry/shared/types';
import { addLeader, addPosition, createSlot, createTeam, removeLeader, removePosition, removeTeam } from './api';
import { today } from './format';
import { RemovalDialog, type Removal } from './RemovalDialog';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  gap: 20px;
  @media (max-width: 400px) {
    grid-template-columns: 1fr;
  }
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0 0 10px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 2px 4px 2px 10px;
    border-radius: 999px;
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
    font-size: 0.88rem;
  }
  button {
    border: 0;
    background: transparent;
    cursor: pointer;
    font-size: 1rem;
    line-height: 1;
    padding: 4px 6px;
    color: ${theme.colors.muted};
    border-radius: 999px;
    min-width: 28px;
    min-height: 28px;
  }
`;

const Inline = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
  margin-bottom: 12px;
  > div {
    flex: 1 1 160px;
    margin-bottom: 0;
  }
`;

const SlotForm = styled.form`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 10px;
  > button {
    grid-column: 1 / -1;
    justify-self: start;
  }
`;

/** Removing the team, apart from the forms above it. */
const Danger = styled.div`
  margin-top: 20px;
  padding-top: 16px;
  border-top: 1px solid ${theme.colors.border};
`;

const Label = styled.h3`
  font-size: 0.8rem;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${theme.colors.muted};
  margin: 14px 0 6px;
`;

async function attempt(work: () => Promise<unknown>, done: string, onDone: () => void): Promise<string | undefined> {
  try {
    await work();
    notify.success(done);
    onDone();
    return undefined;
  } catch (failure) {
    const fields = serverFieldErrors(failure);
    return Object.values(fields)[0]
      ? (serverMessage(failure) ?? Object.values(fields)[0])
      : (serverMessage(failure) ?? friendlyError(failure));
  }
}

function OneField({
  label,
  button,
  onSubmit,
  type = 'text',
}: {
  label: string;
  button: string;
  type?: string;
  onSubmit: (value: string) => Promise<string | undefined>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError('Required');
    const failed = await onSubmit(value.trim());
    setError(failed);
    if (!failed) setValue('');
  };
  return (
    <Inline onSubmit={(e) => void submit(e)} noValidate>
      <TextField label={label} type={type} value={value} error={error} onChange={(e) => setValue(e.target.value)} />
      <Button type="submit" $variant="outline">
        {button}
      </Button>
    </Inline>
  );
}

function NewSlot({
  team,
  locations,
  onChanged,
}: {
  team: ManagedTeam;
  locations: ServingOverview['locations'];
  onChanged: () => void;
}) {
  const [form, setForm] = useState({
    positionId: team.positions[0]?._id ?? '',
    churchId: locations[0]?._id ?? '',
    date: '',
    time: '09:00',
    needed: '2',
  });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!team.positions.length) return <Muted>Add a position first, then its slots.</Muted>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.date) return setError('Choose a date');
    const needed = Number(form.needed);
    if (!Number.isInteger(needed) || needed < 1 || needed > 100) return setError('Needed: a number from 1 to 100');
    setBusy(true);
    const failed = await attempt(
      () =>
        createSlot({
          teamId: team._id,
          positionId: form.positionId || team.positions[0]!._id,
          churchId: form.churchId || null,
          date: form.date,
          time: form.time,
          needed,
        }),
      'The slot is added.',
      onChanged,
    );
    setBusy(false);
    setError(failed);
  };
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setError(undefined);
  };
  return (
    <SlotForm onSubmit={(e) => void submit(e)} noValidate aria-label={`New slot for ${team.name}`}>
      <SelectField label="Position" value={form.positionId} onChange={set('positionId')}>
        {team.positions.map((p) => (
          <option key={p._id} value={p._id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Location" value={form.churchId} onChange={set('churchId')}>
        <option value="">No particular place</option>
        {locations.map((l) => (
          <option key={l._id} value={l._id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Date" type="date" min={today()} value={form.date} onChange={set('date')} error={error} />
      <TextField label="Time" type="time" value={form.time} onChange={set('time')} />
      <TextField label="People needed" type="number" min={1} max={100} value={form.needed} onChange={set('needed')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add slot'}
      </Button>
    </SlotForm>
  );
}

function TeamPanel({
  team,
  locations,
  onChanged,
}: {
  team: ManagedTeam;
  locations: ServingOverview['locations'];
  onChanged: () => void;
}) {
  const quick = async (work: () => Promise<unknown>, done: string) => {
    const failed = await attempt(work, done, onChanged);
    if (failed) notify.error(failed);
  };
  // A removal that takes slots and sign-ups with it is asked first.
  const [removing, setRemoving] = useState<Removal | null>(null);
  return (
    <StaffPanel aria-labelledby={`admin-team-${team._id}`}>
      <h2 id={`admin-team-${team._id}`}>{team.name}</h2>
      <Muted>
        {team.description || 'No description.'} · {team.upcomingSlots} slots ahead
      </Muted>
      <Label>Positions</Label>
      {team.positions.length > 0 && (
        <Chips aria-label={`Positions of ${team.name}`}>
          {team.positions.map((p) => (
            <li key={p._id}>
              {p.name}
              <button
                type="button"
                aria-label={`Remove the position ${p.name}`}
                onClick={() =>
                  setRemoving({
                    title: `Remove the position ${p.name}?`,
                    text: 'Its slots ahead and their sign-ups are removed with it.',
                    confirmLabel: 'Remove the position',
                    work: () => removePosition(p._id),
                    done: 'The position is removed.',
                  })
                }
              >
                ×
              </button>
            </li>
          ))}
        </Chips>
      )}
      <OneField
        label="New position"
        button="Add"
        onSubmit={(name) => attempt(() => addPosition(team._id, name), 'The position is added.', onChanged)}
      />
      <Label>Leaders</Label>
      {team.leaders.length > 0 ? (
        <Chips aria-label={`Leaders of ${team.name}`}>
          {team.leaders.map((l) => (
            <li key={l._id} title={l.email}>
              {l.name}
              <button
                type="button"
                aria-label={`Remove ${l.name} as leader`}
                onClick={() => void quick(() => removeLeader(team._id, l._id), `${l.name} no longer leads the team.`)}
              >
                ×
              </button>
            </li>
          ))}
        </Chips>
      ) : (
        <Muted>No leader yet.</Muted>
      )}
      <OneField
        label="Leader’s e-mail"
        type="email"
        button="Add leader"
        onSubmit={(email) => attempt(() => addLeader(team._id, email), 'The leader is added.', onChanged)}
      />
      <Label>New slot</Label>
      <NewSlot team={team} locations={locations} onChanged={onChanged} />
      <Danger>
        <Button
          type="button"
          $variant="danger"
          onClick={() =>
            setRemoving({
              title: `Remove the team ${team.name}?`,
              text: 'All its positions, slots and sign-ups are removed with it.',
              confirmLabel: 'Remove the team',
              work: () => removeTeam(team._id),
              done: 'The team is removed.',
            })
          }
        >
          Remove team
        </Button>
      </Danger>
      <RemovalDialog removal={removing} onClose={() => setRemoving(null)} onDone={onChanged} />
    </StaffPanel>
  );
}

function NewTeam({ onChanged }: { onChanged: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the team a name');
    const failed = await attempt(
      () => createTeam({ name: name.trim(), description: description.trim() }),
      'The team is added.',
      onChanged,
    );
    setError(failed);
    if (!failed) {
      setName('');
      setDescription('');
    }
  };
  return (
    <StaffPanel aria-labelledby="new-team">
      <h2 id="new-team">New team</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Name"
          value={name}
          maxLength={80}
          error={error}
          onChange={(e) => setName(e.target.value)}
          placeholder="Greeters, Worship, Media…"
        />
        <TextAreaField
          label="What the team does"
          rows={3}
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Button type="submit">Add team</Button>
      </form>
    </StaffPanel>
  );
}

/** The staff's side: teams, their positions, leaders and new slots. */
export function TeamsAdmin({ overview, onChanged }: { overview: ServingOverview; onChanged: () => void }) {
  return (
    <section aria-label="Teams">
      <Grid>
        {overview.teams.map((team) => (
          <TeamPanel key={team._id} team={team} locations={overview.locations} onChanged={onChanged} />
        ))}
        <NewTeam onChanged={onChanged} />
      </Grid>
    </section>
  );
}
