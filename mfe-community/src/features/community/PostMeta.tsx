import styled from 'styled-components';
import { TimeAgo } from '@ministry/shared/app';
import type { Author, ModerationStatus } from '@ministry/shared/types';
import { theme } from '@ministry/shared/ui';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  flex-wrap: wrap;
  min-width: 0;
`;

const Circle = styled.span<{ $small?: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => (p.$small ? 30 : 38)}px;
  height: ${(p) => (p.$small ? 30 : 38)}px;
  border-radius: 50%;
  background: ${theme.colors.primary};
  color: #fff;
  font-size: ${(p) => (p.$small ? '0.75rem' : '0.85rem')};
  font-weight: 600;
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Name = styled.span`
  font-weight: 600;
  color: ${theme.colors.text};
`;

const Time = styled.time`
  color: ${theme.colors.muted};
  font-size: 0.85rem;
`;

const Badge = styled.span`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  background: #fff4d6;
  color: ${theme.colors.accentText};
  border: 1px solid #ecd9a0;
  font-size: 0.78rem;
  font-weight: 600;
`;

/** What a post without its author's name shows in place of the name. */
export const ANONYMOUS = 'Anonymous';

export function authorName(user: Author | null): string {
  return user ? `${user.firstname} ${user.lastname}`.trim() : ANONYMOUS;
}

export function Avatar({ user, small }: { user: Author | null; small?: boolean }) {
  if (!user) {
    // Nobody's initials: a plain figure.
    return (
      <Circle $small={small} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="60%" height="60%" fill="currentColor">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
        </svg>
      </Circle>
    );
  }
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
  return (
    <Circle $small={small} aria-hidden="true">
      {user.photo ? <img src={user.photo} alt="" loading="lazy" width={38} height={38} /> : initials}
    </Circle>
  );
}

/** "Awaiting review": the member's own post that an admin has not published yet. */
export function PendingBadge() {
  return <Badge>Awaiting review</Badge>;
}

/**
 * Author ("Anonymous" for a prayer posted without a name), relative time
 * (spec section 9) and, for the member's own pending posts, a badge; `badge`
 * adds one more (the author's "Posted without your name").
 */
export function PostMeta({
  user,
  date,
  status,
  small,
  badge,
}: {
  user: Author | null;
  date: string;
  status?: ModerationStatus;
  small?: boolean;
  badge?: string;
}) {
  return (
    <Row>
      <Avatar user={user} small={small} />
      <Name>{authorName(user)}</Name>
      <Time dateTime={date} title={new Date(date).toLocaleString()}>
        <TimeAgo date={date} />
      </Time>
      {status === 'pending' && <PendingBadge />}
      {badge && <Badge>{badge}</Badge>}
    </Row>
  );
}

/** User text, as text, keeping its line breaks. */
export const PostText = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
