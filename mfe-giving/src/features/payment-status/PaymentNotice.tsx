/**
 * How the site takes payments, said where visitors buy or give: TEST MODE
 * when no money moves, or that online payment is not set up yet. Nothing is
 * shown for real card payments.
 */
import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import type { PaymentStatus } from '@ministry/shared/types';
import { getPaymentStatus } from './api';

/** The site's payment status, or undefined while it loads (or if it could not be read). */
export function usePaymentStatus(): PaymentStatus | undefined {
  return useResource(getPaymentStatus, 'payment-status').data;
}

const Box = styled.p<{ $tone: 'test' | 'off' }>`
  margin: 0 0 18px;
  padding: 10px 14px;
  border-radius: ${theme.radius};
  border: 1px solid ${({ $tone }) => ($tone === 'test' ? theme.colors.accentText : theme.colors.danger)};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: 0.92rem;
  strong {
    color: ${({ $tone }) => ($tone === 'test' ? theme.colors.accentText : theme.colors.danger)};
  }
`;

/** `what`: what is paid here ('tickets', 'gifts'). */
export function PaymentNotice({ status, what }: { status: PaymentStatus | undefined; what: 'tickets' | 'gifts' }) {
  if (!status || status.provider === 'stripe') return null;
  if (status.provider === 'none') {
    return (
      <Box $tone="off" role="note">
        <strong>Online payment is not set up yet.</strong> {what === 'tickets' ? 'To book seats' : 'To give'}, please write to{' '}
        <a href={`mailto:${siteIdentity.contact.email}`}>{siteIdentity.contact.email}</a>.
      </Box>
    );
  }
  return (
    <Box $tone="test" role="note">
      <strong>TEST MODE:</strong> payments on this site are tests and no money is taken.
    </Box>
  );
}
