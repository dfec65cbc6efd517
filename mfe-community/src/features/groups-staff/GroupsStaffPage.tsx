import { Link } from 'react-router-dom';
import { useResource } from '@ministry/shared/app';
import { ButtonLink, ExternalButton, ResourceView, StaffPage, StaffTable, StatusBadge } from '@ministry/shared/ui';
import { kindName, leaderNames, placeOf, scheduleOf } from '../../lib/groups';
import { getStaffGroups, rostersCsvUrl } from './api';

/**
 * /admin/groups (editors and admins): every small group with its leaders,
 * size and requests waiting; add, edit or remove one, set its leaders, and
 * download every roster as CSV.
 */
export function GroupsStaffPage() {
  const groups = useResource(getStaffGroups);
  return (
    <StaffPage
      title="Groups"
      intro="The small groups of the group finder: where and when they meet, their leaders and rosters."
      actions={
        <>
          <ExternalButton href={rostersCsvUrl()} download $variant="outline">
            Download rosters (CSV)
          </ExternalButton>
          <ButtonLink to="/admin/groups/new">Add a group</ButtonLink>
        </>
      }
    >
      <ResourceView resource={groups} what="the groups" empty="No group yet. Add the first one." loadingRows={2}>
        {(list) => (
          <>
            <p role="status">{list.length === 1 ? '1 group' : `${list.length} groups`}</p>
            <StaffTable label="Small groups">
              <thead>
                <tr>
                  <th scope="col">Group</th>
                  <th scope="col">When and where</th>
                  <th scope="col">Leaders</th>
                  <th scope="col" className="number">
                    Members
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.map((g) => (
                  <tr key={g._id}>
                    <th scope="row">
                      <Link to={`/admin/groups/${g._id}`}>{g.name}</Link>
                      <br />
                      <small>{kindName(g.kind)}</small>
                    </th>
                    <td>
                      {scheduleOf(g)}
                      <br />
                      <small>{placeOf(g)}</small>
                    </td>
                    <td>{leaderNames(g.leaders) || <StatusBadge $tone="warn">No leader</StatusBadge>}</td>
                    <td className="number">
                      {g.memberCount}
                      {g.capacity ? ` / ${g.capacity}` : ''}
                    </td>
                    <td>
                      {g.open ? <StatusBadge $tone="ok">Open</StatusBadge> : <StatusBadge $tone="muted">Closed</StatusBadge>}
                      {g.pendingRequests > 0 && (
                        <>
                          {' '}
                          <StatusBadge $tone="warn">
                            {g.pendingRequests === 1 ? '1 request' : `${g.pendingRequests} requests`}
                          </StatusBadge>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
