import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors, serverMessage } from '@ministry/shared/api';
import { TimeAgo } from '@ministry/shared/app';
import { useAuth } from '@ministry/shared/store';
import type { MyPost, PostKind } from '@ministry/shared/types';
import {
  Button,
  Card,
  CardBody,
  ConfirmDialog,
  Container,
  notify,
  PageBanner,
  ResourceView,
  Section,
  TextAreaField,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { POST_MAX } from '@ministry/shared/limits';
import { PostText } from '../community/PostMeta';
import { useEditableResource } from '../community/useEditableResource';
import { deleteMyPost, editMyPost, getMyPosts } from './api';

const KIND_NAMES: Record<PostKind, string> = { prayers: 'Prayer request', stories: 'Story', comments: 'Comment' };
const STATES: Record<MyPost['status'], { label: string; color: string; background: string }> = {
  pending: { label: 'Waiting for review', color: theme.colors.accentText, background: '#fff4d6' },
  published: { label: 'Published', color: theme.colors.success, background: '#eef7f0' },
  rejected: { label: 'Not published', color: theme.colors.danger, background: '#fdf0ef' },
};

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 14px;
  margin-bottom: 8px;
  strong {
    color: ${theme.colors.primary};
  }
  time {
    color: ${theme.colors.muted};
    font-size: 0.88rem;
  }
`;

const State = styled.span<{ $color: string; $background: string }>`
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 700;
  color: ${(p) => p.$color};
  background: ${(p) => p.$background};
`;

const Note = styled.p`
  margin: 8px 0 0;
  color: ${theme.colors.muted};
  font-size: 0.92rem;
  a {
    color: ${theme.colors.primary};
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  margin-top: 12px;
`;

function MyPostItem({
  post,
  onChanged,
  onDeleted,
}: {
  post: MyPost;
  onChanged: (text: string, status: MyPost['status']) => void;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(post.text);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const state = STATES[post.status];
  const name = KIND_NAMES[post.kind];

  const save = async () => {
    const words = text.trim();
    if (!words) return setError('Please write something first');
    if (words.length > POST_MAX) return setError(`Must be at most ${POST_MAX} characters`);
    setBusy(true);
    try {
      const resent = post.status === 'rejected';
      const status = await editMyPost(post.kind, post._id, words);
      onChanged(words, status);
      setEditing(false);
      notify.success(
        resent ? `Your ${name.toLowerCase()} is sent again: a moderator will review it.` : 'Your changes are saved.',
      );
    } catch (failure) {
      setError(
        serverFieldErrors(failure).text ?? serverFieldErrors(failure).content ?? serverMessage(failure) ?? friendlyError(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    await deleteMyPost(post.kind, post._id);
    setConfirming(false);
    notify.success(`Your ${name.toLowerCase()} is deleted.`);
    onDeleted();
  };

  return (
    <li>
      <Card aria-label={`${name}, ${state.label.toLowerCase()}`}>
        <CardBody>
          <Head>
            <strong>{name}</strong>
            <State $color={state.color} $background={state.background}>
              {state.label}
            </State>
            <time dateTime={post.date}>
              <TimeAgo date={post.date} />
            </time>
            {post.anonymous && <span>Posted without your name</span>}
          </Head>
          {editing ? (
            <TextAreaField
              label={`Your ${name.toLowerCase()}`}
              rows={4}
              value={text}
              error={error}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
            />
          ) : (
            <PostText>{post.text}</PostText>
          )}
          {post.story && <Note>On the story: {post.story.excerpt}…</Note>}
          {post.status === 'rejected' && (
            <Note>
              {post.reason ? `The moderator's reason: ${post.reason}` : 'The moderator gave no reason.'}
              {!editing && ' You can correct it and send it again for review.'}
            </Note>
          )}
          {post.status === 'pending' && !editing && <Note>You can still change it until a moderator reviews it.</Note>}
          <Actions>
            {editing ? (
              <>
                <Button type="button" disabled={busy} onClick={save}>
                  {busy ? 'Saving…' : post.status === 'rejected' ? 'Send for review' : 'Save'}
                </Button>
                <Button
                  type="button"
                  $variant="outline"
                  onClick={() => {
                    setEditing(false);
                    setText(post.text);
                    setError(undefined);
                  }}
                >
                  Cancel
                </Button>
              </>
            ) : (
              <>
                {post.status === 'pending' && (
                  <Button type="button" $variant="outline" onClick={() => setEditing(true)}>
                    Edit<span className="visually-hidden"> this {name.toLowerCase()}</span>
                  </Button>
                )}
                {post.status === 'rejected' && (
                  <Button type="button" $variant="outline" onClick={() => setEditing(true)}>
                    Correct and resend<span className="visually-hidden"> this {name.toLowerCase()}</span>
                  </Button>
                )}
                <Button type="button" $variant="outline" onClick={() => setConfirming(true)}>
                  Delete<span className="visually-hidden"> this {name.toLowerCase()}</span>
                </Button>
              </>
            )}
          </Actions>
        </CardBody>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={`Delete this ${name.toLowerCase()}?`}
        onClose={() => setConfirming(false)}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onConfirm={remove}
        keepLabel="Keep it"
      >
        <p>It will be removed from the site for good{post.kind === 'stories' ? ', with its likes and comments' : ''}.</p>
      </ConfirmDialog>
    </li>
  );
}

function MyPostsList() {
  const posts = useEditableResource(getMyPosts, 'community:mine');
  return (
    <ResourceView
      resource={posts}
      what="your posts"
      empty={
        <>
          You have not posted yet. <Link to="/community">Share a prayer request</Link> or{' '}
          <Link to="/community?tab=story">a story</Link>.
        </>
      }
    >
      {(list) => (
        <List aria-label="Your posts">
          {list.map((post) => (
            <MyPostItem
              key={`${post.kind}-${post._id}`}
              post={post}
              onChanged={(text, status) =>
                posts.update((all) =>
                  (all ?? []).map((p) =>
                    p._id === post._id ? { ...p, text, status, reason: status === 'rejected' ? p.reason : null } : p,
                  ),
                )
              }
              onDeleted={() => posts.update((all) => (all ?? []).filter((p) => p._id !== post._id))}
            />
          ))}
        </List>
      )}
    </ResourceView>
  );
}

/** /community/my-posts: the member's prayers, stories and comments in every state; change one while it waits, correct and resend one not published, delete any. */
export function MyPostsPage() {
  usePageTitle('My posts');
  const { isAuth } = useAuth();
  if (!isAuth) return <Navigate to="/login" replace state={{ from: '/community/my-posts' }} />;
  return (
    <>
      <PageBanner>
        <Container>
          <h1>My posts</h1>
          <p>Your prayer requests, stories and comments, and where each one stands.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <MyPostsList />
        </Container>
      </Section>
    </>
  );
}
