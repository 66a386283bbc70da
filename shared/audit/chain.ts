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
  return canonicalText(value).text;
}

/**
 * Canonical JSON that any stored value has, and whether it needed a repair: text holding a lone
 * surrogate (which RFC 8785 refuses, and the API refuses on input: text/well-formed.ts, but a
 * record written before that check may hold) is canonicalized with each lone surrogate as
 * U+FFFD, so one such record can never stop a company's numbering. The same rule on every read
 * (Verify) gives the same text.
 */
export function canonicalText(value: unknown): { text: string; repaired: boolean } {
  const plain = plainCanonicalJson(value);
  if (plain !== undefined) return { text: plain, repaired: false };
  try {
    return { text: fullCanonicalJson(value), repaired: false };
  } catch (error) {
    const mended = wellFormedCopy(value);
    if (mended.changed) return { text: fullCanonicalJson(mended.value), repaired: true };
    throw error;
  }
}

function fullCanonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('Not a JSON value');
  return text;
}

type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/** A copy with every string and key made well-formed (ES2024; the compiler's library predates it), and whether any was not. */
function wellFormedCopy(value: unknown): { value: unknown; changed: boolean } {
  let changed = false;
  const mend = (text: string) => {
    if ((text as WellFormedString).isWellFormed()) return text;
    changed = true;
    return (text as WellFormedString).toWellFormed();
  };
  const copy = (node: unknown): unknown => {
    if (typeof node === 'string') return mend(node);
    if (Array.isArray(node)) return node.map(copy);
    if (node !== null && typeof node === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(node))) {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [mend(key), copy(item)]));
    }
    return node;
  };
  const mended = copy(value);
  return { value: mended, changed };
}

/** The hash of an event (given without its `hash` field; its `previousHash` inside). */
export function chainHash(previousHash: string, event: Record<string, unknown>): string {
  return chainLink(previousHash, event).hash;
}

/** The hash of an event, and whether its text needed a repair to be hashed (canonicalText). */
export function chainLink(previousHash: string, event: Record<string, unknown>): { hash: string; repaired: boolean } {
  const { text, repaired } = canonicalText(event);
  return { hash: sha256Hex(previousHash + text), repaired };
}
