import { Forbidden, Unauthorized } from '../errors.ts';
import { verifyAccessToken } from './access-token.ts';
import { hashApiKey, isApiKey } from './api-key.ts';
import { keptApiKey, keptMemberPermissions } from './access-cache.ts';
import { apiKeyExpired, memberPermissions } from './access-in-company.ts';
import { ipAllowed } from './ip-allowlist.ts';
import type { ApiKeyReads, CompanyAccess } from './store.ts';

/** Who is calling: a signed-in user (any of their companies) or an API key (one company). */
export type Principal =
  | { kind: 'user'; userId: string; email: string }
  | { kind: 'apiKey'; keyId: string; companyId: string; permissions: string[] };

/**
 * Authenticates the `Authorization: Bearer ...` header. Errors: Unauthorized for a missing,
 * malformed, expired, badly signed, revoked or unknown credential; Forbidden for an API key
 * used from an address outside its allowlist. An API key is read through `apiKeys` (store.ts).
 */
export async function authenticate(authorization: string | undefined, sourceIp: string, apiKeys: ApiKeyReads): Promise<Principal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw new Unauthorized();
  const token = match[1]!;
  if (!isApiKey(token)) {
    const claims = await verifyAccessToken(token);
    return { kind: 'user', userId: claims.userId, email: claims.email };
  }
  const key = await keptApiKey(hashApiKey(token), (hash) => apiKeys.byHash(hash));
  if (!key || key.revokedAt) throw new Unauthorized('The API key is not valid (unknown, or revoked); a key is shown once, at creation: use a current key or have a new one created.');
  if (apiKeyExpired(key)) throw new Unauthorized('The API key has expired; a key is not renewed: have a new one created.');
  if (!ipAllowed(key.ipAllowlist ?? [], sourceIp)) {
    throw new Forbidden("Requests from this IP address are not allowed for this API key; call from an address of the key's IP allowlist, or use another key.");
  }
  return { kind: 'apiKey', keyId: key.keyId, companyId: key.companyId, permissions: key.permissions };
}

/**
 * The permissions the principal holds inside a company, or null when it has no access to the
 * company at all (not a member, or an API key of another company). A member's permissions
 * (membership, then a custom role's item) are kept by a warm function for a few seconds
 * (access-cache.ts): a change to the membership or to the role takes effect within that
 * lifetime, at once in the process that made it.
 */
export async function permissionsInCompany(access: CompanyAccess, principal: Principal, companyId: string): Promise<readonly string[] | null> {
  if (principal.kind === 'apiKey') return principal.companyId === companyId ? principal.permissions : null;
  return keptMemberPermissions(companyId, principal.userId, (company, user) => memberPermissions(access, company, user));
}

