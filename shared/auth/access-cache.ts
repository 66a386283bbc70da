import { config } from '../config.ts';
import type { ApiKeyRecord } from '../api-keys/records.ts';
import { WarmCache } from '../warm-cache.ts';

/**
 * What a caller holds, kept by a warm function for `config.accessCacheMs` (5 s by default), so
 * a request does not spend its first round trip on it: a member's permissions in a company
 * (membership and role), an API key's record by its hash. Only grants are kept: a refusal is
 * read again on every request, so access granted elsewhere works at once.
 *
 * What staleness allows: a member removed, given a smaller role, or whose custom role lost a
 * permission, or an API key revoked, by another function keeps what it held for at most the
 * lifetime on the functions that served it just before; what it does there is still recorded
 * under its name (events, audit). Why acceptable: a request under way when the change commits
 * has that window anyway, here made a few seconds long; and every write still checks the
 * versions of what it changes, so a stale grant cannot corrupt the books, only act as the
 * member could a moment before. A change made by this process is seen at once (forget*).
 * A key's expiry and IP allowlist are checked on every request against the kept record.
 */
/**
 * A member's grant is also known for ten minutes past its lifetime, as a guess never acted on
 * alone: a keyed write whose kept grant has expired claims its key beside the read that confirms
 * the guess (authentication.ts, idempotency.ts), a round trip saved on a quiet company's writes;
 * the read's answer decides, as it would have alone. Nothing is known while the lifetime is 0,
 * as by a function that keeps nothing.
 */
const members = new WarmCache<readonly string[] | null>(
  () => config.accessCacheMs,
  10_000,
  () => (config.accessCacheMs > 0 ? Math.max(config.accessCacheMs, 600_000) : 0),
);
const apiKeys = new WarmCache<ApiKeyRecord | undefined>(() => config.accessCacheMs);

const memberKey = (companyId: string, userId: string) => `${companyId} ${userId}`;

/**
 * A member's permissions as `read` finds them (access-in-company.ts: passed in, as the roles
 * room, which reads them, also forgets them here), kept while they grant anything.
 */
export function keptMemberPermissions(companyId: string, userId: string, read: (companyId: string, userId: string) => Promise<readonly string[] | null>): Promise<readonly string[] | null> {
  return members.get(memberKey(companyId, userId), () => read(companyId, userId), (permissions) => permissions !== null);
}

/**
 * What a member held in the company when this function last read it, once the grant kept for
 * requests has expired: a guess for a keyed write to claim its key beside the read that
 * confirms it. Undefined while the kept grant serves, and when none was read.
 */
export function lastReadMemberPermissions(companyId: string, userId: string): readonly string[] | undefined {
  const key = memberKey(companyId, userId);
  return members.peek(key) === undefined ? (members.lastKnown(key) ?? undefined) : undefined;
}

/** The API key with this hash as `read` finds it (principal.ts: handed the store by the HTTP edge), kept while it exists and is not revoked. */
export function keptApiKey(hash: string, read: (hash: string) => Promise<ApiKeyRecord | undefined>): Promise<ApiKeyRecord | undefined> {
  return apiKeys.get(hash, () => read(hash), (key) => key !== undefined && !key.revokedAt);
}

/** After this process changed a company's members or roles: its next requests read them again. */
export function forgetMembersOf(companyId: string): void {
  members.forgetWhere((key) => key.startsWith(`${companyId} `));
}

/** After this process revoked a company's key: its next request reads it again. */
export function forgetApiKeysOf(companyId: string): void {
  apiKeys.forgetWhere((_, key) => key?.companyId === companyId);
}
