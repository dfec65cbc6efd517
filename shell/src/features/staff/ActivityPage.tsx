import { useState } from 'react';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { ActivityItem } from '@ministry/shared/types';
import { Button, ResourceView, StaffPage, StaffTable } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getActivity } from './api';

/** /admin/activity (admins): every change made on a staff page, newest first. */
export function ActivityPage() {
  const first = useResource(() => getActivity(), 'staff-activity');
  const [more, setMore] = useState<{ items: ActivityItem[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const next = more ? more.next : (first.data?.next ?? null);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const page = await getActivity(next);
      setMore((m) => ({ items: [...(m?.items ?? []), ...page.items], next: page.next }));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <StaffPage title="Activity" intro="Who changed what on the staff pages, and when.">
      <ResourceView
        resource={first}
        what="the activity"
        empty="No change has been made on the staff pages yet."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <StaffTable label="Changes, newest first">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {[...data.items, ...(more?.items ?? [])].map((item) => (
                  <tr key={item._id}>
                    <td>{inSiteTimeZone(item.at).format('D MMM YYYY, HH:mm')}</td>
                    <td>{item.actor.name}</td>
                    <td>{item.summary}</td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
            {next && (
              <p>
                <Button type="button" $variant="outline" disabled={loadingMore} onClick={() => void loadMore()}>
                  {loadingMore ? 'Loading…' : 'Show older changes'}
                </Button>
              </p>
            )}
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
