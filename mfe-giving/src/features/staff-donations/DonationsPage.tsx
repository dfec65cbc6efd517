import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { serverFieldErrors } from '@ministry/shared/api';
import { DONATION_TYPES, findDonationType, frequencyLabel, type DonationFrequency } from '@ministry/shared/config';
import { countOf, formatPrice, inSiteTimeZone } from '@ministry/shared/format';
import type { DonationFilters, DonationReport } from '@ministry/shared/types';
import { donationFiltersSchema, fieldErrors } from '@ministry/shared/validation';
import { Readable } from '../staff-events/Readable';
import {
  Button,
  ExternalButton,
  media,
  ResourceView,
  SelectField,
  StaffPage,
  StaffTable,
  StatusBadge,
  TextField,
  theme,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { donationsCsvUrl, getDonationReport } from './api';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr)) auto;
  gap: 0 16px;
  align-items: start;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 16px 16px 0;
  margin-bottom: 24px;
  ${media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const FilterButtons = styled.div`
  display: flex;
  gap: 8px;
  padding-top: 27px;
  margin-bottom: 16px;
  ${media.mobile} {
    grid-column: 1 / -1;
    padding-top: 0;
  }
`;

const Heading = styled.h2`
  font-size: 1.25rem;
  color: ${theme.colors.primary};
  margin: 28px 0 12px;
`;

const Tables = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 24px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Total = styled.p`
  font-size: 1.1rem;
  margin: 0 0 8px;
  strong {
    color: ${theme.colors.primary};
    font-size: 1.4rem;
  }
`;

const Note = styled.p`
  color: ${theme.colors.muted};
  font-size: 0.92rem;
`;

const FILTER_KEYS = ['type', 'frequency', 'from', 'to'] as const;
const gifts = (n: number) => countOf(n, 'gift', 'gifts');
const amountText = (amount: number | null) => (amount === null ? 'Not told' : formatPrice(amount));
const typeLabel = (type: string) => findDonationType(type)?.label ?? type;
const monthLabel = (month: string) => inSiteTimeZone(`${month}-01`).format('MMMM YYYY');

function filtersOf(params: URLSearchParams): DonationFilters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as DonationFilters;
}

function Report({ report }: { report: DonationReport }) {
  const { totals } = report;
  return (
    <>
      <Total>
        Given: <strong>{formatPrice(totals.amount)}</strong> in {gifts(totals.count)}
      </Total>
      <Note>Refunded gifts are listed below but not counted in the totals.</Note>
      <Tables>
        <div>
          <Heading>By type</Heading>
          <TotalsTable
            label="Totals by type"
            first="Type"
            rows={totals.byType.map((t) => ({ key: t.type, name: typeLabel(t.type), count: t.count, amount: t.amount }))}
          />
        </div>
        <div>
          <Heading>By month</Heading>
          {totals.byMonth.length === 0 ? (
            <p>No gift in these months.</p>
          ) : (
            <TotalsTable
              label="Totals by month"
              first="Month"
              rows={totals.byMonth.map((m) => ({ key: m.month, name: monthLabel(m.month), count: m.count, amount: m.amount }))}
            />
          )}
        </div>
      </Tables>
      <Heading>Gifts</Heading>
      {report.items.length === 0 ? (
        <p>No gift matches these filters.</p>
      ) : (
        <>
          {report.matched > report.items.length && (
            <Note>
              The newest {report.items.length} of {report.matched} gifts are shown; the CSV has them all.
            </Note>
          )}
          <Readable $minWidth={680}>
            <StaffTable label="Gifts, newest first">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">Frequency</th>
                  <th scope="col" className="number">
                    Amount
                  </th>
                  <th scope="col">Giver</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {report.items.map((g) => (
                  <tr key={g._id}>
                    <td className="nowrap">
                      <time dateTime={g.createdAt}>{inSiteTimeZone(g.createdAt).format('D MMM YYYY, HH:mm')}</time>
                    </td>
                    <td>{typeLabel(g.type)}</td>
                    <td>{frequencyLabel(g.frequency)}</td>
                    <td className="number">{amountText(g.amount)}</td>
                    <td>{g.giver ?? 'Anonymous'}</td>
                    <td>
                      {g.status === 'paid' ? (
                        <StatusBadge $tone="ok">Given</StatusBadge>
                      ) : (
                        <StatusBadge $tone="muted">Refunded</StatusBadge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
          </Readable>
        </>
      )}
    </>
  );
}

/** A totals table: one row a type or a month, with its number of gifts and their amount. */
function TotalsTable({
  label,
  first,
  rows,
}: {
  label: string;
  first: string;
  rows: { key: string; name: string; count: number; amount: number }[];
}) {
  return (
    <Readable $minWidth={0}>
      <StaffTable label={label}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="number">
              Gifts
            </th>
            <th scope="col" className="number">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td className="number">{row.count}</td>
              <td className="number">{formatPrice(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </StaffTable>
    </Readable>
  );
}

/** /admin/donations (admins): the gifts, filtered by type, frequency and dates, with totals per type and month and a CSV. */
export function DonationsPage() {
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<DonationFilters>(applied);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = JSON.stringify(applied);
  const report = useResource(() => getDonationReport(applied), key);
  const shownErrors = { ...serverFieldErrors(report.error), ...errors };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    try {
      donationFiltersSchema.validateSync(draft, { abortEarly: false });
    } catch (error) {
      setErrors(fieldErrors(error));
      return;
    }
    setErrors({});
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value)) as Record<string, string>);
  };
  const set = (name: keyof DonationFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));

  return (
    <StaffPage
      title="Donations"
      intro="Every gift, with the totals per type and per month. Dates are the church's days."
      actions={
        <ExternalButton href={donationsCsvUrl(applied)} download>
          Download CSV
        </ExternalButton>
      }
    >
      <Filters onSubmit={apply} aria-label="Filter the gifts" noValidate>
        <SelectField label="Type" value={draft.type ?? ''} onChange={set('type')} error={shownErrors.type}>
          <option value="">All types</option>
          {DONATION_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Frequency" value={draft.frequency ?? ''} onChange={set('frequency')} error={shownErrors.frequency}>
          <option value="">Any</option>
          {(['once', 'weekly', 'monthly'] as DonationFrequency[]).map((f) => (
            <option key={f} value={f}>
              {frequencyLabel(f)}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={draft.from ?? ''} onChange={set('from')} error={shownErrors.from} />
        <TextField label="To" type="date" value={draft.to ?? ''} onChange={set('to')} error={shownErrors.to} />
        <FilterButtons>
          <Button type="submit">Show</Button>
          <Button
            type="button"
            $variant="outline"
            onClick={() => {
              setDraft({ type: '', frequency: '', from: '', to: '' });
              setErrors({});
              setParams({});
            }}
          >
            Clear
          </Button>
        </FilterButtons>
      </Filters>
      <ResourceView resource={report} what="the donations" empty="" isEmpty={() => false}>
        {(data) => <Report report={data} />}
      </ResourceView>
    </StaffPage>
  );
}
