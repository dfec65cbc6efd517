import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ContentState, StaffSermon } from '@ministry/shared/types';
import { ButtonLink, ResourceView, SelectField, StaffPage, StaffTable, TextField } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { sermonPath } from '../sermons/sermonLinks';
import { FilterBar, formatDay, ListMore, OnTheSite, StateBadge, StateFilter } from './common';
import { useListFilter, usePagedList, useSearchText } from './listing';
import { listStaffSeries, listStaffSermons, listStaffSpeakers } from './api';

/** What a sermon has: audio, video, transcript, as a short line. */
function mediaLine(s: StaffSermon): string {
  const parts = [s.audio && 'audio', (s.video || s.videoUrl) && 'video', s.transcript && 'transcript'].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none yet';
}

/** /admin/sermons: every sermon, drafts and scheduled ones included, searched by title, narrowed by state, series and speaker. */
export default function SermonsAdminPage() {
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') ?? '') as '' | ContentState;
  const series = params.get('series') ?? '';
  const speaker = params.get('speaker') ?? '';
  const q = params.get('q') ?? '';
  const [text, setText] = useSearchText(params, setParams);
  const seriesList = useResource(listStaffSeries);
  const speakers = useResource(listStaffSpeakers);
  const load = useCallback(
    (offset: number) =>
      listStaffSermons({ q, state: state || undefined, series: series || undefined, speaker: speaker || undefined, offset }),
    [q, state, series, speaker],
  );
  const list = usePagedList<StaffSermon>(load);
  const filtered = Boolean(q || state || series || speaker);
  const setFilter = useListFilter(params, setParams);

  return (
    <StaffPage
      title="Sermons"
      intro="Publish the preaching: each sermon with its recording, passages and notes. Published, a sermon is on the site, the home page and the podcast at once."
      actions={
        <>
          <ButtonLink to="/admin/sermons/new">New sermon</ButtonLink>
          <ButtonLink to="/admin/sermons/series" $variant="outline">
            Series
          </ButtonLink>
          <ButtonLink to="/admin/sermons/speakers" $variant="outline">
            Speakers
          </ButtonLink>
        </>
      }
    >
      <FilterBar role="search" aria-label="Find sermons" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search by title" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
        <SelectField label="Series" value={series} onChange={(e) => setFilter('series', e.target.value)}>
          <option value="">Every series</option>
          {(seriesList.data ?? []).map((s) => (
            <option key={s._id} value={s._id}>
              {s.title} ({s.allSermons})
            </option>
          ))}
        </SelectField>
        <SelectField label="Speaker" value={speaker} onChange={(e) => setFilter('speaker', e.target.value)}>
          <option value="">Every speaker</option>
          {(speakers.data ?? []).map((s) => (
            <option key={s._id} value={s._id}>
              {s.name} ({s.sermons})
            </option>
          ))}
        </SelectField>
        <StateFilter value={state} onChange={(value) => setFilter('state', value)} />
      </FilterBar>
      <ResourceView
        resource={list.first}
        what="the sermons"
        empty={filtered ? 'No sermon matches these filters.' : 'No sermons yet. Publish the first one.'}
        isEmpty={(page) => page.items.length === 0}
        loadingRows={2}
      >
        {(page) => (
          <>
            <StaffTable label="Sermons, the latest preached first">
              <thead>
                <tr>
                  <th scope="col">Preached</th>
                  <th scope="col">Title</th>
                  <th scope="col">Speaker</th>
                  <th scope="col">Series</th>
                  <th scope="col">Media</th>
                  <th scope="col">State</th>
                  <th scope="col">On the site</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((s) => (
                  <tr key={s._id}>
                    <td style={{ whiteSpace: 'nowrap' }}>{formatDay(s.date)}</td>
                    <td>
                      <Link to={`/admin/sermons/${s._id}`}>{s.title}</Link>
                    </td>
                    <td>{s.speaker.name}</td>
                    <td>{s.series?.title ?? '—'}</td>
                    <td>{mediaLine(s)}</td>
                    <td>
                      <StateBadge state={s.state} publishAt={s.publishAt} />
                    </td>
                    <td>
                      <OnTheSite published={s.state === 'published'} title={s.title} to={sermonPath(s)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
            <ListMore
              shown={list.items.length}
              total={page.total}
              noun={page.total === 1 ? 'sermon' : 'sermons'}
              more={list.next !== null}
              loading={list.loadingMore}
              onMore={() => void list.showMore()}
            />
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
