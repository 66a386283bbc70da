import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Deliveries are signed like Stripe's: `Ledger-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<body>" with the subscription's secret>`. Receivers check the HMAC and that t is recent
 * (replays), and drop repeats by the `Ledger-Event-Id` header.
 */
export const SIGNATURE_HEADER = 'Ledger-Signature';
export const EVENT_ID_HEADER = 'Ledger-Event-Id';

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** What a receiver does: true when the header signs this body with this secret within the tolerance. */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
