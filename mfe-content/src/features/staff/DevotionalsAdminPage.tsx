import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ContentState, StaffDevotional } from '@ministry/shared/types';
import { ButtonLink, ResourceView, SelectField, StaffPage, StaffTable, TextField } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { devotionalPath } from '../devotionals/devotionalLinks';
import { FilterBar, formatDay, ListMore, OnTheSite, StateBadge, StateFilter } from './common';
import { useListFilter, usePagedList, useSearchText } from './listing';
import { getDevotionalTags, listStaffDevotionals } from './api';

/** /admin/devotionals: every devotional, drafts and scheduled ones included, searched by title and tag. */
export default function DevotionalsAdminPage() {
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const state = (params.get('state') ?? '') as '' | ContentState;
  const q = params.get('q') ?? '';
  const [text, setText] = useSearchText(params, setParams);
  const tags = useResource(getDevotionalTags);
  const load = useCallback(
    (offset: number) => listStaffDevotionals({ q, tag, state: state || undefined, offset }),
    [q, tag, state],
  );
  const list = usePagedList<StaffDevotional>(load);
  const filtered = Boolean(q || tag || state);

  const setFilter = useListFilter(params, setParams);

  return (
    <StaffPage
      title="Devotionals"
      intro="Write, schedule and publish the daily devotionals. A devotional dated ahead goes out on its day, without anyone acting."
      actions={<ButtonLink to="/admin/devotionals/new">New devotional</ButtonLink>}
    >
      <FilterBar role="search" aria-label="Find devotionals" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search by title" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
        <SelectField label="Tag" value={tag} onChange={(e) => setFilter('tag', e.target.value)}>
          <option value="">Every tag</option>
          {(tags.data ?? []).map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.count})
            </option>
          ))}
        </SelectField>
        <StateFilter value={state} onChange={(value) => setFilter('state', value)} />
      </FilterBar>
      <ResourceView
        resource={list.first}
        what="the devotionals"
        empty={filtered ? 'No devotional matches these filters.' : 'No devotionals yet. Write the first one.'}
        isEmpty={(page) => page.items.length === 0}
        loadingRows={2}
      >
        {(page) => (
          <>
            <StaffTable label="Devotionals, the latest date first">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Title</th>
                  <th scope="col">Tags</th>
                  <th scope="col">State</th>
                  <th scope="col">On the site</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((d) => (
                  <tr key={d._id}>
                    <td style={{ whiteSpace: 'nowrap' }}>{formatDay(d.date)}</td>
                    <td>
                      <Link to={`/admin/devotionals/${d._id}`}>{d.title}</Link>
                    </td>
                    <td>{d.tags.join(', ')}</td>
                    <td>
                      <StateBadge state={d.state} publishAt={d.publishAt} />
                    </td>
                    <td>
                      <OnTheSite published={d.state === 'published'} title={d.title} to={devotionalPath(d)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
            <ListMore
              shown={list.items.length}
              total={page.total}
              noun={page.total === 1 ? 'devotional' : 'devotionals'}
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
