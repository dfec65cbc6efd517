import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, serverMessage } from '@ministry/shared/api';
import type { SermonQuery, SermonSummary } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  Container,
  ErrorState,
  Grid,
  Input,
  media,
  PageBanner,
  PageLinks,
  pageParam,
  ResourceView,
  ResponsiveImage,
  Section,
  SectionTitle,
  Select,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource, useSiteOrigin } from '@ministry/shared/app';
import { Passages, SermonCard, SeriesCard, SubscribeBox } from './SermonCard';
import { formatLength, formatSermonDate, sermonImage, sermonPath, spokenLength } from './sermonLinks';
import { getSermonFilters, getSermons, getSermonSeries } from './api';

const Top = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: 32px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Latest = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
  gap: 24px;
  align-items: start;
  picture,
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${theme.radius};
    background: ${theme.colors.surface};
  }
  > div {
    display: grid;
    gap: 8px;
  }
  h3 {
    margin: 0;
    font-size: 1.6rem;
    line-height: 1.25;
  }
  h3 a {
    color: ${theme.colors.primary};
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  p {
    margin: 0;
  }
  audio {
    width: 100%;
    margin-top: 6px;
  }
  @media (max-width: 1100px) and (min-width: 769px), (max-width: 600px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Kicker = styled.p`
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-size: 0.8rem;
  font-weight: 700;
  color: ${theme.colors.accentText};
`;

const Muted = styled.p`
  color: ${theme.colors.muted};
`;

const Tinted = styled(Section)`
  background: ${theme.colors.surface};
`;

const SearchForm = styled.form`
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: 12px 16px;
  align-items: end;
  margin-bottom: 28px;
  label {
    display: grid;
    gap: 6px;
    font-weight: 600;
    font-size: 0.92rem;
  }
  .words,
  .passage {
    grid-column: span 3;
  }
  .choice {
    grid-column: span 2;
  }
  .buttons {
    grid-column: span 2;
    display: flex;
    gap: 12px;
    align-items: center;
    flex-wrap: wrap;
  }
  input,
  select {
    width: 100%;
    min-width: 0;
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    .words,
    .passage,
    .choice,
    .buttons {
      grid-column: auto;
    }
  }
`;

const Problem = styled.p`
  color: ${theme.colors.danger};
  font-weight: 600;
`;

const Found = styled.p`
  margin: 0 0 20px;
  color: ${theme.colors.muted};
`;

/** The list's filters as the address holds them (?q=&passage=&series=&speaker=&book=&year=&page=). */
function readQuery(params: URLSearchParams): Required<Pick<SermonQuery, 'q' | 'passage' | 'series' | 'speaker' | 'book'>> & {
  year?: number;
  page: number;
} {
  const text = (name: string, max: number) => (params.get(name) ?? '').trim().slice(0, max);
  const year = Number(params.get('year'));
  return {
    q: text('q', 100),
    passage: text('passage', 100),
    series: text('series', 128),
    speaker: text('speaker', 40),
    book: text('book', 40),
    year: Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : undefined,
    page: pageParam(params.get('page')),
  };
}

/** The address of a list with these filters (and page). */
function listHref(query: Partial<ReturnType<typeof readQuery>>): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'passage', 'series', 'speaker', 'book', 'year'] as const) {
    const value = query[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/sermons?${text}` : '/sermons';
}

/** The newest sermon with its player (the browser's own: nothing to load before it plays). */
function LatestSermon({ sermon }: { sermon: SermonSummary }) {
  const length = formatLength(sermon.audio?.seconds);
  return (
    <Latest aria-labelledby="latest-sermon-title">
      <ResponsiveImage
        src={sermonImage(sermon)}
        alt=""
        sizes="(max-width: 900px) calc(100vw - 32px), 360px"
        width={640}
        height={360}
        preload
      />
      <div>
        <Kicker>Latest sermon</Kicker>
        <h3 id="latest-sermon-title">
          <Link to={sermonPath(sermon)}>{sermon.title}</Link>
        </h3>
        <Muted>
          {sermon.speaker.name} · <time dateTime={sermon.date}>{formatSermonDate(sermon.date)}</time>
          {length && (
            <>
              {' · '}
              <span aria-label={spokenLength(sermon.audio?.seconds)}>{length}</span>
            </>
          )}
        </Muted>
        {sermon.passages.length > 0 && <Passages>{sermon.passages.map((p) => p.reference).join('; ')}</Passages>}
        {sermon.summary && <p>{sermon.summary}</p>}
        {sermon.audio && <audio controls preload="none" src={sermon.audio.src} aria-label={`Listen: ${sermon.title}`} />}
        <p>
          <Link to={sermonPath(sermon)}>
            Notes{sermon.hasTranscript ? ', transcript' : ''}
            {sermon.hasVideo ? ' and video' : ' and download'}
            <span className="visually-hidden"> of {sermon.title}</span>
          </Link>
        </p>
      </div>
    </Latest>
  );
}

/** Words, a passage, a series, a speaker, a book, a year: a GET form, so it works before the script has loaded too. */
function SermonSearch({ query }: { query: ReturnType<typeof readQuery> }) {
  const navigate = useNavigate();
  const filters = useResource(getSermonFilters, 'sermon-filters').data;
  const [values, setValues] = useState(query);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: name === 'year' ? Number(event.target.value) || undefined : event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(listHref({ ...values, page: 1 }));
  };
  const filtered = Boolean(query.q || query.passage || query.series || query.speaker || query.book || query.year);
  return (
    <SearchForm role="search" aria-label="Find sermons" action="/sermons" method="get" onSubmit={submit}>
      <label className="words">
        Words
        <Input
          name="q"
          type="search"
          maxLength={100}
          value={values.q}
          onChange={set('q')}
          placeholder="grace, the prodigal son…"
        />
      </label>
      <label className="passage">
        Bible passage
        <Input
          name="passage"
          maxLength={100}
          value={values.passage}
          onChange={set('passage')}
          placeholder="John 3, 1 Cor 13:4-7…"
        />
      </label>
      <label className="choice">
        Series
        <Select name="series" value={values.series} onChange={set('series')}>
          <option value="">Every series</option>
          {(filters?.series ?? []).map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.title} ({s.count})
            </option>
          ))}
        </Select>
      </label>
      <label className="choice">
        Speaker
        <Select name="speaker" value={values.speaker} onChange={set('speaker')}>
          <option value="">Every speaker</option>
          {(filters?.speakers ?? []).map((s) => (
            <option key={s._id} value={s._id}>
              {s.name} ({s.count})
            </option>
          ))}
        </Select>
      </label>
      <label className="choice">
        Book of the Bible
        <Select name="book" value={values.book} onChange={set('book')}>
          <option value="">Every book</option>
          {(filters?.books ?? []).map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.name} ({b.count})
            </option>
          ))}
        </Select>
      </label>
      <label className="choice">
        Year
        <Select name="year" value={values.year ?? ''} onChange={set('year')}>
          <option value="">Every year</option>
          {(filters?.years ?? []).map((y) => (
            <option key={y.year} value={y.year}>
              {y.year} ({y.count})
            </option>
          ))}
        </Select>
      </label>
      <div className="buttons">
        <Button type="submit">Find sermons</Button>
        {filtered && <Link to="/sermons#all-sermons">Clear</Link>}
      </div>
    </SearchForm>
  );
}

/** The latest sermon and the Subscribe box (the first page only). */
function LatestSection() {
  const latest = useResource(
    useCallback(() => getSermons({ limit: 1 }), []),
    'sermons:latest',
  );
  const origin = useSiteOrigin();
  return (
    <Section aria-labelledby="sermons-latest">
      <Container>
        <SectionTitle id="sermons-latest" className="visually-hidden">
          The latest sermon
        </SectionTitle>
        <Top>
          <ResourceView
            resource={latest}
            what="the latest sermon"
            empty="No sermons have been published yet."
            isEmpty={(answer) => answer.data.length === 0}
          >
            {(answer) => <LatestSermon sermon={answer.data[0]!} />}
          </ResourceView>
          <SubscribeBox origin={origin} />
        </Top>
      </Container>
    </Section>
  );
}

function SeriesSection() {
  const series = useResource(getSermonSeries, 'sermon-series');
  return (
    <Tinted aria-labelledby="sermons-series">
      <Container>
        <SectionTitle id="sermons-series">Series</SectionTitle>
        <ResourceView resource={series} what="the series" empty="No series yet." loadingRows={1}>
          {(list) => (
            <Grid>
              {list.map((s) => (
                <SeriesCard key={s._id} series={s} />
              ))}
            </Grid>
          )}
        </ResourceView>
      </Container>
    </Tinted>
  );
}

/** The list itself, a page at a time, with what the search found. */
function SermonList({ query, filtered }: { query: ReturnType<typeof readQuery>; filtered: boolean }) {
  const key = `sermons:${listHref(query)}`;
  const { page, ...wanted } = query;
  const load = useCallback(() => getSermons({ ...wanted, page }), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const sermons = useResource(load, key);
  const badSearch = sermons.error && errorStatus(sermons.error) === 400 ? serverMessage(sermons.error) : null;
  if (badSearch) return <Problem role="alert">{badSearch}</Problem>;
  if (sermons.error) return <ErrorState error={sermons.error} onRetry={sermons.reload} what="the sermons" />;
  return (
    <ResourceView
      resource={sermons}
      what="the sermons"
      empty={
        filtered ? 'No sermon matches this search. Try fewer words, or another passage.' : 'No sermons have been published yet.'
      }
      isEmpty={(answer) => answer.paging.total === 0}
      loadingRows={2}
    >
      {({ data, paging }) => (
        <>
          {filtered && <Found role="status">{paging.total === 1 ? 'One sermon found.' : `${paging.total} sermons found.`}</Found>}
          {data.length === 0 ? (
            <p>
              There is no page {page}; the last is{' '}
              <Link to={listHref({ ...query, page: paging.pages })}>page {paging.pages}</Link>.
            </p>
          ) : (
            <Grid>
              {data.map((s) => (
                <SermonCard key={s._id} sermon={s} headingLevel={3} />
              ))}
            </Grid>
          )}
          <PageLinks page={page} pages={paging.pages} hrefFor={(n) => listHref({ ...query, page: n })} label="Pages of sermons" />
        </>
      )}
    </ResourceView>
  );
}

/**
 * /sermons: the latest sermon with its player and the podcast's Subscribe
 * box, the series, and every sermon a page at a time, found by words
 * (titles, summaries, notes, transcripts), a Bible passage, a series, a
 * speaker, a book or a year. Every search is an address (?passage=John+3),
 * rendered on the server like the first page. Each part loads its own data,
 * side by side (the server renders them in one go).
 */
export function SermonsPage() {
  const [params] = useSearchParams();
  const query = readQuery(params);
  const filtered = Boolean(query.q || query.passage || query.series || query.speaker || query.book || query.year);
  usePageTitle(filtered ? 'Sermons found' : query.page > 1 ? `Sermons (page ${query.page})` : 'Sermons');
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Sermons</h1>
          <p>
            Listen, watch and read the Word preached at our churches, find a sermon by its passage or its words, and subscribe to
            the podcast.
          </p>
        </Container>
      </PageBanner>
      {!filtered && query.page === 1 && <LatestSection />}
      {!filtered && query.page === 1 && <SeriesSection />}
      <Section aria-labelledby="all-sermons">
        <Container>
          <SectionTitle id="all-sermons">{filtered ? 'Sermons found' : 'All sermons'}</SectionTitle>
          <SermonSearch key={listHref(query)} query={query} />
          <SermonList query={query} filtered={filtered} />
          {filtered && (
            <p style={{ marginTop: 32 }}>
              <ButtonLink to="/sermons" $variant="outline">
                All sermons
              </ButtonLink>
            </p>
          )}
        </Container>
      </Section>
    </>
  );
}
