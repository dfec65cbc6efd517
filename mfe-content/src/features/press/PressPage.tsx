import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { formatNewsDate } from '@ministry/shared/format';
import type { PressRelease } from '@ministry/shared/types';
import {
  Button,
  Container,
  media,
  Modal,
  PageBanner,
  PageLinks,
  pageParam,
  ResourceView,
  ResponsiveImage,
  Section,
  ShareButtons,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getPressRelease, getPressReleasesPage } from './api';

/** The three article layouts, cycling by position: wide, photo left, photo right. */
export const PRESS_LAYOUTS = ['wide', 'photo-left', 'photo-right'] as const;
export type PressLayout = (typeof PRESS_LAYOUTS)[number];
export const pressLayoutAt = (index: number): PressLayout => PRESS_LAYOUTS[index % PRESS_LAYOUTS.length];

const List = styled.div`
  display: grid;
  gap: 40px;
`;

const layouts: Record<PressLayout, ReturnType<typeof css>> = {
  wide: css`
    grid-template-columns: minmax(0, 1fr);
    img {
      aspect-ratio: 3 / 1;
    }
    > div {
      padding: 24px 28px 28px;
    }
  `,
  'photo-left': css`
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
    > div {
      padding: 28px 32px 28px 0;
    }
  `,
  'photo-right': css`
    grid-template-columns: minmax(0, 6fr) minmax(0, 5fr);
    img {
      order: 2;
    }
    > div {
      padding: 28px 0 28px 32px;
    }
  `,
};

const Release = styled.article<{ $layout: PressLayout }>`
  display: grid;
  gap: 32px;
  align-items: stretch;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  overflow: hidden;
  /* An uploaded photo's <picture> lets its image be the grid's item. */
  picture {
    display: contents;
  }
  ${(p) => layouts[p.$layout]}
  img {
    width: 100%;
    height: 100%;
    min-height: 220px;
    object-fit: cover;
    background: ${theme.colors.surface};
  }
  > div {
    align-self: center;
  }
  h2 {
    font-size: 1.5rem;
    color: ${theme.colors.primary};
    margin: 6px 0 12px;
    line-height: 1.3;
  }
  ${(p) =>
    p.$layout === 'wide' &&
    css`
      background: ${theme.colors.primary};
      color: #fff;
      border-color: ${theme.colors.primary};
      h2 {
        color: #fff;
        font-size: 1.8rem;
      }
      time {
        color: ${theme.colors.accent};
      }
    `}
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 0;
    img {
      order: 0;
      aspect-ratio: 16 / 9;
      height: auto;
      min-height: 0;
    }
    > div {
      padding: 18px 20px 22px;
    }
    h2 {
      font-size: 1.25rem;
    }
  }
`;

const Dateline = styled.time`
  display: block;
  font-weight: 600;
  font-size: 0.9rem;
  color: ${theme.colors.accentText};
`;

const Description = styled.p`
  margin: 0 0 18px;
  line-height: 1.75;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  line-clamp: 3;
  overflow: hidden;
`;

const Reading = styled.div`
  img {
    width: 100%;
    height: auto;
    border-radius: 8px;
    margin-bottom: 14px;
    background: ${theme.colors.surface};
  }
  p {
    line-height: 1.75;
    margin: 8px 0 20px;
    white-space: pre-line;
  }
`;

/** One press release in the list, in the layout of its position. */
export function PressArticle({ release, index, onOpen }: { release: PressRelease; index: number; onOpen: () => void }) {
  const layout = pressLayoutAt(index);
  const titleId = `press-${release._id}-title`;
  return (
    <Release $layout={layout} data-layout={layout} aria-labelledby={titleId}>
      <ResponsiveImage
        src={release.photo}
        sizes={
          layout === 'wide' ? '(max-width: 1200px) calc(100vw - 32px), 1152px' : '(max-width: 768px) calc(100vw - 32px), 530px'
        }
        alt=""
        loading={index < 2 ? 'eager' : 'lazy'}
        width={800}
        height={450}
      />
      <div>
        <Dateline dateTime={release.createdAt}>{formatNewsDate(release.createdAt)}</Dateline>
        <h2 id={titleId}>{release.title}</h2>
        <Description>{release.description}</Description>
        <Button
          type="button"
          $variant={layout === 'wide' ? 'light' : 'primary'}
          aria-haspopup="dialog"
          onClick={onOpen}
          aria-label={`Read More: ${release.title}`}
        >
          Read More
        </Button>
      </div>
    </Release>
  );
}

/** The address of page `n` of the press releases. */
export const pressPageHref = (n: number): string => (n > 1 ? `/press?page=${n}` : '/press');

/** The address that opens one press release (the home page's links and the share buttons use it). */
export const pressReleasePath = (id: string): string => `/press?release=${encodeURIComponent(id)}`;

/**
 * /press: the press releases, newest first, a page at a time (`?page=2`,
 * page links that are real addresses), in three layouts that alternate by
 * position; `?release=<id>` opens that release, however old.
 */
export function PressPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  usePageTitle(page > 1 ? `Press releases (page ${page})` : 'Press releases');
  const load = useCallback(() => getPressReleasesPage(page), [page]);
  const releases = useResource(load, `press-releases:${page}`);
  const [reading, setReading] = useState<PressRelease | null>(null);
  // The open release is in the address (/press?release={id}): opening one sets it, so it can be shared,
  // reloaded or closed with Back; a link from the home page or elsewhere opens it, from the list when it is
  // on this page, else read by its id.
  const wanted = params.get('release');
  useEffect(() => {
    if (!wanted) return setReading(null);
    if (!releases.data || reading?._id === wanted) return;
    const release = releases.data.data.find((r) => r._id === wanted);
    if (release) return setReading(release);
    let live = true;
    getPressRelease(wanted).then(
      (found) => live && setReading(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, releases.data, reading?._id]);
  const withoutRelease = (): Record<string, string> => (page > 1 ? { page: String(page) } : {});
  const open = (release: PressRelease) => {
    setReading(release);
    setParams({ ...withoutRelease(), release: release._id });
  };
  const close = () => {
    setReading(null);
    if (wanted) setParams(withoutRelease(), { replace: true });
  };
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Press releases</h1>
          <p>Official announcements and statements from {siteIdentity.ministryName}.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <ResourceView
            resource={releases}
            what="the press releases"
            empty="There are no press releases yet."
            isEmpty={({ paging }) => paging.total === 0}
            loadingRows={3}
          >
            {({ data, paging }) => (
              <>
                {data.length === 0 ? (
                  <p>
                    There is no page {page}; the last is <Link to={pressPageHref(paging.pages)}>page {paging.pages}</Link>.
                  </p>
                ) : (
                  <List>
                    {data.map((r, i) => (
                      <PressArticle key={r._id} release={r} index={i} onOpen={() => open(r)} />
                    ))}
                  </List>
                )}
                <PageLinks page={page} pages={paging.pages} hrefFor={pressPageHref} label="Pages of press releases" />
              </>
            )}
          </ResourceView>
        </Container>
      </Section>
      <Modal open={reading !== null} title={reading?.title ?? ''} onClose={close}>
        {reading && (
          <Reading>
            <ResponsiveImage
              src={reading.photo}
              sizes="(max-width: 520px) calc(100vw - 80px), 432px"
              alt=""
              width={800}
              height={450}
            />
            <Dateline dateTime={reading.createdAt}>{formatNewsDate(reading.createdAt)}</Dateline>
            <p>{reading.description}</p>
            <ShareButtons
              url={pressReleasePath(reading._id)}
              title={`${reading.title} — ${siteIdentity.ministryName}`}
              heading="Share this press release"
            />
            <Button type="button" $variant="outline" onClick={close} style={{ marginTop: 20 }}>
              Close
            </Button>
          </Reading>
        )}
      </Modal>
    </>
  );
}
