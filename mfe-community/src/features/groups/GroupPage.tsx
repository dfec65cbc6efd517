import { useCallback, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, friendlyError, serverMessage } from '@ministry/shared/api';
import { useResource } from '@ministry/shared/app';
import { mapSearchUrl } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import {
  Button,
  ButtonLink,
  Container,
  LoadingState,
  media,
  NotFound,
  notify,
  PageBanner,
  Section,
  TextAreaField,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import type { GroupView } from '@ministry/shared/types';
import { kindName, leaderNames, placeOf, scheduleOf, stageName } from '../../lib/groups';
import { askToJoin, getGroup, withdrawRequest } from './api';
import { Availability, GroupPhoto, Tag } from './GroupsPage';

const MESSAGE_MAX = 500;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.6fr) minmax(280px, 1fr);
  gap: 32px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: 1fr;
    gap: 24px;
  }
`;

const Photo = styled.div`
  border-radius: ${theme.radius};
  overflow: hidden;
  margin-bottom: 20px;
  img {
    display: block;
  }
`;

const Description = styled.p`
  white-space: pre-line;
  line-height: 1.7;
  margin: 16px 0 0;
`;

const Panel = styled.aside`
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 22px;
  display: grid;
  gap: 16px;
  h2 {
    margin: 0;
    font-size: 1.15rem;
    color: ${theme.colors.primary};
  }
  dl {
    margin: 0;
    display: grid;
    gap: 10px;
  }
  dt {
    font-weight: 600;
    font-size: 0.85rem;
    color: ${theme.colors.muted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  dd {
    margin: 2px 0 0;
  }
  dd a,
  p a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
`;

const Check = styled.label`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  font-size: 0.93rem;
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    flex: none;
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: 0.93rem;
`;

const Tags = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
`;

function JoinForm({ group, onAsked }: { group: GroupView; onAsked: () => void }) {
  const [message, setMessage] = useState('');
  const [shareEmail, setShareEmail] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message.length > MESSAGE_MAX) return setError(`Must be at most ${MESSAGE_MAX} characters`);
    setBusy(true);
    setError(undefined);
    try {
      await askToJoin(group._id, message.trim(), shareEmail);
      notify.success('Your request is sent: the leaders will answer by e-mail.');
      onAsked();
    } catch (failure) {
      setError(serverMessage(failure) ?? friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Ask to join" noValidate>
      <TextAreaField
        label="A short message to the leaders (optional)"
        rows={3}
        maxLength={MESSAGE_MAX}
        value={message}
        error={error}
        hint="Say hello, and anything they should know."
        onChange={(e) => setMessage(e.target.value)}
      />
      <Check>
        <input type="checkbox" checked={shareEmail} onChange={(e) => setShareEmail(e.target.checked)} />
        <span>Share my e-mail address with the group&rsquo;s leaders</span>
      </Check>
      <p style={{ margin: '14px 0 0' }}>
        <Button type="submit" disabled={busy} $block>
          {busy ? 'Sending…' : 'Ask to join'}
        </Button>
      </p>
    </form>
  );
}

function JoinPanel({ group, onChanged }: { group: GroupView; onChanged: () => void }) {
  const { isAuth } = useAuth();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    try {
      await withdrawRequest(group._id);
      notify.success('Your request is withdrawn.');
      onChanged();
    } catch (failure) {
      notify.error(friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };
  if (group.membership === 'leader' || group.membership === 'member')
    return (
      <>
        <Note role="status">You {group.membership === 'leader' ? 'lead' : 'are a member of'} this group.</Note>
        <ButtonLink to="/my-groups" $variant="outline">
          Go to my groups
        </ButtonLink>
      </>
    );
  if (group.membership === 'pending')
    return (
      <>
        <Note role="status">You asked to join: the leaders will answer by e-mail.</Note>
        <Button type="button" $variant="outline" disabled={busy} onClick={withdraw}>
          Withdraw my request
        </Button>
      </>
    );
  if (!group.open || group.full)
    return (
      <Note>
        {group.full ? 'This group is full at the moment.' : 'This group is not taking new members at the moment.'}{' '}
        <Link to="/groups">Find another group</Link>
      </Note>
    );
  if (!isAuth)
    return (
      <>
        <Note>Log in to ask the leaders if you may join.</Note>
        <ButtonLink to="/login" state={{ from: pathname }}>
          Log in to join
        </ButtonLink>
      </>
    );
  return <JoinForm group={group} onAsked={onChanged} />;
}

/** /groups/:slug: one group: when and where it meets (with a map link), its leaders, and asking to join. Never anyone's address. */
export function GroupPage() {
  const { slug = '' } = useParams();
  const load = useCallback(() => getGroup(slug), [slug]);
  const group = useResource(load, `group:${slug}`);
  usePageTitle(group.data?.name ?? 'Small group');

  if (group.loading && !group.data) return <LoadingState label="Loading the group…" rows={3} />;
  if (errorStatus(group.error) === 404 || (!group.data && !group.loading && !group.error))
    return <NotFound title="Group not found" message="This group does not exist or has closed." />;
  if (!group.data)
    return (
      <Container>
        <p role="alert">{friendlyError(group.error)}</p>
      </Container>
    );
  const g = group.data;
  const place = placeOf(g);
  return (
    <>
      <PageBanner>
        <Container>
          <p style={{ margin: 0 }}>
            <Link to="/groups" style={{ color: 'inherit' }}>
              ← Small groups
            </Link>
          </p>
          <h1>{g.name}</h1>
          <p>{scheduleOf(g)}</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <Layout>
            <div>
              {g.photo && (
                <Photo>
                  <GroupPhoto group={g} sizes="(max-width: 768px) 100vw, 720px" eager />
                </Photo>
              )}
              <Tags>
                <Tag>{kindName(g.kind)}</Tag>
                {stageName(g.lifeStage) !== kindName(g.kind) && <Tag>{stageName(g.lifeStage)}</Tag>}
                <Availability group={g} />
              </Tags>
              {g.description && <Description>{g.description}</Description>}
            </div>
            <Panel aria-label="About this group">
              <h2>When and where</h2>
              <dl>
                <div>
                  <dt>When</dt>
                  <dd>{scheduleOf(g)}</dd>
                </div>
                <div>
                  <dt>Where</dt>
                  <dd>
                    {place}
                    {g.location && g.meetingPlace ? ` (${g.location.name})` : ''}
                    {g.address && (
                      <>
                        <br />
                        {g.address !== place && <span>{g.address}</span>}
                        {g.address !== place && <br />}
                        <a href={mapSearchUrl(g.address)} target="_blank" rel="noopener noreferrer">
                          Open in a map <span className="visually-hidden">(opens in a new tab)</span>
                        </a>
                      </>
                    )}
                  </dd>
                </div>
                {g.leaders.length > 0 && (
                  <div>
                    <dt>{g.leaders.length === 1 ? 'Leader' : 'Leaders'}</dt>
                    <dd>{leaderNames(g.leaders)}</dd>
                  </div>
                )}
                <div>
                  <dt>Size</dt>
                  <dd>
                    {g.memberCount === 1 ? '1 member' : `${g.memberCount} members`}
                    {g.capacity ? ` of ${g.capacity}` : ''}
                  </dd>
                </div>
              </dl>
              <JoinPanel group={g} onChanged={group.reload} />
            </Panel>
          </Layout>
        </Container>
      </Section>
    </>
  );
}
