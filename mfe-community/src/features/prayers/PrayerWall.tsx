import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError, serverMessage } from '@ministry/shared/api';
import { useAuth } from '@ministry/shared/store';
import type { FollowUps, Prayer } from '@ministry/shared/types';
import { Card, CardBody, media, notify, PageLinks, ResourceView, theme } from '@ministry/shared/ui';
import { ANSWER_NOTE_MAX } from '@ministry/shared/limits';
import { ComposerRow, PanelIntro, PanelTitle, REVIEW_TIP } from '../community/panel';
import { PostForm } from '../community/PostForm';
import { PostMeta, PostText } from '../community/PostMeta';
import { ReportButton } from '../community/ReportButton';
import { SignInPrompt } from '../community/SignInPrompt';
import {
  communityItemHref,
  communityPageHref,
  onItems,
  PageNote,
  PastTheLast,
  useScrollToItem,
  useScrollToListOnPageChange,
} from '../community/paging';
import { useEditableResource } from '../community/useEditableResource';
import { addPrayer, getPrayersPage, markPrayerAnswered, prayFor } from './api';
import { CardTextForm, TextButton } from './CardTextForm';
import { PrayerUpdates, usePrayerFollowUps } from './PrayerUpdates';
import { countOf } from '@ministry/shared/format';

const Wall = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const PrayerCard = styled(Card)`
  height: 100%;
  border-top: 4px solid ${theme.colors.accent};
  &:target,
  &:focus {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Body = styled(CardBody)`
  display: flex;
  flex-direction: column;
  height: 100%;
`;

const Bar = styled.div`
  margin-top: auto;
  padding-top: 12px;
  display: flex;
  align-items: center;
  gap: 12px;
`;

const prayedStyle = `
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 6px 16px;
  border-radius: 999px;
  border: 2px solid ${theme.colors.primary};
  font: inherit;
  font-weight: 600;
  font-size: 0.9rem;
  text-decoration: none;
  cursor: pointer;
`;

const PrayedButton = styled.button`
  ${prayedStyle}
  background: #fff;
  color: ${theme.colors.primary};
  &[aria-pressed='true'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
`;

const PrayedLink = styled(Link)`
  ${prayedStyle}
  background: #fff;
  color: ${theme.colors.primary};
`;

const Count = styled.span`
  color: ${theme.colors.muted};
  font-size: 0.88rem;
`;

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  margin: 4px 0 14px;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${theme.colors.primary};
  }
`;

const Answered = styled.div`
  margin-top: 12px;
  padding: 10px 14px;
  border-radius: 8px;
  background: #eef7f0;
  border: 1px solid #b9dcc4;
  p {
    margin: 0;
  }
  strong {
    color: ${theme.colors.success};
  }
  a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  margin-top: 6px !important;
`;

/** Where the story form opens to tell how a prayer was answered. */
export const tellStoryPath = (prayerId: string): string => `/community?tab=story&prayer=${encodeURIComponent(prayerId)}`;

/** "Answered" with the requester's note and the story's link; for the requester, marking it answered and telling the story. */
function AnsweredPart({ prayer, mine, onAnswered }: { prayer: Prayer; mine: boolean; onAnswered: (prayer: Prayer) => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (prayer.answered) {
    return (
      <Answered>
        <p>
          <strong>Answered</strong>
          {prayer.answered.note && <> · {prayer.answered.note}</>}
        </p>
        <Links>
          {prayer.storyId && <Link to={communityItemHref('story', prayer.storyId)}>Read the story</Link>}
          {mine && !prayer.storyId && <Link to={tellStoryPath(prayer._id)}>Tell the church the story</Link>}
        </Links>
      </Answered>
    );
  }
  if (!mine || prayer.status !== 'published') return null;
  if (!open) {
    return (
      <Links>
        <TextButton type="button" onClick={() => setOpen(true)}>
          Mark as answered
        </TextButton>
      </Links>
    );
  }
  const save = async () => {
    if (note.trim().length > ANSWER_NOTE_MAX) return setError(`Must be at most ${ANSWER_NOTE_MAX} characters`);
    setBusy(true);
    try {
      onAnswered(await markPrayerAnswered(prayer._id, note.trim()));
      notify.success('Praise God! Your prayer is marked answered.');
    } catch (failure) {
      setError(serverMessage(failure) ?? friendlyError(failure, "We couldn't save that right now. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <CardTextForm
      label="How was it answered? (optional)"
      value={note}
      error={error}
      busy={busy}
      submitLabel="Mark answered"
      busyLabel="Saving…"
      onChange={(value) => {
        setNote(value);
        setError(undefined);
      }}
      onCancel={() => setOpen(false)}
      onSubmit={save}
    />
  );
}

export const prayedLabel = (n: number): string => countOf(n, 'person prayed', 'people prayed');

/** The card's anchor: `/community#prayer-<id>` (the way back after logging in to pray). */
export const prayerAnchor = (id: string): string => `prayer-${id}`;

function PrayedControl({
  prayer,
  onChange,
}: {
  prayer: Prayer;
  onChange: (next: Pick<Prayer, 'prayedCount' | 'iPrayed'>) => void;
}) {
  const { isAuth } = useAuth();
  // Back to the same page of the wall after logging in.
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  if (prayer.status !== 'published') return null;
  if (!isAuth) {
    return (
      <PrayedLink to={`/login?next=${encodeURIComponent(`/community${search}#${prayerAnchor(prayer._id)}`)}`}>
        I prayed <span className="visually-hidden">(log in to say so)</span>
      </PrayedLink>
    );
  }
  const press = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      onChange(await prayFor(prayer._id, !prayer.iPrayed));
    } catch (error) {
      notify.warning(friendlyError(error, "We couldn't save that right now. Please try again."));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return (
    <PrayedButton type="button" aria-pressed={prayer.iPrayed} disabled={busy} onClick={press}>
      {prayer.iPrayed ? '✓ I prayed' : 'I prayed'}
    </PrayedButton>
  );
}

function PrayerItem({
  prayer,
  onChange,
  onReported,
  followUps,
  onFollowUps,
}: {
  prayer: Prayer;
  onChange: (id: string, next: Partial<Prayer>) => void;
  onReported: (id: string) => void;
  followUps: FollowUps;
  onFollowUps: (next: (current: FollowUps) => FollowUps) => void;
}) {
  const { user } = useAuth();
  const mine = !!user && prayer.user?._id === user._id;
  return (
    <li>
      <PrayerCard
        id={prayerAnchor(prayer._id)}
        tabIndex={-1}
        aria-label={`Prayer request, ${prayer.user ? `by ${prayer.user.firstname} ${prayer.user.lastname}` : 'anonymous'}`}
      >
        <Body>
          <PostMeta
            user={prayer.user}
            date={prayer.date}
            status={prayer.status}
            badge={mine && prayer.anonymous ? 'Posted without your name' : undefined}
          />
          <PostText>{prayer.text}</PostText>
          <PrayerUpdates
            prayerId={prayer._id}
            mine={mine}
            onWall={prayer.status === 'published'}
            followUps={followUps}
            onChange={onFollowUps}
          />
          <AnsweredPart prayer={prayer} mine={mine} onAnswered={(next) => onChange(prayer._id, next)} />
          {prayer.status === 'published' && (
            <Bar>
              <PrayedControl prayer={prayer} onChange={(next) => onChange(prayer._id, next)} />
              <Count aria-live="polite">{prayedLabel(prayer.prayedCount)}</Count>
              {user && !mine && (
                <span style={{ marginLeft: 'auto' }}>
                  <ReportButton kind="prayers" id={prayer._id} onReported={() => onReported(prayer._id)} />
                </span>
              )}
            </Bar>
          )}
        </Body>
      </PrayerCard>
    </li>
  );
}

/**
 * The prayer wall: the published prayers (and the member's own awaiting
 * review), newest first, a page at a time (`page`: from the address,
 * `/community?page=3`), "I prayed", and a box to post one.
 */
export function PrayerWall({ page = 1 }: { page?: number }) {
  const { user, isAuth } = useAuth();
  const load = useCallback(() => getPrayersPage(page), [page]);
  const prayers = useEditableResource(load, `prayers:${user?._id ?? 'visitor'}:${page}`);
  const [anonymous, setAnonymous] = useState(false);
  const heading = useScrollToListOnPageChange(page);
  useScrollToItem('prayer', !!prayers.data);
  const [followUps, setFollowUps] = usePrayerFollowUps(
    (prayers.data?.data ?? []).filter((p) => p.status === 'published').map((p) => p._id),
    user?._id ?? 'visitor',
  );

  const changed = (id: string, next: Partial<Prayer>) =>
    prayers.update(onItems((list) => list.map((p) => (p._id === id ? { ...p, ...next } : p))));
  const hrefFor = communityPageHref('prayer');

  return (
    <>
      <PanelIntro>
        Share what is on your heart, and stand with your brothers and sisters in prayer. Our prayer team prays over every request.
      </PanelIntro>
      {isAuth && user ? (
        <ComposerRow
          tips={[
            'Keep it short and kind, and share only what the people concerned would be happy to see shared.',
            REVIEW_TIP,
            'Post without your name if you prefer: the church family sees "Anonymous", only our staff know it is you.',
          ]}
        >
          <PostForm
            field="text"
            label="Your prayer request"
            placeholder="What would you like us to pray for?"
            submitLabel="Post prayer"
            rules={(all) => all.prayerSchema}
            onPost={(text) => addPrayer(user._id, text, { anonymous })}
            onPosted={(prayer) => {
              setAnonymous(false);
              prayers.update(onItems((list) => [prayer, ...list]));
            }}
          >
            <Choice>
              <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
              Post without my name
            </Choice>
          </PostForm>
        </ComposerRow>
      ) : (
        <SignInPrompt what="post a prayer request" back="/community" />
      )}
      <PanelTitle ref={heading} id="prayer-requests">
        Prayer requests{page > 1 && <PageNote> · page {page}</PageNote>}
      </PanelTitle>
      <ResourceView
        resource={prayers}
        what="the prayer wall"
        empty="No prayer requests yet. Be the first to share one."
        isEmpty={({ paging }) => paging.total === 0}
        loadingRows={2}
      >
        {({ data, paging }) => (
          <>
            {data.length === 0 ? (
              <PastTheLast page={page} pages={paging.pages} hrefFor={hrefFor} />
            ) : (
              <Wall aria-label="Prayer requests">
                {data.map((prayer) => (
                  <PrayerItem
                    key={prayer._id}
                    prayer={prayer}
                    onChange={changed}
                    onReported={(id) => prayers.update(onItems((all) => all.filter((p) => p._id !== id)))}
                    followUps={followUps}
                    onFollowUps={setFollowUps}
                  />
                ))}
              </Wall>
            )}
            <PageLinks page={page} pages={paging.pages} hrefFor={hrefFor} label="Pages of prayer requests" />
          </>
        )}
      </ResourceView>
    </>
  );
}
