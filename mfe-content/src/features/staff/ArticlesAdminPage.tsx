import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ArticleKind, ContentState, StaffArticle } from '@ministry/shared/types';
import { ButtonLink, ResourceView, StaffPage, StaffTable, TextField } from '@ministry/shared/ui';
import { ARTICLE_TEXT } from './articleKinds';
import { FilterBar, formatDay, ListMore, OnTheSite, StateBadge, StateFilter } from './common';
import { useListFilter, usePagedList, useSearchText } from './listing';
import { listStaffArticles } from './api';

/** /admin/news and /admin/press: every item of the kind, drafts and scheduled ones included, searched by title. */
export default function ArticlesAdminPage({ kind }: { kind: ArticleKind }) {
  const text = ARTICLE_TEXT[kind];
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') ?? '') as '' | ContentState;
  const q = params.get('q') ?? '';
  const [search, setSearch] = useSearchText(params, setParams);
  const load = useCallback(
    (offset: number) => listStaffArticles(kind, { q, state: state || undefined, offset }),
    [kind, q, state],
  );
  const list = usePagedList<StaffArticle>(load);

  const setFilter = useListFilter(params, setParams);

  return (
    <StaffPage title={text.title} intro={text.intro} actions={<ButtonLink to={`${text.base}/new`}>{text.newTitle}</ButtonLink>}>
      <FilterBar role="search" aria-label={`Find ${text.title.toLowerCase()}`} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search by title"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={100}
        />
        <StateFilter value={state} onChange={(value) => setFilter('state', value)} />
      </FilterBar>
      <ResourceView
        resource={list.first}
        what={`the ${text.title.toLowerCase()}`}
        empty={q || state ? `No ${text.one} matches these filters.` : `Nothing here yet. Write the first ${text.one}.`}
        isEmpty={(page) => page.items.length === 0}
        loadingRows={2}
      >
        {(page) => (
          <>
            <StaffTable label={`${text.title}, the latest date first`}>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Title</th>
                  <th scope="col">State</th>
                  <th scope="col">On the site</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((a) => (
                  <tr key={a._id}>
                    <td style={{ whiteSpace: 'nowrap' }}>{formatDay(a.date)}</td>
                    <td>
                      <Link to={`${text.base}/${a._id}`}>{a.title}</Link>
                    </td>
                    <td>
                      <StateBadge state={a.state} publishAt={a.publishAt} />
                    </td>
                    <td>
                      <OnTheSite published={a.state === 'published'} title={a.title} to={text.publicPath(a._id)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
            <ListMore
              shown={list.items.length}
              total={page.total}
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
