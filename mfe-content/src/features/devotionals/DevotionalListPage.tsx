import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { DevotionalTag } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  Container,
  Grid,
  Input,
  PageBanner,
  PageLinks,
  pageParam,
  ResourceView,
  Section,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { DevotionalCard } from './DevotionalCard';
import { tagPath } from './devotionalLinks';
import { getDevotionalsPage, getPublishedDevotionalTags } from './api';

/** How many of the newest /daily-devotion shows (three rows of three). */
const FIRST_PAGE = 9;
/** How many tags the tag bar offers, the most used first. */
const TAGS_SHOWN = 16;

const TagBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 24px;
  span {
    font-weight: 600;
    color: ${theme.colors.primary};
    margin-right: 4px;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: 4px 14px;
    border-radius: 999px;
    border: 1px solid ${theme.colors.border};
    color: ${theme.colors.primary};
    text-decoration: none;
    font-size: 0.9rem;
    font-weight: 500;
  }
  a:hover {
    background: ${theme.colors.surface};
  }
  a[aria-current='page'] {
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    color: #fff;
  }
`;

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 24px;
  label {
    flex-basis: 100%;
    font-weight: 600;
  }
  input {
    flex: 1 1 200px;
    min-width: 0;
  }
`;

const Found = styled.p`
  margin: 0 0 20px;
  color: ${theme.colors.muted};
`;

const Footer = styled.p`
  text-align: center;
  margin: 32px 0 0;
  display: flex;
  justify-content: center;
  gap: 12px;
  flex-wrap: wrap;
`;

/** The tags in use, the most used first, as links to their lists. */
function Tags({ current }: { current?: string }) {
  const tags = useResource(getPublishedDevotionalTags, 'devotional-tags');
  const list: DevotionalTag[] = (tags.data ?? []).slice(0, TAGS_SHOWN);
  if (list.length < 2) return null;
  return (
    <TagBar aria-label="Devotionals by tag">
      <span>Browse by tag:</span>
      {list.map(({ tag }) => (
        <Link key={tag} to={tagPath(tag)} aria-current={tag.toLowerCase() === current?.toLowerCase() ? 'page' : undefined}>
          {tag}
        </Link>
      ))}
    </TagBar>
  );
}

/** Searches the titles: a GET form, so it works before the page's script has loaded too. */
function TitleSearch({ q }: { q: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    navigate(words ? `/daily-devotion/all?q=${encodeURIComponent(words)}` : '/daily-devotion/all');
  };
  return (
    <SearchForm role="search" action="/daily-devotion/all" method="get" onSubmit={submit}>
      <label htmlFor="devotional-search">Search the devotionals by title</label>
      <Input
        id="devotional-search"
        name="q"
        type="search"
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit">Search</Button>
    </SearchForm>
  );
}

/** The address of page `n` of a list, keeping its search. */
const pageHref = (base: string, q: string) => (n: number) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (n > 1) params.set('page', String(n));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
};

/**
 * The devotional lists: /daily-devotion (the latest, always with View All),
 * /daily-devotion/all ('All devotionals': every one, a page at a time, and a
 * search by title) and the tag pages /daily-devotion/tag/:tag and
 * /devotional-detail/tag/:tag ('Devotionals by tag: {tag}'). Pages are real
 * addresses (?page=2, ?q=grace), rendered on the server like the first.
 */
export function DevotionalListPage({ variant = 'latest' }: { variant?: 'latest' | 'all' | 'tag' }) {
  const { tag = '' } = useParams();
  const [params] = useSearchParams();
  const page = variant === 'latest' ? 1 : pageParam(params.get('page'));
  const q = variant === 'all' ? (params.get('q') ?? '').trim().slice(0, 100) : '';
  const load = useCallback(
    () => getDevotionalsPage({ page, q, tag: variant === 'tag' ? tag : undefined }),
    [variant, page, q, tag],
  );
  const devotionals = useResource(load, variant === 'tag' ? `devotionals:tag:${tag}:${page}` : `devotionals:q:${q}:${page}`);

  const heading = variant === 'all' ? 'All devotionals' : variant === 'tag' ? `Devotionals by tag: ${tag}` : 'Daily Devotion';
  const title = variant === 'tag' ? `Devotionals about ${tag}` : q ? `Devotionals: “${q}”` : heading;
  usePageTitle(page > 1 ? `${title} (page ${page})` : title);
  const base = variant === 'tag' ? tagPath(tag) : '/daily-devotion/all';

  return (
    <>
      <PageBanner>
        <Container>
          <h1>{heading}</h1>
          <p>
            {variant === 'tag'
              ? `Every devotional we have published about ${tag}, newest first.`
              : 'A word for every day: scripture, reflection and prayer.'}
          </p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          {variant !== 'tag' && <Tags />}
          {variant === 'all' && <TitleSearch key={q} q={q} />}
          <ResourceView
            resource={devotionals}
            what="the devotionals"
            empty={
              variant === 'tag'
                ? `There are no devotionals about ${tag} yet.`
                : q
                  ? `No devotional title has “${q}” in it.`
                  : 'No devotionals have been published yet.'
            }
            isEmpty={({ paging }) => paging.total === 0}
            loadingRows={3}
          >
            {({ data, paging }) => (
              <>
                {q && (
                  <Found role="status">
                    {paging.total === 1 ? 'One devotional has' : `${paging.total} devotionals have`} “{q}” in the title.
                  </Found>
                )}
                {data.length === 0 ? (
                  <p>
                    There is no page {page}; the last is <Link to={pageHref(base, q)(paging.pages)}>page {paging.pages}</Link>.
                  </p>
                ) : (
                  <Grid>
                    {(variant === 'latest' ? data.slice(0, FIRST_PAGE) : data).map((d, index) => (
                      <DevotionalCard key={d._id} devotional={d} headingLevel={2} eager={index < 2} />
                    ))}
                  </Grid>
                )}
                {variant !== 'latest' && (
                  <PageLinks page={page} pages={paging.pages} hrefFor={pageHref(base, q)} label="Pages of devotionals" />
                )}
                {variant === 'latest' && (
                  <Footer>
                    <ButtonLink to="/daily-devotion/all">View All</ButtonLink>
                  </Footer>
                )}
              </>
            )}
          </ResourceView>
          {variant === 'tag' && (
            <Footer>
              <ButtonLink to="/daily-devotion/all" $variant="outline">
                All devotionals
              </ButtonLink>
            </Footer>
          )}
        </Container>
      </Section>
    </>
  );
}
