import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError, serverMessage } from '@ministry/shared/api';
import { useResource } from '@ministry/shared/app';
import { useAuth } from '@ministry/shared/store';
import {
  Button,
  ButtonLink,
  ConfirmDialog,
  Container,
  Muted,
  notify,
  PageBanner,
  ResourceView,
  Section,
  TextField,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import type { MySlot } from '@ministry/shared/types';
import {
  addBlockout,
  cancelSlot,
  getMySchedule,
  getServingFeed,
  getServingOverview,
  removeBlockout,
  resetServingFeed,
} from './api';
import { dayLong, slotDay, slotMoment, slotTime, today } from './format';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 28px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
  }
`;

const Column = styled.div`
  display: grid;
  gap: 20px;
`;

/** A bordered box for one part of the side column. */
const Panel = styled.section`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 18px 20px;
  background: #fff;
  > p {
    margin-bottom: 12px;
  }
`;

const Heading = styled.h2`
  font-size: 1.25rem;
  color: ${theme.colors.primary};
  margin: 0 0 12px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const SlotCard = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px 16px;
  padding: 14px 18px;
  border: 1px solid ${theme.colors.border};
  border-left: 4px solid ${theme.colors.accent};
  border-radius: ${theme.radius};
  background: #fff;
  strong {
    display: block;
    color: ${theme.colors.primary};
  }
  small {
    color: ${theme.colors.muted};
  }
`;

const Days = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
    padding: 8px 12px;
    border-radius: 8px;
    background: ${theme.colors.surface};
  }
`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  > div {
    flex: 1 1 180px;
    margin-bottom: 0;
  }
`;

const FeedBox = styled.div`
  display: grid;
  gap: 10px;
  input {
    width: 100%;
    font-size: 0.85rem;
    padding: 8px 10px;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    background: ${theme.colors.surface};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

function SlotItem({ slot, onCancelled }: { slot: MySlot; onCancelled: () => void }) {
  const [asking, setAsking] = useState(false);
  const canCancel = new Date(slot.cancelUntil).getTime() > Date.now();
  const cancel = async () => {
    await cancelSlot(slot._id);
    notify.success('Your sign-up is cancelled.');
    setAsking(false);
    onCancelled();
  };
  return (
    <SlotCard aria-label={`${slot.position.name}, ${slotMoment(slot.startsAt)}`}>
      <div>
        <strong>
          <time dateTime={slot.startsAt}>{slotDay(slot.startsAt)}</time>, {slotTime(slot.startsAt)}
        </strong>
        {slot.position.name} · {slot.team.name}
        {slot.church && <small> · {slot.church.name}</small>}
      </div>
      {canCancel ? (
        <Button type="button" $variant="outline" onClick={() => setAsking(true)}>
          Cancel
          <span className="visually-hidden">
            {' '}
            {slot.position.name} on {slotMoment(slot.startsAt)}
          </span>
        </Button>
      ) : (
        <small>Can no longer be cancelled here: please tell your team leader.</small>
      )}
      <ConfirmDialog
        open={asking}
        title="Cancel this sign-up?"
        onClose={() => setAsking(false)}
        confirmLabel="Cancel my sign-up"
        busyLabel="Cancelling…"
        onConfirm={cancel}
        keepLabel="Keep it"
      >
        <p>
          {slot.position.name} ({slot.team.name}) on {slotMoment(slot.startsAt)}. The place opens for someone else.
        </p>
      </ConfirmDialog>
    </SlotCard>
  );
}

function Blockouts({ days, onChanged }: { days: string[]; onChanged: () => void }) {
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!day) return setError('Choose a day');
    if (day < today()) return setError('Choose a day ahead');
    setBusy(true);
    try {
      await addBlockout(day);
      setDay('');
      setError(undefined);
      onChanged();
    } catch (failure) {
      setError(serverMessage(failure) ?? friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (d: string) => {
    try {
      await removeBlockout(d);
      onChanged();
    } catch (failure) {
      notify.error(serverMessage(failure) ?? friendlyError(failure));
    }
  };
  return (
    <Panel aria-labelledby="blockouts">
      <Heading id="blockouts">Days I cannot serve</Heading>
      <Muted>Away, busy, resting: on these days nobody can put you on a slot.</Muted>
      <Row onSubmit={(e) => void add(e)} noValidate>
        <TextField
          label="Day"
          type="date"
          min={today()}
          value={day}
          error={error}
          onChange={(e) => {
            setDay(e.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add day'}
        </Button>
      </Row>
      {days.length > 0 && (
        <Days aria-label="Days you cannot serve">
          {days.map((d) => (
            <li key={d}>
              <span>{dayLong(d)}</span>
              <Button type="button" $variant="outline" onClick={() => void remove(d)}>
                Remove<span className="visually-hidden"> {dayLong(d)}</span>
              </Button>
            </li>
          ))}
        </Days>
      )}
    </Panel>
  );
}

function CalendarFeed() {
  const feed = useResource(getServingFeed);
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const current = url !== undefined ? url : feed.data;
  const reset = async () => {
    setBusy(true);
    try {
      setUrl(await resetServingFeed());
      notify.success(current ? 'A new address is ready; the old one no longer works.' : 'Your calendar address is ready.');
    } catch (failure) {
      notify.error(serverMessage(failure) ?? friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel aria-labelledby="serving-feed">
      <Heading id="serving-feed">My serving calendar</Heading>
      <FeedBox>
        <Muted>
          Subscribe to this address in your calendar app and your slots appear there. Keep it to yourself: anyone with it sees
          your slots.
        </Muted>
        {current && <input aria-label="Your calendar address" readOnly value={current} onFocus={(e) => e.target.select()} />}
        <Actions>
          {current && (
            <Button
              type="button"
              onClick={() =>
                void navigator.clipboard?.writeText(current).then(
                  () => notify.success('The address is copied.'),
                  () => notify.error('Copy the address from the box above.'),
                )
              }
            >
              Copy the address
            </Button>
          )}
          <Button
            type="button"
            $variant={current ? 'outline' : 'primary'}
            disabled={busy || feed.loading}
            onClick={() => void reset()}
          >
            {current ? 'Make a new address' : 'Get my calendar address'}
          </Button>
        </Actions>
      </FeedBox>
    </Panel>
  );
}

function LeaderLink() {
  const overview = useResource(getServingOverview);
  if (!overview.data || overview.data.teams.length === 0) return null;
  const names = overview.data.teams.map((t) => t.name).join(', ');
  return (
    <Panel aria-labelledby="teams-you-lead">
      <Heading id="teams-you-lead">Teams you lead</Heading>
      <Muted>{names}</Muted>
      <Actions>
        <ButtonLink to={overview.data.staff ? '/admin/serving' : '/serve/roster'} $variant="outline">
          See the rosters
        </ButtonLink>
      </Actions>
    </Panel>
  );
}

/** /my-schedule: the member's slots (cancel until the cut-off), the days they cannot serve, their calendar's address. */
export function MySchedulePage() {
  usePageTitle('My schedule');
  const { isAuth } = useAuth();
  const schedule = useResource(() => (isAuth ? getMySchedule() : Promise.resolve(undefined)), isAuth);
  if (!isAuth) return <Navigate to="/login" replace state={{ from: '/my-schedule' }} />;
  return (
    <>
      <PageBanner>
        <Container>
          <h1>My schedule</h1>
          <p>The slots you serve in, the days you cannot serve, and your serving calendar.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <Layout>
            <section aria-labelledby="my-slots">
              <Heading id="my-slots">My slots</Heading>
              <ResourceView
                resource={schedule}
                what="your slots"
                isEmpty={(s) => s.slots.length === 0}
                empty={
                  <>
                    You are not signed up for any slot yet. <Link to="/serve">Find a slot to serve in</Link>.
                  </>
                }
              >
                {(s) => (
                  <>
                    <List aria-label="Your slots">
                      {s.slots.map((slot) => (
                        <SlotItem key={slot._id} slot={slot} onCancelled={schedule.reload} />
                      ))}
                    </List>
                    <Muted style={{ marginTop: 12 }}>
                      You can cancel until {s.cancelHours} hours before a slot. <Link to="/serve">Sign up for more</Link>.
                    </Muted>
                  </>
                )}
              </ResourceView>
            </section>
            <Column>
              {schedule.data && <Blockouts days={schedule.data.blockouts} onChanged={schedule.reload} />}
              <CalendarFeed />
              <LeaderLink />
            </Column>
          </Layout>
        </Container>
      </Section>
    </>
  );
}
