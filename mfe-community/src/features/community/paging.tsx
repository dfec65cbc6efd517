import { useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { PageOf } from '@ministry/shared/types';
import { notify, theme } from '@ministry/shared/ui';
import { getPrayerPageNumber, getStoryPageNumber } from './api';

/** The tabs whose lists come a page at a time. */
export type PagedTab = 'prayer' | 'story';

/** The address of page `n` of a tab's list: `/community?page=3`, `/community?tab=story&page=2`. */
export const communityPageHref =
  (tab: PagedTab) =>
  (n: number): string => {
    const params = new URLSearchParams();
    if (tab !== 'prayer') params.set('tab', tab);
    if (n > 1) params.set('page', String(n));
    const query = params.toString();
    return query ? `/community?${query}` : '/community';
  };

/** A change to the items of a loaded page (a like, a new post, a report), keeping its paging. */
export const onItems =
  <T,>(change: (items: T[]) => T[]) =>
  (current: PageOf<T> | undefined): PageOf<T> => {
    const items = current?.data ?? [];
    const data = change(items);
    const paging = current?.paging ?? { page: 1, pageSize: data.length, total: data.length, pages: 1 };
    return { data, paging: { ...paging, total: Math.max(0, paging.total + data.length - items.length) } };
  };

/** When the visitor moves to another page of a list, brings its heading into view (not on the first render). */
export function useScrollToListOnPageChange(page: number): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);
  return heading;
}

/** What a page past the last says: where the last one is. */
export function PastTheLast({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (n: number) => string }) {
  return (
    <p>
      There is no page {page}; the last is <Link to={hrefFor(pages)}>page {pages}</Link>.
    </p>
  );
}

/** "· page 3" beside a list's heading. */
export const PageNote = styled.span`
  font-weight: 400;
  font-size: 1rem;
  color: ${theme.colors.muted};
`;

/**
 * The address of one prayer or story, wherever it is in its list:
 * `/community?prayer=<id>`, `/community?tab=story&story=<id>`. The page
 * finds which page of the list holds it and goes there (`useItemAddress`).
 */
export const communityItemHref = (tab: PagedTab, id: string): string =>
  tab === 'prayer' ? `/community?prayer=${encodeURIComponent(id)}` : `/community?tab=story&story=${encodeURIComponent(id)}`;

const findPage: Record<PagedTab, (id: string) => Promise<number>> = { prayer: getPrayerPageNumber, story: getStoryPageNumber };
const NAMES: Record<PagedTab, string> = { prayer: 'prayer', story: 'story' };

/** Follows an item's address (`communityItemHref`) to the page of its list that holds it, and to the item there. */
export function useItemAddress(tab: PagedTab, open: boolean): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Only on the item's own tab: `?tab=story&prayer=<id>` is the story form for an answered prayer.
  const id = open ? params.get(tab) : null;
  useEffect(() => {
    if (!id) return;
    let current = true;
    findPage[tab](id).then(
      (page) => current && navigate(`${communityPageHref(tab)(page)}#${tab}-${encodeURIComponent(id)}`, { replace: true }),
      () => {
        if (!current) return;
        notify.warning(`That ${NAMES[tab]} is not on the page any more.`);
        navigate(communityPageHref(tab)(1), { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [tab, id, navigate]);
}

/** Brings the item named in the address (`#<tab>-<id>`) into view once its list is loaded. */
export function useScrollToItem(tab: PagedTab, loaded: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash.startsWith(`#${tab}-`)) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!card) return;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [tab, loaded, hash]);
}
