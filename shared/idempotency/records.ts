/**
 * What an Idempotency-Key holds (pure types; shared/http/idempotency.ts keeps the keys,
 * shared/db/stores/idempotency-store.ts stores them): a request's claim on a key while it runs,
 * and the response it stored once it completed, replayed to a retry.
 */

/** A running request's hold on its key. */
export interface Claim {
  key: { pk: string };
  /** The record the request acts on (its path parameters), so a key cannot replay for another. */
  target: string;
  token: string;
  expiresAt: number;
}

/** The response a completed request stored under its key. */
export interface StoredResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

export type ClaimResult = { claimed: Claim } | { replay: StoredResponse };
