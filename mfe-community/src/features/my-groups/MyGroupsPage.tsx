import { useState, type FormEvent } from 'react';
import { TimeAgo } from '@ministry/shared/app';
import { Link, Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError, serverMessage } from '@ministry/shared/api';
import { useAuth } from '@ministry/shared/store';
import type { JoinRequest, MyGroup, MyGroups, RosterEntry } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  Card,
  CardBody,
  ConfirmDialog,
  Container,
  notify,
  PageBanner,
  ResourceView,
  Section,
  SectionTitle,
  TextAreaField,
  TextField,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useEditableResource } from '../community/useEditableResource';
import { placeOf, scheduleOf } from '../../lib/groups';
import { answerRequest, getMyGroups, getRoster, leaveGroup, mailGroup, updateMembership } from './api';

const List = styled.ul`
  list-style: none;
  margin: 0 0 36px;
  padding: 0;
  display: grid;
  gap: 16px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 16px;
  h3 {
    margin: 0;
    font-size: 1.1rem;
  }
  h3 a {
    color: ${theme.colors.primary};
  }
  span {
    color: ${theme.colors.muted};
    font-size: 0.92rem;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  margin-top: 8px;
`;

const Checks = styled.div`
  display: grid;
  gap: 8px;
  label {
    display: flex;
    gap: 10px;
    align-items: flex-start;
    font-size: 0.93rem;
  }
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    flex: none;
  }
`;

const Quote = styled.blockquote`
  margin: 0;
  padding: 8px 14px;
  border-left: 3px solid ${theme.colors.accent};
  background: ${theme.colors.surface};
  white-space: pre-line;
`;

const RosterList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  a {
    color: ${theme.colors.primary};
    word-break: break-all;
  }
  small {
    color: ${theme.colors.muted};
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: 0.93rem;
`;

function RequestItem({ request, onDone }: { request: JoinRequest; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const who = request.member ? `${request.member.firstname} ${request.member.lastname}` : 'A member';
  const answer = async (decision: 'accept' | 'decline') => {
    setBusy(true);
    try {
      await answerRequest(request._id, decision, note.trim());
      notify.success(decision === 'accept' ? `${who} is now in ${request.group.name}.` : `${who}'s request is declined.`);
      onDone();
    } catch (failure) {
      notify.error(serverMessage(failure) ?? friendlyError(failure));
      setBusy(false);
    }
  };
  return (
    <li>
      <Card aria-label={`${who} asks to join ${request.group.name}`}>
        <CardBody>
          <Head>
            <h3>
              {who} asks to join <Link to={`/groups/${request.group.slug}`}>{request.group.name}</Link>
            </h3>
            <span>
              <TimeAgo date={request.createdAt} />
            </span>
          </Head>
          {request.message ? <Quote>{request.message}</Quote> : <Muted>No message.</Muted>}
          <TextField label="A note to them (optional)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          <Actions>
            <Button type="button" disabled={busy} onClick={() => answer('accept')}>
              Accept<span className="visually-hidden"> {who}</span>
            </Button>
            <Button type="button" $variant="outline" disabled={busy} onClick={() => answer('decline')}>
              Decline<span className="visually-hidden"> {who}</span>
            </Button>
          </Actions>
        </CardBody>
      </Card>
    </li>
  );
}

function Roster({ group }: { group: MyGroup }) {
  const [roster, setRoster] = useState<RosterEntry[] | null>(null);
  const [busy, setBusy] = useState(false);
  const show = async () => {
    setBusy(true);
    try {
      setRoster(await getRoster(group._id));
    } catch (failure) {
      notify.error(friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };
  if (!roster)
    return (
      <Button type="button" $variant="outline" disabled={busy} onClick={show}>
        Show the roster<span className="visually-hidden"> of {group.name}</span>
      </Button>
    );
  return (
    <section aria-label={`Roster of ${group.name}`} style={{ flexBasis: '100%' }}>
      <RosterList>
        {roster.map((p) => (
          <li key={p._id}>
            <strong>
              {p.firstname} {p.lastname}
            </strong>
            {p.role === 'leader' && <small>Leader</small>}
            {p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : <small>Address not shared</small>}
          </li>
        ))}
      </RosterList>
    </section>
  );
}

function MailForm({ group, onClose }: { group: MyGroup; onClose: () => void }) {
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; text?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { subject: subject.trim() ? undefined : 'Required', text: text.trim() ? undefined : 'Required' };
    if (found.subject || found.text) return setErrors(found);
    setBusy(true);
    try {
      const sent = await mailGroup(group._id, subject.trim(), text.trim());
      notify.success(sent === 1 ? 'Your e-mail went to 1 member.' : `Your e-mail went to ${sent} members.`);
      onClose();
    } catch (failure) {
      setErrors({ form: serverMessage(failure) ?? friendlyError(failure) });
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={`E-mail ${group.name}`} noValidate style={{ flexBasis: '100%' }}>
      <TextField
        label="Subject"
        value={subject}
        maxLength={120}
        error={errors.subject}
        onChange={(e) => setSubject(e.target.value)}
      />
      <TextAreaField
        label="Message"
        rows={5}
        maxLength={5000}
        value={text}
        error={errors.text}
        hint="Sent from the site to every member who receives the group's e-mails; your address is not shown."
        onChange={(e) => setText(e.target.value)}
      />
      {errors.form && <p role="alert">{errors.form}</p>}
      <Actions>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send to the group'}
        </Button>
        <Button type="button" $variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </Actions>
    </form>
  );
}

function GroupItem({ group, onChanged, onLeft }: { group: MyGroup; onChanged: (g: MyGroup) => void; onLeft: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [mailing, setMailing] = useState(false);
  const choose = async (choice: { shareEmail?: boolean; mail?: boolean }) => {
    try {
      onChanged({ ...group, ...(await updateMembership(group._id, choice)) });
    } catch (failure) {
      notify.error(friendlyError(failure));
    }
  };
  const leave = async () => {
    await leaveGroup(group._id);
    setConfirming(false);
    notify.success(`You left ${group.name}.`);
    onLeft();
  };
  return (
    <li>
      <Card aria-label={group.name}>
        <CardBody>
          <Head>
            <h3>
              <Link to={`/groups/${group.slug}`}>{group.name}</Link>
            </h3>
            <span>{group.role === 'leader' ? 'You lead it' : 'Member'}</span>
          </Head>
          <Muted>
            {scheduleOf(group)} · {placeOf(group)}
          </Muted>
          <Checks>
            <label>
              <input type="checkbox" checked={group.shareEmail} onChange={(e) => choose({ shareEmail: e.target.checked })} />
              Share my e-mail address with the group&rsquo;s leaders
            </label>
            <label>
              <input type="checkbox" checked={group.mail} onChange={(e) => choose({ mail: e.target.checked })} />
              Receive the group&rsquo;s e-mails
            </label>
          </Checks>
          <Actions>
            {group.role === 'leader' && <Roster group={group} />}
            {group.role === 'leader' &&
              (mailing ? (
                <MailForm group={group} onClose={() => setMailing(false)} />
              ) : (
                <Button type="button" $variant="outline" onClick={() => setMailing(true)}>
                  E-mail the group<span className="visually-hidden"> {group.name}</span>
                </Button>
              ))}
            <Button type="button" $variant="outline" onClick={() => setConfirming(true)}>
              Leave<span className="visually-hidden"> {group.name}</span>
            </Button>
          </Actions>
        </CardBody>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={`Leave ${group.name}?`}
        onClose={() => setConfirming(false)}
        confirmLabel="Leave the group"
        busyLabel="Leaving…"
        onConfirm={leave}
        keepLabel="Stay"
      >
        <p>You will no longer be on its roster or receive its e-mails. You can ask to join again later.</p>
      </ConfirmDialog>
    </li>
  );
}

function PendingItem({ request, onWithdrawn }: { request: JoinRequest; onWithdrawn: () => void }) {
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    try {
      await leaveGroup(request.group._id);
      notify.success('Your request is withdrawn.');
      onWithdrawn();
    } catch (failure) {
      notify.error(friendlyError(failure));
      setBusy(false);
    }
  };
  return (
    <li>
      <Card aria-label={`Your request to join ${request.group.name}`}>
        <CardBody>
          <Head>
            <h3>
              <Link to={`/groups/${request.group.slug}`}>{request.group.name}</Link>
            </h3>
            <span>
              Asked <TimeAgo date={request.createdAt} />
            </span>
          </Head>
          <Muted>Waiting for the leaders&rsquo; answer.</Muted>
          <Actions>
            <Button type="button" $variant="outline" disabled={busy} onClick={withdraw}>
              Withdraw<span className="visually-hidden"> your request to join {request.group.name}</span>
            </Button>
          </Actions>
        </CardBody>
      </Card>
    </li>
  );
}

function MyGroupsContent() {
  const mine = useEditableResource(getMyGroups, 'groups:mine');
  const edit = (change: (all: MyGroups) => MyGroups) =>
    mine.update((all) => change(all ?? { groups: [], myRequests: [], toAnswer: [] }));
  return (
    <ResourceView
      resource={mine}
      what="your groups"
      isEmpty={(d) => d.groups.length === 0 && d.myRequests.length === 0 && d.toAnswer.length === 0}
      empty={
        <>
          You are not in a group yet. <Link to="/groups">Find a small group</Link>.
        </>
      }
    >
      {(data) => (
        <>
          {data.toAnswer.length > 0 && (
            <>
              <SectionTitle as="h2">Requests to answer</SectionTitle>
              <List aria-label="Requests to answer">
                {data.toAnswer.map((r) => (
                  <RequestItem key={r._id} request={r} onDone={mine.reload} />
                ))}
              </List>
            </>
          )}
          <SectionTitle as="h2">Your groups</SectionTitle>
          {data.groups.length === 0 ? (
            <p>
              You are not in a group yet. <Link to="/groups">Find a small group</Link>.
            </p>
          ) : (
            <List aria-label="Your groups">
              {data.groups.map((g) => (
                <GroupItem
                  key={g._id}
                  group={g}
                  onChanged={(changed) =>
                    edit((all) => ({ ...all, groups: all.groups.map((x) => (x._id === g._id ? changed : x)) }))
                  }
                  onLeft={() => edit((all) => ({ ...all, groups: all.groups.filter((x) => x._id !== g._id) }))}
                />
              ))}
            </List>
          )}
          {data.myRequests.length > 0 && (
            <>
              <SectionTitle as="h2">Waiting for an answer</SectionTitle>
              <List aria-label="Your requests">
                {data.myRequests.map((r) => (
                  <PendingItem
                    key={r._id}
                    request={r}
                    onWithdrawn={() => edit((all) => ({ ...all, myRequests: all.myRequests.filter((x) => x._id !== r._id) }))}
                  />
                ))}
              </List>
            </>
          )}
          <ButtonLink to="/groups" $variant="outline">
            Find another group
          </ButtonLink>
        </>
      )}
    </ResourceView>
  );
}

/** /my-groups: the member's groups (leave, share their address, stop mails), their requests waiting, and, for leaders, requests to answer, the roster and an e-mail to the group. */
export function MyGroupsPage() {
  usePageTitle('My groups');
  const { isAuth } = useAuth();
  if (!isAuth) return <Navigate to="/login" replace state={{ from: '/my-groups' }} />;
  return (
    <>
      <PageBanner>
        <Container>
          <h1>My groups</h1>
          <p>The small groups you are in, and the requests waiting for an answer.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <MyGroupsContent />
        </Container>
      </Section>
    </>
  );
}
