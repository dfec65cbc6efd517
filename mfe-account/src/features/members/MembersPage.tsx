import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { inSiteTimeZone } from '@ministry/shared/format';
import { ResourceView, StaffPage, StaffTable, StatusBadge, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { memberStates, postCounts, ROLE_LABELS } from './memberLabels';
import { Pager } from './Pager';
import { SearchForm } from './SearchForm';
import { getMembers } from './api';

const Email = styled.small`
  display: block;
  color: ${theme.colors.muted};
  overflow-wrap: anywhere;
`;

/** A row's name reads as the row's heading without the column headings' shading. */
const Look = styled.div`
  tbody th {
    background: #fff;
    font-weight: 400;
    white-space: normal;
    min-width: 18ch;
  }
  tbody th a {
    font-weight: 600;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /admin/members (admins): everyone with an account, found by name or e-mail, a page at a time. */
export function MembersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const members = useResource(() => getMembers({ q, page }), `staff-members:${page}:${q}`);
  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const query = next.q ?? q;
    if (query) search.set('q', query);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <StaffPage
      title="Members"
      intro="Everyone with an account: when they joined, their role and state, and what they posted. Open a member to change their role or disable their account."
    >
      <SearchForm
        label="Find a member by name or e-mail"
        value={q}
        maxLength={100}
        onSearch={(text) => go({ q: text, page: 1 })}
      />
      <ResourceView
        resource={members}
        what="the members"
        empty={q ? `Nobody matches “${q}”.` : 'No member yet.'}
        isEmpty={(d) => d.total === 0}
        loadingRows={2}
      >
        {(data) => (
          <>
            <p role="status">
              {q
                ? `${plural(data.total, 'member matches', 'members match')} “${q}”.`
                : `${plural(data.total, 'member', 'members')}, newest first.`}
            </p>
            <Look>
              <StaffTable label="Members">
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Joined</th>
                    <th scope="col">Role</th>
                    <th scope="col">State</th>
                    <th scope="col">Posts</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((member) => (
                    <tr key={member._id}>
                      <th scope="row">
                        <Link to={`/admin/members/${member._id}`}>
                          {member.firstname} {member.lastname}
                        </Link>
                        <Email>{member.email}</Email>
                      </th>
                      <td>
                        <time dateTime={member.joined}>{inSiteTimeZone(member.joined).format('D MMM YYYY')}</time>
                      </td>
                      <td>{ROLE_LABELS[member.role].name}</td>
                      <td>
                        <Badges>
                          {memberStates(member).map((s) => (
                            <StatusBadge key={s.label} $tone={s.tone}>
                              {s.label}
                            </StatusBadge>
                          ))}
                        </Badges>
                      </td>
                      <td>{postCounts(member)}</td>
                    </tr>
                  ))}
                </tbody>
              </StaffTable>
            </Look>
            <Pager
              label="Pages of members"
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
