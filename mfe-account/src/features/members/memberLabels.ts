import type { MemberSummary, Role } from '@ministry/shared/types';

export const ROLE_LABELS: Record<Role, { name: string; what: string }> = {
  member: { name: 'Member', what: 'posts, prays and books like everyone' },
  editor: { name: 'Editor', what: 'publishes content, moderates posts and runs events' },
  admin: { name: 'Admin', what: 'everything, members and roles included' },
};

export type Tone = 'ok' | 'warn' | 'muted' | 'danger';

/** What a member's account is like now, as badges: active or disabled, e-mail unconfirmed, stopped from posting. */
export function memberStates(member: MemberSummary): { label: string; tone: Tone }[] {
  const states: { label: string; tone: Tone }[] = [
    member.disabledAt ? { label: 'Disabled', tone: 'danger' } : { label: 'Active', tone: 'ok' },
  ];
  if (!member.emailConfirmed) states.push({ label: 'E-mail unconfirmed', tone: 'warn' });
  if (member.postingStoppedAt) states.push({ label: 'Stopped from posting', tone: 'warn' });
  return states;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const postCounts = ({ posts }: MemberSummary): string =>
  `${plural(posts.prayers, 'prayer', 'prayers')} · ${plural(posts.stories, 'story', 'stories')} · ${plural(posts.comments, 'comment', 'comments')}`;
