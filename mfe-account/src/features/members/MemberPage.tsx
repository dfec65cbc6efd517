import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, friendlyError } from '@ministry/shared/api';
import { inSiteTimeZone } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { MemberDetail, MyPost, PostKind, Role } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  ConfirmDialog,
  media,
  NotFound,
  notify,
  ResourceView,
  SelectField,
  StaffPage,
  StaffPanel,
  StatusBadge,
  theme,
} from '@ministry/shared/ui';
import { useResource, TimeAgo } from '@ministry/shared/app';
import { memberStates, postCounts, ROLE_LABELS } from './memberLabels';
import { getMember, setMemberDisabled, setMemberRole, stopMemberPosting } from './api';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px;
  margin-bottom: 24px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Panel = styled(StaffPanel)`
  p {
    margin: 0 0 12px;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0;
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Posts = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Post = styled.li`
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 14px 18px;
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    margin-bottom: 6px;
  }
  header strong {
    color: ${theme.colors.primary};
  }
  header small {
    color: ${theme.colors.muted};
  }
  p {
    margin: 4px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  blockquote {
    margin: 0 0 6px;
    color: ${theme.colors.muted};
    font-size: 0.9rem;
  }
`;

const KIND: Record<PostKind, string> = { prayers: 'Prayer request', stories: 'Story', comments: 'Comment' };
const STATE: Record<MyPost['status'], { label: string; tone: 'ok' | 'warn' | 'danger' }> = {
  pending: { label: 'Waiting for review', tone: 'warn' },
  published: { label: 'Published', tone: 'ok' },
  rejected: { label: 'Not published', tone: 'danger' },
};

const day = (iso: string) => inSiteTimeZone(iso).format('D MMM YYYY');

function RolePanel({ member, self, onChanged }: { member: MemberDetail; self: boolean; onChanged: (m: MemberDetail) => void }) {
  const [role, setRole] = useState<Role>(member.role);
  const [busy, setBusy] = useState(false);
  useEffect(() => setRole(member.role), [member.role]);
  const save = async () => {
    setBusy(true);
    try {
      const updated = await setMemberRole(member._id, role);
      notify.success(
        `${member.firstname} ${member.lastname} is now ${role === 'admin' ? 'an admin' : `${role === 'editor' ? 'an editor' : 'a member'}`}.`,
      );
      onChanged(updated);
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel aria-labelledby="member-role">
      <h2 id="member-role">Role</h2>
      {self ? (
        <p>You are an admin. You cannot change your own role: another admin can.</p>
      ) : (
        <>
          <SelectField
            label="Role"
            value={role}
            hint={`${ROLE_LABELS[role].name}: ${ROLE_LABELS[role].what}.`}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {(['member', 'editor', 'admin'] as const).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r].name}
              </option>
            ))}
          </SelectField>
          <Button type="button" disabled={busy || role === member.role} onClick={() => void save()}>
            {busy ? 'Saving…' : 'Change role'}
          </Button>
        </>
      )}
    </Panel>
  );
}

function AccessPanel({ member, self, onChanged }: { member: MemberDetail; self: boolean; onChanged: (m: MemberDetail) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'account' | 'posting' | null>(null);
  const name = `${member.firstname} ${member.lastname}`;
  const enable = async () => {
    setBusy('account');
    try {
      onChanged(await setMemberDisabled(member._id, false));
      notify.success(`${name}'s account is enabled again.`);
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(null);
    }
  };
  // Asked first (the dialog shows a failure itself).
  const disable = async () => {
    const updated = await setMemberDisabled(member._id, true);
    notify.success(`${name}'s account is disabled; they are signed out.`);
    setAsking(false);
    onChanged(updated);
  };
  const setPosting = async (stopped: boolean) => {
    setBusy('posting');
    try {
      await stopMemberPosting(member._id, stopped);
      notify.success(stopped ? `${name} can no longer post.` : `${name} may post again.`);
      onChanged({ ...member, postingStoppedAt: stopped ? new Date().toISOString() : null });
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Panel aria-labelledby="member-access">
      <h2 id="member-access">Account and posting</h2>
      {self ? (
        <p>This is your own account.</p>
      ) : member.disabledAt ? (
        <>
          <p>
            Disabled since {day(member.disabledAt)}: {member.firstname} cannot sign in.
          </p>
          <Buttons>
            <Button type="button" disabled={busy !== null} onClick={() => void enable()}>
              {busy === 'account' ? 'Enabling…' : 'Enable account'}
            </Button>
          </Buttons>
        </>
      ) : (
        <>
          <p>
            Disabling the account signs {member.firstname} out everywhere at once; they cannot sign in until an admin enables it
            again.
          </p>
          <Buttons>
            <Button type="button" $variant="danger" disabled={busy !== null} onClick={() => setAsking(true)}>
              Disable account…
            </Button>
          </Buttons>
        </>
      )}
      {!self && (
        <>
          <p style={{ marginTop: 16 }}>
            {member.postingStoppedAt
              ? `Stopped from posting since ${day(member.postingStoppedAt)}.`
              : 'May post prayers, stories and comments.'}
          </p>
          <Buttons>
            <Button
              type="button"
              $variant="outline"
              disabled={busy !== null}
              onClick={() => void setPosting(!member.postingStoppedAt)}
            >
              {member.postingStoppedAt ? 'Let them post again' : 'Stop them posting'}
            </Button>
          </Buttons>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={`Disable ${name}'s account?`}
        onClose={() => setAsking(false)}
        confirmLabel="Disable account"
        busyLabel="Disabling…"
        onConfirm={disable}
        keepLabel="Keep it active"
      >
        <p>
          They are signed out at once and cannot sign in until an admin enables the account again. Their posts stay as they are.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}

function PostList({ member }: { member: MemberDetail }) {
  return (
    <section aria-labelledby="member-posts">
      <h2 id="member-posts" style={{ color: theme.colors.primary, fontSize: '1.3rem' }}>
        Posts
      </h2>
      <p>{postCounts(member)}, newest first.</p>
      {member.postList.length === 0 ? (
        <p>Nothing posted yet.</p>
      ) : (
        <Posts>
          {member.postList.map((post) => (
            <Post key={`${post.kind}-${post._id}`} aria-label={`${KIND[post.kind]}, ${STATE[post.status].label.toLowerCase()}`}>
              <header>
                <strong>{KIND[post.kind]}</strong>
                <StatusBadge $tone={STATE[post.status].tone}>{STATE[post.status].label}</StatusBadge>
                {post.anonymous && <StatusBadge $tone="muted">Posted without their name</StatusBadge>}
                <small>
                  <time dateTime={post.date} title={day(post.date)}>
                    <TimeAgo date={post.date} />
                  </time>
                </small>
              </header>
              {post.story && <blockquote>On the story: {post.story.excerpt}…</blockquote>}
              <p>{post.text}</p>
              {post.status === 'rejected' && post.reason && <p>Reason given: {post.reason}</p>}
              {post.status === 'pending' && (
                <p>
                  <Link to="/admin/moderation">Review it on the moderation page</Link>
                </p>
              )}
            </Post>
          ))}
        </Posts>
      )}
    </section>
  );
}

/** /admin/members/:id (admins): one member, their role, their account and every post of theirs. */
export function MemberPage() {
  const { id = '' } = useParams();
  const me = useAuth().user?._id;
  const loaded = useResource(() => getMember(id), `staff-member:${id}`);
  const [changed, setChanged] = useState<MemberDetail | null>(null);
  const member = changed && changed._id === id ? changed : loaded.data;
  if (loaded.error && [400, 404].includes(errorStatus(loaded.error)))
    return <NotFound title="Member not found" message="There is no account at this address." />;
  const title = member ? `${member.firstname} ${member.lastname}` : 'Member';
  return (
    <StaffPage
      title={title}
      intro={member?.email}
      actions={
        <ButtonLink to="/admin/members" $variant="outline">
          All members
        </ButtonLink>
      }
    >
      <ResourceView resource={{ ...loaded, data: member }} what="the member" empty="" isEmpty={() => false} loadingRows={2}>
        {(data) => (
          <>
            <Columns>
              <Panel aria-labelledby="member-account">
                <h2 id="member-account">Account</h2>
                <Facts>
                  <dt>E-mail</dt>
                  <dd>
                    {data.email} {!data.emailConfirmed && <StatusBadge $tone="warn">Unconfirmed</StatusBadge>}
                  </dd>
                  <dt>Joined</dt>
                  <dd>{day(data.joined)}</dd>
                  <dt>Church</dt>
                  <dd>{data.church?.name ?? 'Not chosen'}</dd>
                  <dt>Lives in</dt>
                  <dd>{[data.city, data.country].filter(Boolean).join(', ') || 'Not told'}</dd>
                  <dt>Role</dt>
                  <dd>{ROLE_LABELS[data.role].name}</dd>
                  <dt>State</dt>
                  <dd>
                    <Badges>
                      {memberStates(data).map((s) => (
                        <StatusBadge key={s.label} $tone={s.tone}>
                          {s.label}
                        </StatusBadge>
                      ))}
                    </Badges>
                  </dd>
                </Facts>
              </Panel>
              <div style={{ display: 'grid', gap: 20 }}>
                <RolePanel member={data} self={data._id === me} onChanged={setChanged} />
                <AccessPanel member={data} self={data._id === me} onChanged={setChanged} />
              </div>
            </Columns>
            <PostList member={data} />
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
