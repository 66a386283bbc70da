import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { plainCanonicalJson } from './plain-jcs.ts';

/**
 * The company's hash chain over its numbered events (pure; docs/decisions.md, "Audit"):
 *
 *   hash(n) = lowercase hex SHA-256( UTF-8( previousHash(n) + JCS(event n without `hash`) ) )
 *   previousHash(1st chained event) = 64 zeros; previousHash(n) = hash(n - 1)
 *
 * JCS is RFC 8785 canonical JSON (the `canonicalize` package). The event is the feed's event as
 * a reader allowed to read every record sees it, `previousHash` and `sequence` included, so
 * anyone holding the feed can recompute the chain without the service.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** The chain's head at a moment: the newest numbered event and its hash (null with the chain off, or before it). */
export interface AuditHead {
  sequence: number;
  hash: string | null;
}

/** SHA-256 of the UTF-8 bytes of `text`, in lowercase hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** RFC 8785 canonical JSON of a JSON value: plain data the fast way (plain-jcs.ts, the same text), anything else by `canonicalize`. */
export function canonicalJson(value: unknown): string {
  const text = plainCanonicalJson(value) ?? canonicalize(value);
  if (text === undefined) throw new Error('Not a JSON value');
  return text;
}

/** The hash of an event (given without its `hash` field; its `previousHash` inside). */
export function chainHash(previousHash: string, event: Record<string, unknown>): string {
  return sha256Hex(previousHash + canonicalJson(event));
}
