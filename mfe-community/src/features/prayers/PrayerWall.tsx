import styled from 'styled-components';
import { addPrayer, getPrayers } from '@ministry/shared/api';
import { useAuth } from '@ministry/shared/store';
import type { Prayer } from '@ministry/shared/types';
import { Card, CardBody, media, ResourceView, theme } from '@ministry/shared/ui';
import { prayerSchema } from '@ministry/shared/validation';
import { ComposerRow, PanelIntro, PanelTitle, REVIEW_TIP } from '../community/panel';
import { PostForm } from '../community/PostForm';
import { PostMeta, PostText } from '../community/PostMeta';
import { SignInPrompt } from '../community/SignInPrompt';
import { useEditableResource } from '../community/useEditableResource';

const Wall = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  ${media.mobile} { grid-template-columns: 1fr; }
`;

const PrayerCard = styled(Card)`
  height: 100%;
  border-top: 4px solid ${theme.colors.accent};
`;

function PrayerItem({ prayer }: { prayer: Prayer }) {
  return (
    <li>
      <PrayerCard>
        <CardBody>
          <PostMeta user={prayer.user} date={prayer.date} status={prayer.status} />
          <PostText>{prayer.text}</PostText>
        </CardBody>
      </PrayerCard>
    </li>
  );
}

/** The prayer wall: the published prayers (and the member's own awaiting review), and a box to post one. */
export function PrayerWall() {
  const { user, isAuth } = useAuth();
  const prayers = useEditableResource(getPrayers, `prayers:${user?._id ?? 'visitor'}`);

  return (
    <>
      <PanelIntro>
        Share what is on your heart, and stand with your brothers and sisters in prayer. Our prayer team prays over every
        request.
      </PanelIntro>
      {isAuth && user ? (
        <ComposerRow
          tips={[
            'Keep it short and kind, and share only what the people concerned would be happy to see shared.',
            REVIEW_TIP,
            'Our prayer team and the whole church family can then pray with you.',
          ]}
        >
          <PostForm
            field="text"
            label="Your prayer request"
            placeholder="What would you like us to pray for?"
            submitLabel="Post prayer"
            schema={prayerSchema}
            onPost={(text) => addPrayer(user._id, text)}
            onPosted={(prayer) => prayers.update((list) => [prayer, ...(list ?? [])])}
          />
        </ComposerRow>
      ) : (
        <SignInPrompt what="post a prayer request" back="/community" />
      )}
      <PanelTitle>Prayer requests</PanelTitle>
      <ResourceView resource={prayers} what="the prayer wall" empty="No prayer requests yet. Be the first to share one." loadingRows={2}>
        {(list) => (
          <Wall aria-label="Prayer requests">
            {list.map((prayer) => (
              <PrayerItem key={prayer._id} prayer={prayer} />
            ))}
          </Wall>
        )}
      </ResourceView>
    </>
  );
}
