import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { weekdayName } from '@ministry/shared/format';
import type { StaffLocation } from '@ministry/shared/types';
import { Button, ButtonLink, ResourceView, StaffPage, StaffTable, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { RemoveLocationDialog } from './RemoveLocationDialog';
import { getStaffLocations } from './api';

const Small = styled.small`
  display: block;
  color: ${theme.colors.muted};
  font-weight: 400;
  white-space: normal;
  min-width: 22ch;
  max-width: 32ch;
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    white-space: nowrap;
  }
`;

const RowActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  a,
  button {
    min-height: 40px;
    padding: 6px 14px;
  }
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function LocationRow({ location, onRemove }: { location: StaffLocation; onRemove: () => void }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`/admin/locations/${location._id}`}>{location.church_name}</Link>
        <Small>{location.adress}</Small>
      </th>
      <td>
        <Lines>
          {location.main_contact.map((phone) => (
            <li key={phone}>{phone}</li>
          ))}
          <li>{location.email}</li>
        </Lines>
      </td>
      <td>
        {location.serviceTimes.length === 0 ? (
          <Small>None listed</Small>
        ) : (
          <Lines>
            {location.serviceTimes.map((s) => (
              <li key={`${s.weekday}-${s.time}-${s.name}`}>
                {weekdayName(s.weekday).slice(0, 3)} {s.time} · {s.language}
              </li>
            ))}
          </Lines>
        )}
      </td>
      <td className="number">{location.memberCount}</td>
      <td className="number">{location.upcomingEvents}</td>
      <td>
        <RowActions>
          <ButtonLink to={`/admin/locations/${location._id}`} $variant="outline">
            Edit<span className="visually-hidden"> {location.church_name}</span>
          </ButtonLink>
          <Button type="button" $variant="outline" onClick={onRemove}>
            Remove<span className="visually-hidden"> {location.church_name}</span>
          </Button>
        </RowActions>
      </td>
    </tr>
  );
}

/**
 * /admin/locations (editors and admins): the church locations of the
 * community page's Locations tab, with who depends on each (members who
 * chose it, events ahead held there), to edit, add or remove.
 */
export function LocationsStaffPage() {
  const locations = useResource(getStaffLocations);
  const [removing, setRemoving] = useState<StaffLocation | null>(null);
  return (
    <StaffPage
      title="Locations"
      intro="The churches listed on the community page's Locations tab: addresses, contacts, service times, parking and map. A change shows there within a few seconds."
      actions={<ButtonLink to="/admin/locations/new">Add a location</ButtonLink>}
    >
      <ResourceView resource={locations} what="the locations" empty="No location yet. Add the first one." loadingRows={2}>
        {(list) => (
          <>
            <p role="status">{plural(list.length, 'location', 'locations')}, in the order the Locations tab shows them.</p>
            <Look>
              <StaffTable label="Church locations">
                <thead>
                  <tr>
                    <th scope="col">Location</th>
                    <th scope="col">Contacts</th>
                    <th scope="col">Services</th>
                    <th scope="col" className="number">
                      Members
                    </th>
                    <th scope="col" className="number">
                      Events ahead
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((location) => (
                    <LocationRow key={location._id} location={location} onRemove={() => setRemoving(location)} />
                  ))}
                </tbody>
              </StaffTable>
            </Look>
            <RemoveLocationDialog
              location={removing}
              others={list.filter((l) => l._id !== removing?._id)}
              onClose={() => setRemoving(null)}
              onRemoved={() => {
                setRemoving(null);
                locations.reload();
              }}
            />
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
