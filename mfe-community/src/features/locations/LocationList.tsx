import styled from 'styled-components';
import { getLocations } from '@ministry/shared/api';
import type { ChurchLocation } from '@ministry/shared/types';
import { Card, CardBody, Grid, ResourceView, theme, useResource } from '@ministry/shared/ui';

const Name = styled.h3`
  color: ${theme.colors.primary};
  font-size: 1.1rem;
  margin: 0;
`;

const Line = styled.p`
  margin: 0;
  a { color: ${theme.colors.primary}; }
`;

export function mapUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function LocationCard({ church }: { church: ChurchLocation }) {
  return (
    <Card>
      <CardBody>
        <Name>{church.church_name}</Name>
        <Line>{church.adress}</Line>
        {church.main_contact.map((phone) => (
          <Line key={phone}>
            <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
          </Line>
        ))}
        <Line>
          <a href={`mailto:${church.email}`}>{church.email}</a>
        </Line>
        <Line>
          <a href={mapUrl(church.adress)} target="_blank" rel="noopener noreferrer">
            Open in a map <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </Line>
      </CardBody>
    </Card>
  );
}

/** Every church with name, address, contacts, e-mail and a map link. */
export function LocationList() {
  const locations = useResource(getLocations, 'locations');
  return (
    <ResourceView resource={locations} what="our churches" empty="No church locations are listed yet." loadingRows={2}>
      {(list) => (
        <Grid>
          {list.map((church) => (
            <LocationCard key={church._id} church={church} />
          ))}
        </Grid>
      )}
    </ResourceView>
  );
}
