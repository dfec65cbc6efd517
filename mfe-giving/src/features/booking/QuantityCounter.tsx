import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

const Row = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  border: 1.5px solid ${theme.colors.border};
  border-radius: 999px;
  padding: 4px;
  background: #fff;
`;

const Step = styled.button`
  width: 44px;
  height: 44px;
  border-radius: 999px;
  border: none;
  background: ${theme.colors.surface};
  color: ${theme.colors.primary};
  font-size: 1.4rem;
  font-weight: 600;
  line-height: 1;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.border};
  }
  &:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
`;

const Value = styled.output`
  min-width: 48px;
  text-align: center;
  font-size: 1.25rem;
  font-weight: 700;
`;

/** The booking's quantity: − and + between 1 and `max`. */
export function QuantityCounter({
  value,
  max,
  onChange,
  label = 'Tickets',
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  label?: string;
}) {
  return (
    <Row role="group" aria-label={label}>
      <Step type="button" aria-label="One ticket fewer" disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))}>
        −
      </Step>
      <Value aria-live="polite" aria-label={`${value} ${value === 1 ? 'ticket' : 'tickets'}`}>
        {value}
      </Value>
      <Step type="button" aria-label="One ticket more" disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        +
      </Step>
    </Row>
  );
}
