import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { formatServiceTime, inSiteTimeZone } from '@ministry/shared/format';
import {
  Button,
  ExternalButton,
  notify,
  ResourceView,
  SelectField,
  StaffPage,
  StaffPanel,
  StaffTable,
  StatusBadge,
  theme,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import type { StaffVisit, VisitGroup } from '@ministry/shared/types';
import { getVisits, markVisit, removeVisit, visitsCsvUrl } from './api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const ages = (list: number[]) => list.map((a) => (a === 0 ? 'under 1' : String(a))).join(', ');

const Filter = styled.div`
  max-width: 360px;
`;

const GroupHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 16px;
  margin-bottom: 12px;
  h2 {
    margin: 0;
    font-size: 1.1rem;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
  }
`;

const Look = styled.div`
  tbody th {
    background: #fff;
    font-weight: 600;
    white-space: normal;
    min-width: 20ch;
  }
  tbody tr:last-child th {
    border-bottom: none;
  }
  tbody th small {
    display: block;
    font-weight: 400;
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  td.question {
    min-width: 20ch;
    max-width: 40ch;
    white-space: normal;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 40px;
    white-space: nowrap;
    cursor: pointer;
  }
  input[type='checkbox'] {
    width: 20px;
    height: 20px;
  }
  button {
    min-height: 40px;
    padding: 6px 14px;
  }
  /* On a phone or tablet each guest is a block of its own, "Came" within reach (no sideways scrolling at the door). */
  @media (max-width: 900px) {
    table,
    tbody,
    tr,
    th,
    td {
      display: block;
      width: 100%;
    }
    thead {
      display: none;
    }
    tbody tr {
      border-bottom: 1px solid ${theme.colors.border};
      padding: 8px 0;
    }
    tbody tr:last-child {
      border-bottom: none;
    }
    tbody th,
    tbody td {
      border-bottom: none;
      padding: 2px 14px;
      min-width: 0;
      max-width: none;
      text-align: left;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      font-weight: 600;
    }
    td.number {
      text-align: left;
    }
  }
`;

const Groups = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  > section {
    min-width: 0;
  }
`;

function moment(group: VisitGroup): string {
  const local = inSiteTimeZone(group.at);
  return `${local.format('dddd D MMMM')}, ${formatServiceTime(local.format('HH:mm'))}`;
}

function summary(group: VisitGroup): string {
  const parts = [plural(group.adults, 'adult', 'adults')];
  if (group.children)
    parts.push(
      `${plural(group.children, 'child', 'children')} (${group.children === 1 ? 'age' : 'ages'} ${ages(group.childrenAges)})`,
    );
  const people = group.adults + group.children;
  const line = `${plural(group.visits.length, 'visit', 'visits')}: ${parts.join(' and ')}`;
  return group.begun ? `${line} · ${group.came} of ${people} came` : line;
}

function VisitRow({ visit, onChanged }: { visit: StaffVisit; onChanged: () => void }) {
  const [came, setCame] = useState(visit.came);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const toggle = async (value: boolean) => {
    setBusy(true);
    const before = came;
    setCame(value);
    try {
      await markVisit(visit._id, value);
      onChanged();
    } catch (error) {
      setCame(before);
      notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeVisit(visit._id);
      notify.success(`${visit.name}'s visit was removed.`);
      onChanged();
    } catch (error) {
      notify.error(friendlyError(error));
      setBusy(false);
    }
  };

  return (
    <tr>
      <th scope="row">
        {visit.name}
        <small>{visit.email}</small>
      </th>
      <td className="number" data-label="Adults">
        {visit.adults}
      </td>
      <td data-label="Children's ages">{visit.childrenAges.length ? ages(visit.childrenAges) : '—'}</td>
      <td className="question" data-label="Question">
        {visit.question ?? '—'}
      </td>
      <td>
        <label>
          <input type="checkbox" checked={came === true} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />
          Came<span className="visually-hidden"> ({visit.name})</span>
        </label>
      </td>
      <td className="actions">
        {confirming ? (
          <span style={{ display: 'inline-flex', gap: 8 }}>
            <Button type="button" $variant="danger" disabled={busy} onClick={() => void remove()}>
              Remove<span className="visually-hidden"> {visit.name}&apos;s visit for good</span>
            </Button>
            <Button type="button" $variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button type="button" $variant="outline" onClick={() => setConfirming(true)}>
            Remove<span className="visually-hidden"> {visit.name}&apos;s visit</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

function GroupPanel({ group, onChanged }: { group: VisitGroup; onChanged: () => void }) {
  const heading = `visits-${group.locationId}-${group.at}`;
  return (
    <StaffPanel aria-labelledby={heading}>
      <GroupHead>
        <h2 id={heading}>
          {moment(group)} · {group.serviceName}
          {group.language !== 'English' ? ` (${group.language})` : ''}
        </h2>
        <p>{group.church_name}</p>
      </GroupHead>
      <p>
        {summary(group)} {group.begun && <StatusBadge $tone="muted">Begun</StatusBadge>}
      </p>
      <Look>
        <StaffTable label={`Visits of ${moment(group)} at ${group.church_name}`}>
          <thead>
            <tr>
              <th scope="col">Guest</th>
              <th scope="col" className="number">
                Adults
              </th>
              <th scope="col">Children&apos;s ages</th>
              <th scope="col">Question</th>
              <th scope="col">Came</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {group.visits.map((visit) => (
              <VisitRow key={visit._id} visit={visit} onChanged={onChanged} />
            ))}
          </tbody>
        </StaffTable>
      </Look>
    </StaffPanel>
  );
}

/**
 * /admin/visits (editors and admins): the visits first-time guests planned
 * and confirmed, by service (coming ones, and those of the last two weeks
 * to mark who came), with how many adults and the children's ages; a
 * guest's visit can be removed (their data, at their request).
 */
export function VisitsStaffPage() {
  const [params, setParams] = useSearchParams();
  const location = params.get('location') ?? '';
  const visits = useResource(() => getVisits(location || undefined), `admin-visits:${location}`);
  const [churches, setChurches] = useState<{ id: string; name: string }[]>([]);
  const list = visits.data;
  // The churches to filter by: those of the whole list (kept while one is chosen).
  useEffect(() => {
    if (!list || location) return;
    const seen = new Map(list.groups.map((g) => [g.locationId, g.church_name]));
    setChurches([...seen].map(([id, name]) => ({ id, name })));
  }, [list, location]);
  return (
    <StaffPage
      title="Planned visits"
      intro="First-time guests who told us they are coming, by service. Mark who came once the service has begun."
      actions={
        <ExternalButton href={visitsCsvUrl(location || undefined)} download>
          Download CSV
        </ExternalButton>
      }
    >
      {churches.length > 1 && (
        <Filter>
          <SelectField
            label="Church"
            value={location}
            onChange={(e) => setParams(e.target.value ? { location: e.target.value } : {}, { replace: true })}
          >
            <option value="">All churches</option>
            {churches.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </Filter>
      )}
      <ResourceView
        resource={visits}
        what="the planned visits"
        empty="No planned visits yet."
        loadingRows={3}
        isEmpty={() => false}
      >
        {(data) => (
          <>
            <p role="status">
              {data.groups.length === 0
                ? 'No confirmed visits for the coming services yet.'
                : `${plural(
                    data.groups.reduce((n, g) => n + g.visits.length, 0),
                    'visit',
                    'visits',
                  )} over ${plural(data.groups.length, 'service', 'services')}.`}
              {data.pending > 0 && ` ${plural(data.pending, 'more waits', 'more wait')} for the guest to confirm their address.`}
            </p>
            <Groups>
              {data.groups.map((group) => (
                <GroupPanel key={`${group.locationId}-${group.at}`} group={group} onChanged={visits.reload} />
              ))}
            </Groups>
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
