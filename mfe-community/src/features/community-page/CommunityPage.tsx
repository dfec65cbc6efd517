import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { isStaff } from '@ministry/shared/config';
import { useAuth } from '@ministry/shared/store';
import {
  ButtonLink,
  Container,
  media,
  PageBanner,
  pageParam,
  Section,
  TabPanel,
  Tabs,
  usePageTitle,
  type TabItem,
} from '@ministry/shared/ui';
import { LocationList } from '../locations/LocationList';
import { PrayerWall } from '../prayers/PrayerWall';
import { StoriesPanel } from '../stories/StoriesPanel';
import { CommunityNews } from './CommunityNews';
import { useItemAddress } from '../community/paging';

/** Spec section 4: the community tab is prayer, story or location. */
export type CommunityTab = 'prayer' | 'story' | 'location';

export const COMMUNITY_TABS: TabItem<CommunityTab>[] = [
  { key: 'prayer', label: 'Prayer Wall' },
  { key: 'story', label: 'Share Your Story' },
  { key: 'location', label: 'Locations' },
];

const isTab = (value: string | null): value is CommunityTab => COMMUNITY_TABS.some((t) => t.key === value);

const BannerRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  flex-wrap: wrap;
`;

const BannerActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

/** On phones the three tabs share one row instead of wrapping. */
const TabsRow = styled.div`
  ${media.mobile} {
    [role='tablist'] {
      flex-wrap: nowrap;
      gap: 0;
      overflow-x: auto;
    }
    [role='tab'] {
      flex: 1 1 auto;
      padding: 12px 8px;
      font-size: 0.88rem;
      white-space: nowrap;
    }
  }
`;

/** Each tab's panel; `page`: the page of its list the address asks for. */
const PANELS: Record<CommunityTab, (page: number) => React.ReactElement> = {
  prayer: (page) => <PrayerWall page={page} />,
  story: (page) => <StoriesPanel page={page} />,
  location: () => <LocationList />,
};

/**
 * /community: three tabs that switch in place (Prayer Wall by default), then
 * the news section. The tab is kept in `?tab=` so a link (or the way back
 * from the login page) opens the same one; a tab once opened stays mounted,
 * so switching back keeps what was typed.
 */
export function CommunityPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('tab');
  const active: CommunityTab = isTab(fromUrl) ? fromUrl : 'prayer';
  // `?page=` is a page of the open tab's list; another tab opens on its first.
  const page = pageParam(params.get('page'));
  // A link to one prayer or story (`?prayer=<id>`, `?story=<id>`) goes to the page of its list that holds it.
  useItemAddress('prayer', active === 'prayer');
  useItemAddress('story', active === 'story');
  usePageTitle(page > 1 && active !== 'location' ? `Community (page ${page})` : 'Community');
  const [opened, setOpened] = useState<CommunityTab[]>([active]);
  if (!opened.includes(active)) setOpened([...opened, active]);

  const select = (tab: CommunityTab) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (tab === 'prayer') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <>
      <PageBanner>
        <Container>
          <BannerRow>
            <div>
              <h1>Community</h1>
              <p>Pray with us, share what God has done, and find a church near you.</p>
            </div>
            <BannerActions>
              <ButtonLink to="/groups" $variant="light">
                Find a small group
              </ButtonLink>
              {isStaff(user?.role) && (
                <ButtonLink to="/admin/moderation" $variant="light">
                  Moderate posts
                </ButtonLink>
              )}
            </BannerActions>
          </BannerRow>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <TabsRow>
            <Tabs items={COMMUNITY_TABS} active={active} onChange={select} label="Community" idPrefix="community" />
          </TabsRow>
          <TabPanel idPrefix="community" active={active}>
            {COMMUNITY_TABS.filter((t) => opened.includes(t.key)).map((t) => (
              <div key={t.key} hidden={t.key !== active}>
                {PANELS[t.key](t.key === active ? page : 1)}
              </div>
            ))}
          </TabPanel>
        </Container>
      </Section>
      <CommunityNews />
    </>
  );
}
