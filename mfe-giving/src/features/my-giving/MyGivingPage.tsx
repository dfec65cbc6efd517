import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { frequencyLabel } from '@ministry/shared/config';
import { formatNewsDate, formatPrice, inSiteTimeZone } from '@ministry/shared/format';
import type { MyGiving, RecurringGift } from '@ministry/shared/types';
import { Button, Container, media, ResourceView, Section, StatusBadge, theme, usePageTitle } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { MemberPageIntro, MemberPageTitle } from '../../components/MemberPageHeading';
import { CancelRecurringDialog } from './CancelRecurringDialog';
import { getMyGiving, givingStatementUrl } from './api';

const Panel = styled.section`
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 18px;
  margin: 0 0 20px;
  max-width: 860px;
  h2 {
    font-size: 1.2rem;
    margin: 0 0 12px;
    color: ${theme.colors.primary};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  select {
    min-height: 44px;
    padding: 8px 12px;
    border-radius: 8px;
    border: 1.5px solid ${theme.colors.border};
    font: inherit;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }
`;

/**
 * On a phone each gift is a small block of labelled lines (no column runs off
 * the card). The table's roles are written out: a browser may drop them from
 * table parts laid out as blocks.
 */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 10px 8px;
    border-bottom: 1px solid ${theme.colors.border};
  }
  th:last-child,
  td:last-child {
    text-align: right;
  }
  ${media.mobile} {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr {
      display: block;
      padding: 8px 0;
      border-bottom: 1px solid ${theme.colors.border};
    }
    td,
    td:last-child {
      display: flex;
      justify-content: space-between;
      gap: 12px;
      padding: 2px 0;
      border: 0;
      text-align: right;
      overflow-wrap: anywhere;
    }
    td::before {
      content: attr(data-label);
      font-weight: 600;
      text-align: left;
    }
  }
`;

const Recurring = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  justify-content: space-between;
  padding: 10px 0;
  border-bottom: 1px solid ${theme.colors.border};
  p {
    margin: 0;
  }
`;

const Plain = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const siteYear = (iso: string): number => Number(inSiteTimeZone(iso).format('YYYY'));

function Statement({ giving }: { giving: MyGiving }) {
  const thisYear = siteYear(new Date().toISOString());
  const years = [...new Set([thisYear, ...giving.gifts.map((g) => siteYear(g.date))])].sort((a, b) => b - a);
  const [year, setYear] = useState(years[0]);
  return (
    <Panel aria-labelledby="statement-title">
      <h2 id="statement-title">Yearly statement</h2>
      <p>A PDF of your gifts of a year and their total, with our name and address, for your records and your tax return.</p>
      <Row>
        <label htmlFor="statement-year">Year</label>
        <select id="statement-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <a href={givingStatementUrl(year)} download={`giving-statement-${year}.pdf`}>
          Download the {year} statement (PDF)
        </a>
      </Row>
    </Panel>
  );
}

function RecurringItem({ gift, onChanged }: { gift: RecurringGift; onChanged: () => void }) {
  const [cancelling, setCancelling] = useState(false);
  return (
    <Recurring>
      <div>
        <p>
          <strong>
            {formatPrice(gift.amount)} {gift.frequency} · {gift.typeLabel}
          </strong>
        </p>
        <p>
          {gift.nextDate ? (
            <>Next gift on {formatNewsDate(gift.nextDate)}</>
          ) : (
            <>Stopped on {formatNewsDate(gift.cancelledAt ?? gift.lastGiftAt)}</>
          )}
        </p>
      </div>
      {gift.cancelledAt ? (
        <StatusBadge $tone="muted">Stopped</StatusBadge>
      ) : (
        <Button
          type="button"
          $variant="outline"
          onClick={() => setCancelling(true)}
          aria-label={`Cancel the ${gift.frequency} ${gift.typeLabel} gift`}
        >
          Cancel
        </Button>
      )}
      {!gift.cancelledAt && (
        <CancelRecurringDialog
          gift={gift}
          open={cancelling}
          onClose={() => setCancelling(false)}
          onCancelled={() => {
            setCancelling(false);
            onChanged();
          }}
        />
      )}
    </Recurring>
  );
}

/** /my-giving (signed-in members): their gifts, their weekly and monthly gifts, and the yearly statement. */
export function MyGivingPage() {
  usePageTitle('My giving');
  const giving = useResource(getMyGiving, null);
  return (
    <Section>
      <Container>
        <MemberPageTitle>My giving</MemberPageTitle>
        <MemberPageIntro>
          Your gifts, also those made without signing in under your confirmed e-mail address. Thank you for your generosity.
        </MemberPageIntro>
        <ResourceView resource={giving} what="your gifts" empty={null} isEmpty={() => false}>
          {(data) => (
            <>
              <Statement giving={data} />
              {data.recurring.length > 0 && (
                <Panel aria-labelledby="recurring-title">
                  <h2 id="recurring-title">Weekly and monthly gifts</h2>
                  <Plain>
                    {data.recurring.map((gift) => (
                      <RecurringItem key={gift._id} gift={gift} onChanged={giving.reload} />
                    ))}
                  </Plain>
                </Panel>
              )}
              <Panel aria-labelledby="gifts-title">
                <h2 id="gifts-title">Your gifts</h2>
                {data.gifts.length === 0 ? (
                  <p>
                    You have no gifts recorded yet. <Link to="/offering">Give</Link>.
                  </p>
                ) : (
                  <Table role="table" aria-labelledby="gifts-title">
                    <thead role="rowgroup">
                      <tr role="row">
                        <th scope="col" role="columnheader">
                          Date
                        </th>
                        <th scope="col" role="columnheader">
                          Type
                        </th>
                        <th scope="col" role="columnheader">
                          Frequency
                        </th>
                        <th scope="col" role="columnheader">
                          Amount
                        </th>
                      </tr>
                    </thead>
                    <tbody role="rowgroup">
                      {data.gifts.map((gift) => (
                        <tr key={gift._id} role="row">
                          <td data-label="Date" role="cell">
                            {formatNewsDate(gift.date)}
                          </td>
                          <td data-label="Type" role="cell">
                            {gift.typeLabel}
                          </td>
                          <td data-label="Frequency" role="cell">
                            {frequencyLabel(gift.frequency)}
                          </td>
                          <td data-label="Amount" role="cell">
                            {formatPrice(gift.amount)}
                            {gift.status === 'refunded' ? ' (refunded)' : ''}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                )}
              </Panel>
            </>
          )}
        </ResourceView>
      </Container>
    </Section>
  );
}
