import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError, serverMessage } from '@ministry/shared/api';
import { useResource } from '@ministry/shared/app';
import { countOf } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import {
  Button,
  ButtonLink,
  Card,
  CardBody,
  Container,
  Muted,
  notify,
  PageBanner,
  ResourceView,
  Section,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import type { ServingSlot, ServingTeam } from '@ministry/shared/types';
import { getMySchedule, getServingTeams, signUpForSlot } from './api';
import { slotDay, slotTime } from './format';

/** Slots a team shows before "Show more". */
const FIRST_SLOTS = 8;

const Teams = styled.div`
  display: grid;
  gap: 24px;
`;

const TeamHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 16px;
  h2 {
    margin: 0;
    font-size: 1.35rem;
    color: ${theme.colors.primary};
  }
`;

const Positions = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 10px 0 4px;
  padding: 0;
  li {
    padding: 2px 10px;
    border-radius: 999px;
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
    font-size: 0.85rem;
  }
`;

const DayGroup = styled.div`
  margin-top: 18px;
  h3 {
    margin: 0;
    padding: 6px 0;
    font-size: 0.95rem;
    color: ${theme.colors.primary};
    border-bottom: 2px solid ${theme.colors.accent};
  }
`;

const Slots = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const SlotRow = styled.li`
  display: grid;
  grid-template-columns: 6.5em minmax(0, 1fr) auto;
  align-items: center;
  gap: 4px 16px;
  padding: 10px 0;
  border-bottom: 1px solid ${theme.colors.border};
  time {
    font-weight: 600;
    color: ${theme.colors.primary};
    font-variant-numeric: tabular-nums;
  }
  small {
    display: block;
    color: ${theme.colors.muted};
    font-size: 0.86rem;
  }
  @media (max-width: 600px) {
    grid-template-columns: minmax(0, 1fr) auto;
    > :first-child {
      grid-column: 1 / -1;
    }
  }
`;

const Places = styled.span<{ $full?: boolean }>`
  display: inline-block;
  margin-top: 2px;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${(p) => (p.$full ? theme.colors.muted : theme.colors.success)};
`;

const Mine = styled.span`
  font-weight: 600;
  color: ${theme.colors.success};
  font-size: 0.92rem;
  white-space: nowrap;
`;

const More = styled.div`
  margin-top: 12px;
`;

function SlotLine({
  slot,
  signedUp,
  isAuth,
  busy,
  onSignUp,
}: {
  slot: ServingSlot;
  signedUp: boolean;
  isAuth: boolean;
  busy: boolean;
  onSignUp: () => void;
}) {
  const open = slot.needed - slot.filled;
  const label = `${slot.position.name}, ${slotDay(slot.startsAt)} at ${slotTime(slot.startsAt)}`;
  return (
    <SlotRow aria-label={label}>
      <time dateTime={slot.startsAt}>{slotTime(slot.startsAt)}</time>
      <div>
        {slot.position.name}
        {slot.church && <small>{slot.church.name}</small>}
        <Places $full={open <= 0}>{open > 0 ? `${countOf(open, 'place', 'places')} open of ${slot.needed}` : 'Full'}</Places>
      </div>
      <div>
        {signedUp ? (
          <Mine>You are serving ✓</Mine>
        ) : open > 0 && isAuth ? (
          <Button type="button" disabled={busy} onClick={onSignUp}>
            {busy ? 'Signing up…' : 'Sign up'}
            <span className="visually-hidden"> as {label}</span>
          </Button>
        ) : null}
      </div>
    </SlotRow>
  );
}

/** Slots in order, grouped by their day. */
function byDay(slots: ServingSlot[]): { day: string; startsAt: string; slots: ServingSlot[] }[] {
  const groups: { day: string; startsAt: string; slots: ServingSlot[] }[] = [];
  for (const slot of slots) {
    const last = groups.at(-1);
    if (last && last.day === slot.day) last.slots.push(slot);
    else groups.push({ day: slot.day, startsAt: slot.startsAt, slots: [slot] });
  }
  return groups;
}

function TeamCard({
  team,
  mine,
  isAuth,
  onSignedUp,
}: {
  team: ServingTeam;
  mine: Set<string>;
  isAuth: boolean;
  onSignedUp: () => void;
}) {
  const [all, setAll] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  // The slots that need people, and those the member serves in.
  const shown = team.slots.filter((s) => s.filled < s.needed || mine.has(s._id));
  const list = all ? shown : shown.slice(0, FIRST_SLOTS);
  const open = team.slots.reduce((sum, s) => sum + Math.max(0, s.needed - s.filled), 0);

  const signUp = async (slot: ServingSlot) => {
    setBusy(slot._id);
    try {
      await signUpForSlot(slot._id);
      notify.success(`You are signed up: ${slot.position.name}, ${slotDay(slot.startsAt)} at ${slotTime(slot.startsAt)}.`);
      onSignedUp();
    } catch (failure) {
      notify.error(serverMessage(failure) ?? friendlyError(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card aria-labelledby={`team-${team._id}`}>
      <CardBody>
        <TeamHead>
          <h2 id={`team-${team._id}`}>{team.name}</h2>
          <Muted>{open > 0 ? `${countOf(open, 'place', 'places')} to fill` : 'Every place is filled'}</Muted>
        </TeamHead>
        {team.description && <p>{team.description}</p>}
        {team.positions.length > 0 && (
          <Positions aria-label="Positions">
            {team.positions.map((p) => (
              <li key={p._id}>{p.name}</li>
            ))}
          </Positions>
        )}
        {list.length === 0 ? (
          <Muted>No slots need people in the coming weeks. Thank you to everyone serving!</Muted>
        ) : (
          <div role="group" aria-label={`${team.name}: slots that need people`}>
            {byDay(list).map((group) => (
              <DayGroup key={group.day}>
                <h3>{slotDay(group.startsAt)}</h3>
                <Slots>
                  {group.slots.map((slot) => (
                    <SlotLine
                      key={slot._id}
                      slot={slot}
                      signedUp={mine.has(slot._id)}
                      isAuth={isAuth}
                      busy={busy === slot._id}
                      onSignUp={() => void signUp(slot)}
                    />
                  ))}
                </Slots>
              </DayGroup>
            ))}
          </div>
        )}
        {shown.length > FIRST_SLOTS && (
          <More>
            <Button type="button" $variant="outline" onClick={() => setAll(!all)} aria-expanded={all}>
              {all ? 'Show fewer' : `Show ${countOf(shown.length - FIRST_SLOTS, 'more date', 'more dates')}`}
            </Button>
          </More>
        )}
      </CardBody>
    </Card>
  );
}

const SignIn = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 20px;
  margin-bottom: 24px;
  padding: 16px 20px;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  p {
    margin: 0;
    flex: 1 1 260px;
  }
`;

/** /serve: the teams and the slots that need people; a signed-in member signs up for one. */
export function ServePage() {
  usePageTitle('Serve');
  const { isAuth } = useAuth();
  const teams = useResource(getServingTeams, 'serving:teams');
  // The member's own slots: in the browser only (the page is the same for everyone).
  const mine = useResource(() => (isAuth ? getMySchedule() : Promise.resolve(null)), isAuth);
  const mySlots = new Set((mine.data?.slots ?? []).map((s) => s._id));
  const refresh = () => {
    teams.reload();
    mine.reload();
  };

  return (
    <>
      <PageBanner>
        <Container>
          <h1>Serve</h1>
          <p>
            Greet people at the door, help with the children, run the sound desk: every Sunday takes many hands. Choose a slot
            below and sign up.
          </p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          {isAuth ? (
            <SignIn>
              <p>Your slots, the days you cannot serve and your calendar are on your schedule.</p>
              <ButtonLink to="/my-schedule" $variant="outline">
                My schedule
              </ButtonLink>
            </SignIn>
          ) : (
            <SignIn>
              <p>Sign in to sign up for a slot. New here? Creating an account takes a minute.</p>
              <ButtonLink to="/login" state={{ from: '/serve' }}>
                Sign in to sign up
              </ButtonLink>
            </SignIn>
          )}
          <ResourceView
            resource={teams}
            what="the teams"
            empty={
              <>
                There are no serving teams yet. <Link to="/community">Visit us</Link> and ask how you can help.
              </>
            }
          >
            {(list) => (
              <Teams>
                {list.map((team) => (
                  <TeamCard key={team._id} team={team} mine={mySlots} isAuth={isAuth} onSignedUp={refresh} />
                ))}
              </Teams>
            )}
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
