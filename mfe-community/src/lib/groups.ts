/**
 * What the groups pages share: the words for a group's kind, life stage and
 * schedule (the API's /api/groups lists the same kinds and stages,
 * modules/groups/service.ts). A group as the API answers it is `Group`
 * (`@ministry/shared/types`).
 */
import { formatServiceTime, weekdayName } from '@ministry/shared/format';
import type { Group, GroupPerson } from '@ministry/shared/types';

/** How often a group meets. */
export type Frequency = Group['frequency'];

export const GROUP_KINDS: Record<string, string> = {
  'bible-study': 'Bible study',
  prayer: 'Prayer',
  youth: 'Youth',
  'young-adults': 'Young adults',
  couples: 'Couples',
  men: 'Men',
  women: 'Women',
  families: 'Families',
};

export const LIFE_STAGES: Record<string, string> = {
  everyone: 'Everyone',
  students: 'Students',
  'young-adults': 'Young adults',
  parents: 'Parents',
  'empty-nesters': 'Empty nesters',
  seniors: 'Seniors',
};

export const FREQUENCIES: Record<Frequency, string> = {
  weekly: 'Every week',
  biweekly: 'Every other week',
  monthly: 'Once a month',
};

/** The days in the order a finder offers them: Monday first. */
export const DAYS = [1, 2, 3, 4, 5, 6, 0];

export const kindName = (kind: string): string => GROUP_KINDS[kind] ?? kind;
export const stageName = (stage: string): string => LIFE_STAGES[stage] ?? stage;

/** "Tuesdays, 7:00 PM, every week". */
export function scheduleOf(group: Pick<Group, 'weekday' | 'time' | 'frequency'>): string {
  const day = weekdayName(group.weekday);
  const when =
    group.frequency === 'weekly' ? `${day}s` : group.frequency === 'biweekly' ? `Every other ${day}` : `One ${day} a month`;
  return `${when}, ${formatServiceTime(group.time)}`;
}

/** Where it meets, in a line: the location's name, or the meeting place. */
export const placeOf = (group: Pick<Group, 'location' | 'meetingPlace'>): string =>
  group.meetingPlace ?? group.location?.name ?? '';

export const leaderNames = (leaders: GroupPerson[]): string => leaders.map((l) => `${l.firstname} ${l.lastname}`).join(', ');

/** How far a group is, in words: "about 12 km away" (null when its distance is not known). */
export function distanceOf(group: Pick<Group, 'distanceKm'>): string | null {
  if (group.distanceKm === null || group.distanceKm === undefined) return null;
  return group.distanceKm < 1 ? 'less than 1 km away' : `about ${Math.round(group.distanceKm)} km away`;
}
