/** How the site takes payments. */
import { http } from '@ministry/shared/api';
import type { Envelope, PaymentStatus } from '@ministry/shared/types';

/** GET /api/payment/status. */
export async function getPaymentStatus(): Promise<PaymentStatus> {
  return (await http.get<Envelope<PaymentStatus>>('/api/payment/status')).data.data;
}
