/**
 * Sample serving teams for a fresh database: greeters and the children's
 * team, with slots on the next four Sundays at the first church, so /serve
 * has something to sign up for.
 */
import type { Kysely } from 'kysely';
import { siteIdentity } from '@ministry/shared/config';
import type { Database } from '../db/index.js';
import { newId } from '../lib/ids.js';
import { scheduledAt } from './localTime.js';

const TEAMS = [
  {
    name: 'Greeters',
    description:
      'The first smile people see on Sunday: welcome them at the doors, help newcomers find their way and hand out the bulletin.',
    positions: [
      { name: 'Greeter', needed: 3 },
      { name: 'Usher', needed: 2 },
    ],
  },
  {
    name: "Children's ministry",
    description: 'Teach and care for the children during the service. Everyone on this team has a background check first.',
    positions: [
      { name: 'Check-in desk', needed: 1 },
      { name: 'Class helper', needed: 2 },
    ],
  },
] as const;

const TIMES = ['08:30', '10:30'];

export async function seedServing(db: Kysely<Database>, now: Date, churchId: string | null): Promise<void> {
  for (const team of TEAMS) {
    const teamId = newId();
    await db.insertInto('serving_teams').values({ id: teamId, name: team.name, description: team.description }).execute();
    for (const position of team.positions) {
      const positionId = newId();
      await db.insertInto('serving_positions').values({ id: positionId, team_id: teamId, name: position.name }).execute();
      const slots = [0, 1, 2, 3].flatMap((week) =>
        TIMES.map((time) => ({
          id: newId(),
          team_id: teamId,
          position_id: positionId,
          church_id: churchId,
          starts_at: scheduledAt(now, { daysAhead: 2 + week * 7, weekday: 0, time }, siteIdentity.timeZone),
          needed: position.needed,
        })),
      );
      await db.insertInto('serving_slots').values(slots).execute();
    }
  }
}
