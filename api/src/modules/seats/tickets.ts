/**
 * Tickets: each paid booking has an unguessable token, the content of its QR
 * code and the code staff may type at the door. 20 characters of Crockford's
 * base 32 (100 random bits), shown in groups of five; typed codes forgive
 * case, spaces, dashes and the letters read as digits (O, I, L).
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_TOKEN_LENGTH = 20;

export function newTicketToken(): string {
  const bytes = randomBytes(TICKET_TOKEN_LENGTH);
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte & 31];
  return token;
}

/** A code as typed or scanned, in the form stored; null when it cannot be a ticket's code. */
export function normalizeTicketCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return new RegExp(`^[${ALPHABET}]{${TICKET_TOKEN_LENGTH}}$`).test(code) ? code : null;
}

/** 'ABCDE-FGHJK-MNPQR-STVWX': the code as printed under the QR code. */
export const groupedCode = (token: string): string => token.match(/.{1,5}/g)?.join('-') ?? token;

/** The QR code library, loaded with the first ticket drawn. */
const qrCodes = async () => (await import('qrcode')).default;

/** The ticket's QR code as an SVG image. */
export const ticketQrSvg = async (token: string): Promise<string> =>
  (await qrCodes()).toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The ticket's QR code as a PNG image (for e-mail). */
export const ticketQrPng = async (token: string): Promise<Buffer> =>
  (await qrCodes()).toBuffer(token, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });

/** The short booking reference members see (My tickets, e-mails) and staff find them by: the id's first 8 characters. */
export const shortReference = (bookingId: string): string => bookingId.slice(0, 8).toUpperCase();
