import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { friendlyError } from '@ministry/shared/api';
import { inSiteTimeZone } from '@ministry/shared/format';
import { Button, notify, ResourceView, StaffPage, StaffTable } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { Pager } from '../members/Pager';
import { SearchForm } from '../members/SearchForm';
import { downloadSubscribers, getSubscribers } from './api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Hands the browser a file to save. */
function save(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /admin/subscribers (admins): the newsletter's subscribers, found by address, counted, and downloaded as a spreadsheet file. */
export function SubscribersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const subscribers = useResource(() => getSubscribers({ q, page }), `staff-subscribers:${page}:${q}`);
  const [downloading, setDownloading] = useState(false);
  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const query = next.q ?? q;
    if (query) search.set('q', query);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const download = async () => {
    setDownloading(true);
    try {
      const { file, name } = await downloadSubscribers(q);
      save(file, name);
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <StaffPage
      title="Newsletter subscribers"
      intro="Everyone who asked for the newsletter with the form at the foot of every page, newest first."
      actions={
        <Button type="button" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Preparing…' : q ? 'Download these (CSV)' : 'Download all (CSV)'}
        </Button>
      }
    >
      <SearchForm label="Find an address" value={q} maxLength={254} onSearch={(text) => go({ q: text, page: 1 })} />
      <ResourceView
        resource={subscribers}
        what="the subscribers"
        empty={q ? `No address matches “${q}”.` : 'Nobody has subscribed yet.'}
        isEmpty={(d) => d.total === 0}
        loadingRows={2}
      >
        {(data) => (
          <>
            <p role="status">
              {q
                ? `${plural(data.total, 'subscriber matches', 'subscribers match')} “${q}”, of ${data.all}.`
                : `${plural(data.all, 'subscriber', 'subscribers')}.`}
            </p>
            <StaffTable label="Newsletter subscribers">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Subscribed</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((s) => (
                  <tr key={s.email}>
                    <td style={{ overflowWrap: 'anywhere' }}>{s.email}</td>
                    <td>
                      <time dateTime={s.since}>{inSiteTimeZone(s.since).format('D MMM YYYY, HH:mm')}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
            <Pager
              label="Pages of subscribers"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(next) => go({ page: next })}
            />
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
