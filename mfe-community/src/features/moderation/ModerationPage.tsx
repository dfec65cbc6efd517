import { useId, useState } from 'react';
import { TimeAgo } from '@ministry/shared/app';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, friendlyError, serverErrorCode, serverMessage } from '@ministry/shared/api';
import { hasRole } from '@ministry/shared/config';
import { countOf } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import {
  Button,
  ButtonLink,
  Card,
  CardBody,
  media,
  Muted,
  NotFound,
  notify,
  ResourceView,
  StaffPage,
  theme,
} from '@ministry/shared/ui';
import type {
  PendingPrayerUpdate,
  PostKind,
  QueuedPost as PendingPost,
  QueuedPosts as PendingPosts,
} from '@ministry/shared/types';
import { PostText } from '../community/PostMeta';
import { useEditableResource } from '../community/useEditableResource';
import { moderatePost } from '../community/api';
import { decidePrayerUpdate, getPendingPosts, getPendingPrayerUpdates, rejectPendingOf, stopMemberPosting } from './api';

const KINDS: { kind: PostKind; title: string; one: string }[] = [
  { kind: 'prayers', title: 'Prayer requests', one: 'prayer request' },
  { kind: 'stories', title: 'Stories', one: 'story' },
  { kind: 'comments', title: 'Comments', one: 'comment' },
];

const Group = styled.section`
  margin-bottom: 40px;
  h2 {
    font-size: 1.35rem;
    color: ${theme.colors.primary};
    margin: 0 0 16px;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
  max-width: 900px;
`;

const Who = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  font-size: 0.92rem;
  strong {
    color: ${theme.colors.text};
  }
  span {
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
`;

const OnStory = styled.blockquote`
  margin: 0;
  padding: 8px 12px;
  border-left: 3px solid ${theme.colors.border};
  color: ${theme.colors.muted};
  font-size: 0.9rem;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  flex-wrap: wrap;
  padding-top: 6px;
  ${media.mobile} {
    button {
      flex: 1;
    }
  }
`;

const More = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  flex-wrap: wrap;
  margin-top: 16px;
`;

const Reports = styled.ul`
  margin: 0;
  padding: 10px 14px 10px 30px;
  border-radius: 8px;
  background: #fdf0ef;
  border: 1px solid #f0c8c4;
  font-size: 0.92rem;
`;

const Reason = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    font: inherit;
    padding: 8px 12px;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
`;

/** Where a reported post stands: still on the site, or hidden by several reports until the staff decide. */
const Standing = styled.p`
  margin: 0;
  font-size: 0.9rem;
  font-weight: 600;
  color: ${theme.colors.accentText};
`;

/** "Posted anonymously": the church family sees "Anonymous", the staff see the author too. */
const Marker = styled.span`
  && {
    padding: 0 8px;
    border-radius: 999px;
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
    color: ${theme.colors.text};
    font-weight: 600;
  }
`;

/** "Ruth cannot post · Allow again". */
const Stopped = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 8px;
  font-weight: 600;
  color: ${theme.colors.danger};
`;

const Count = styled.span`
  display: inline-block;
  min-width: 28px;
  margin-left: 8px;
  padding: 0 8px;
  border-radius: 999px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  font-size: 0.9rem;
  text-align: center;
  color: ${theme.colors.text};
`;

function PendingItem({
  post,
  one,
  onDecided,
  onRejectAll,
  onChanged,
  onPostingChanged,
}: {
  post: PendingPost;
  one: string;
  onDecided: (post: PendingPost) => void;
  onRejectAll: (userId: string, rejected: Record<PostKind, number>) => void;
  /** A moderator stopped the author from posting, or let them again: every card of theirs shows it. */
  onPostingChanged: (userId: string, stopped: boolean) => void;
  /** The post was changed after the queue was loaded: load it again. */
  onChanged: () => void;
}) {
  // Admins reach the member's page (role, account, every post) from here.
  const admin = hasRole(useAuth().user?.role, 'admin');
  const [busy, setBusy] = useState<'publish' | 'reject' | 'reject-all' | 'stop' | 'allow' | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [confirmStop, setConfirmStop] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const rejectAll = async () => {
    setBusy('reject-all');
    try {
      const rejected = await rejectPendingOf(post.user._id);
      const count = rejected.prayers + rejected.stories + rejected.comments;
      notify.success(`${countOf(count, 'post', 'posts')} by ${post.user.firstname} ${post.user.lastname} rejected.`);
      onRejectAll(post.user._id, rejected);
    } catch (error) {
      notify.error(friendlyError(error));
      setBusy(null);
    }
  };
  const decide = async (action: 'publish' | 'reject') => {
    setBusy(action);
    try {
      // A publish names the words shown here: a post changed since is not published unseen.
      await moderatePost(
        post.kind,
        post._id,
        action,
        action === 'reject' ? { reason: reason.trim() } : { version: post.version },
      );
      const done =
        action === 'publish'
          ? onSite
            ? `The ${one} stays on the site; its reports are closed.`
            : `The ${one} is published.`
          : `The ${one} is ${onSite ? 'hidden' : 'rejected'}; its author is told by e-mail.`;
      notify.success(done);
      onDecided(post);
    } catch (error) {
      if (serverErrorCode(error) === 'post_changed') {
        notify.error(serverMessage(error) ?? `This ${one} was changed: read it again.`);
        onChanged();
        return;
      }
      notify.error(friendlyError(error));
      setBusy(null);
    }
  };
  const setPosting = async (stopped: boolean) => {
    setBusy(stopped ? 'stop' : 'allow');
    try {
      await stopMemberPosting(post.user._id, stopped);
      notify.success(
        stopped
          ? `${post.user.firstname} ${post.user.lastname} can no longer post.`
          : `${post.user.firstname} ${post.user.lastname} may post again.`,
      );
      setConfirmStop(false);
      onPostingChanged(post.user._id, stopped);
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(null);
    }
  };
  const author = `${post.user.firstname} ${post.user.lastname}`;
  const onSite = post.status === 'published';
  const reported = (post.reports?.length ?? 0) > 0;
  return (
    <li>
      <Card aria-label={`${one} by ${author}`}>
        <CardBody>
          <Who>
            <strong>{admin ? <Link to={`/admin/members/${post.user._id}`}>{author}</Link> : author}</strong>
            {post.anonymous && <Marker>Posted anonymously</Marker>}
            <span>{post.user.email}</span>
            <span>
              <time dateTime={post.date}>
                <TimeAgo date={post.date} />
              </time>
            </span>
          </Who>
          {post.story && <OnStory aria-label="On the story">On the story: {post.story.content}</OnStory>}
          <PostText>{post.text}</PostText>
          {reported && (
            <Standing>
              {onSite
                ? `Reported ${post.reports.length === 1 ? 'once' : `${post.reports.length} times`}: still on the site until you decide.`
                : 'Hidden after several reports until you decide.'}
            </Standing>
          )}
          {post.reports && post.reports.length > 0 && (
            <Reports aria-label="Reports">
              {post.reports.map((r) => (
                <li key={r.date + r.reason}>
                  Reported <TimeAgo date={r.date} />: {r.reason}
                </li>
              ))}
            </Reports>
          )}
          {rejecting && (
            <Reason>
              <label htmlFor={reasonId}>Reason for the author (optional)</label>
              <input id={reasonId} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
            </Reason>
          )}
          <Actions>
            <Button type="button" disabled={busy !== null} onClick={() => decide('publish')}>
              {busy === 'publish' ? 'Saving…' : onSite ? 'Keep on the site' : 'Publish'}
            </Button>
            {rejecting ? (
              <Button type="button" $variant="danger" disabled={busy !== null} onClick={() => decide('reject')}>
                {busy === 'reject' ? 'Saving…' : onSite ? 'Hide and tell the author' : 'Reject and tell the author'}
              </Button>
            ) : (
              <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => setRejecting(true)}>
                {onSite ? 'Hide…' : 'Reject…'}
              </Button>
            )}
            {confirmAll ? (
              <>
                <Button type="button" $variant="outline" disabled={busy !== null} onClick={rejectAll}>
                  {busy === 'reject-all' ? 'Rejecting…' : `Yes, reject everything ${post.user.firstname} has waiting`}
                </Button>
                <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => setConfirmAll(false)}>
                  Keep them
                </Button>
              </>
            ) : (
              <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => setConfirmAll(true)}>
                Reject all by {post.user.firstname}…
              </Button>
            )}
            {post.authorPostingStopped ? (
              <Stopped>
                {post.user.firstname} cannot post ·{' '}
                <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => setPosting(false)}>
                  {busy === 'allow' ? 'Saving…' : 'Allow again'}
                  <span className="visually-hidden"> ({author})</span>
                </Button>
              </Stopped>
            ) : confirmStop ? (
              <>
                <Button type="button" $variant="danger" disabled={busy !== null} onClick={() => setPosting(true)}>
                  {busy === 'stop' ? 'Stopping…' : `Yes, stop ${post.user.firstname} posting`}
                </Button>
                <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => setConfirmStop(false)}>
                  Let {post.user.firstname} post
                </Button>
              </>
            ) : (
              <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => setConfirmStop(true)}>
                Stop {post.user.firstname} posting…
              </Button>
            )}
          </Actions>
        </CardBody>
      </Card>
    </li>
  );
}

const EMPTY: PendingPosts = { prayers: [], stories: [], comments: [], totals: { prayers: 0, stories: 0, comments: 0 } };

function ModerationQueue() {
  const pending = useEditableResource(() => getPendingPosts());
  const [loadingMore, setLoadingMore] = useState<PostKind | null>(null);
  // The shell shows this page to the staff only; should the server still refuse (a role taken away meanwhile), it is not found.
  if (pending.error && [401, 403, 404].includes(errorStatus(pending.error))) return <NotFound />;
  const remove = (post: PendingPost) =>
    pending.update((all) => {
      const current = all ?? EMPTY;
      return {
        ...current,
        [post.kind]: current[post.kind].filter((p) => p._id !== post._id),
        totals: { ...current.totals, [post.kind]: Math.max(0, current.totals[post.kind] - 1) },
      };
    });
  const removeMember = (userId: string, rejected: Record<PostKind, number>) =>
    pending.update((all) => {
      const current = all ?? EMPTY;
      const keep = (kind: PostKind) => current[kind].filter((p) => p.user._id !== userId);
      const left = (kind: PostKind) => Math.max(0, current.totals[kind] - rejected[kind]);
      return {
        prayers: keep('prayers'),
        stories: keep('stories'),
        comments: keep('comments'),
        totals: { prayers: left('prayers'), stories: left('stories'), comments: left('comments') },
      };
    });
  const postingChanged = (userId: string, stopped: boolean) =>
    pending.update((all) => {
      const current = all ?? EMPTY;
      const mark = (kind: PostKind) =>
        current[kind].map((p) => (p.user._id === userId ? { ...p, authorPostingStopped: stopped } : p));
      return { ...current, prayers: mark('prayers'), stories: mark('stories'), comments: mark('comments') };
    });
  const showMore = async (kind: PostKind, last: PendingPost) => {
    setLoadingMore(kind);
    try {
      const next = await getPendingPosts(last);
      pending.update((all) => {
        const current = all ?? EMPTY;
        const shown = new Set(current[kind].map((p) => p._id));
        return { ...current, [kind]: [...current[kind], ...next[kind].filter((p) => !shown.has(p._id))], totals: next.totals };
      });
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setLoadingMore(null);
    }
  };
  const total = (all: PendingPosts) => all.totals.prayers + all.totals.stories + all.totals.comments;

  return (
    <ResourceView
      resource={pending}
      what="the posts waiting for review"
      empty="Nothing is waiting for review. New prayers, stories and comments will appear here."
      isEmpty={(all) => total(all) === 0}
      loadingRows={2}
    >
      {(all) => (
        <>
          <Muted style={{ marginBottom: 28 }} role="status">
            {countOf(total(all), 'post is', 'posts are')} waiting for review, oldest first.
          </Muted>
          {KINDS.map(({ kind, title, one }) => (
            <Group key={kind} aria-labelledby={`pending-${kind}`}>
              <h2 id={`pending-${kind}`}>
                {title}
                <Count>{all.totals[kind]}</Count>
              </h2>
              {all[kind].length === 0 ? (
                <Muted>None waiting.</Muted>
              ) : (
                <List>
                  {all[kind].map((post) => (
                    <PendingItem
                      key={post._id}
                      post={post}
                      one={one}
                      onDecided={remove}
                      onRejectAll={removeMember}
                      onChanged={pending.reload}
                      onPostingChanged={postingChanged}
                    />
                  ))}
                </List>
              )}
              {all[kind].length > 0 && all[kind].length < all.totals[kind] && (
                <More>
                  <Muted>
                    Showing {all[kind].length} of {all.totals[kind]}.
                  </Muted>
                  <Button
                    type="button"
                    $variant="outline"
                    disabled={loadingMore !== null}
                    onClick={() => showMore(kind, all[kind].at(-1)!)}
                  >
                    {loadingMore === kind ? 'Loading…' : `Show more ${title.toLowerCase()}`}
                  </Button>
                </More>
              )}
            </Group>
          ))}
        </>
      )}
    </ResourceView>
  );
}

function PendingUpdate({ update, onDone }: { update: PendingPrayerUpdate; onDone: (changed?: boolean) => void }) {
  const [busy, setBusy] = useState<'publish' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const author = `${update.user.firstname} ${update.user.lastname}`;
  const decide = async (action: 'publish' | 'reject') => {
    setBusy(action);
    try {
      await decidePrayerUpdate(
        update._id,
        action,
        action === 'publish' ? { version: update.version } : { reason: reason.trim() },
      );
      notify.success(
        action === 'publish' ? 'The update is published.' : 'The update is rejected; its author sees why under their request.',
      );
      onDone();
    } catch (error) {
      if (serverErrorCode(error) === 'post_changed') {
        notify.error(serverMessage(error) ?? 'This update was changed: read it again.');
        onDone(true);
        return;
      }
      notify.error(friendlyError(error));
      setBusy(null);
    }
  };
  return (
    <li>
      <Card aria-label={`prayer update by ${author}`}>
        <CardBody>
          <Who>
            <strong>{author}</strong>
            <span>{update.user.email}</span>
            <span>
              <time dateTime={update.date}>
                <TimeAgo date={update.date} />
              </time>
            </span>
          </Who>
          <OnStory aria-label="On the request">On the request: {update.prayer.text}</OnStory>
          <PostText>{update.text}</PostText>
          {rejecting && (
            <Reason>
              <label htmlFor={reasonId}>Reason for the author (optional)</label>
              <input id={reasonId} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
            </Reason>
          )}
          <Actions>
            <Button type="button" disabled={busy !== null} onClick={() => decide('publish')}>
              {busy === 'publish' ? 'Saving…' : 'Publish'}
            </Button>
            {rejecting ? (
              <Button type="button" $variant="danger" disabled={busy !== null} onClick={() => decide('reject')}>
                {busy === 'reject' ? 'Saving…' : 'Reject'}
              </Button>
            ) : (
              <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => setRejecting(true)}>
                Reject…
              </Button>
            )}
          </Actions>
        </CardBody>
      </Card>
    </li>
  );
}

/** The requesters' updates under their prayer requests, waiting for review. */
function PrayerUpdatesQueue() {
  const updates = useEditableResource(getPendingPrayerUpdates, 'prayer-updates');
  const done = (id: string) => (changed?: boolean) =>
    changed
      ? updates.reload()
      : updates.update((current) => ({
          total: Math.max(0, (current?.total ?? 1) - 1),
          updates: (current?.updates ?? []).filter((u) => u._id !== id),
        }));
  return (
    <Group aria-labelledby="pending-prayer-updates">
      <h2 id="pending-prayer-updates">
        Updates on prayer requests
        <Count>{updates.data?.total ?? 0}</Count>
      </h2>
      {updates.data && updates.data.updates.length > 0 ? (
        <List>
          {updates.data.updates.map((u) => (
            <PendingUpdate key={u._id} update={u} onDone={done(u._id)} />
          ))}
        </List>
      ) : (
        <Muted>{updates.error ? 'The updates could not be loaded.' : updates.data ? 'None waiting.' : 'Loading…'}</Muted>
      )}
    </Group>
  );
}

/** /admin/moderation (editors and admins): new and reported posts wait here until the staff publish or reject them. */
export function ModerationPage() {
  return (
    <StaffPage
      title="Moderation"
      intro="New prayers, stories and comments, and the posts members reported, wait here until you publish or reject them."
      actions={
        <ButtonLink to="/community" $variant="outline">
          See the community page
        </ButtonLink>
      }
    >
      <ModerationQueue />
      <PrayerUpdatesQueue />
    </StaffPage>
  );
}
