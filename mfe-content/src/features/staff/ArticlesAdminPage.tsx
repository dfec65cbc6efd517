import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { listStaffArticles } from '@ministry/shared/api';
import type { ArticleKind, ContentState, StaffArticle } from '@ministry/shared/types';
import { Button, ButtonLink, ResourceView, SelectField, StaffPage, StaffTable, TextField } from '@ministry/shared/ui';
import { ARTICLE_TEXT } from './articleKinds';
import { FilterBar, formatDay, ListFoot, STATE_FILTERS, StateBadge } from './common';
import { usePagedList, useSearchText } from './listing';

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

  const setState = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('state', value);
    else next.delete('state');
    setParams(next, { replace: true });
  };

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
        <SelectField label="State" value={state} onChange={(e) => setState(e.target.value)}>
          {STATE_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
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
                      {a.state === 'published' ? (
                        <Link to={text.publicPath(a._id)}>
                          View<span className="visually-hidden"> {a.title} on the site</span>
                        </Link>
                      ) : (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="visually-hidden">Not on the site</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
            <ListFoot>
              <span role="status">
                {list.items.length} of {page.total}
              </span>
              {list.next !== null && (
                <Button type="button" $variant="outline" disabled={list.loadingMore} onClick={() => void list.showMore()}>
                  {list.loadingMore ? 'Loading…' : 'Show more'}
                </Button>
              )}
            </ListFoot>
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
