import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../shared/auth/sign-access-token.ts';
import { PERMISSIONS } from '../../../shared/auth/permissions.ts';
import { ROUTES, pathParameters, type Route } from '../../../shared/routes.ts';
import { client, companyOwner, useGateway } from '../../support/api.ts';
import { addApiKey, expiredApiKey, revokedApiKey } from '../../support/company-access.ts';
import { wholeFeed } from '../../support/feed.ts';

const gateway = useGateway();
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Case {
  name: string;
  authorization: (route: Route) => Promise<string | undefined> | string | undefined;
  /** Expected status for company routes and for user-only routes (undefined: not applicable). */
  company: number;
  user?: number;
}

/** The company's changes as its event feed records them: every committed change adds its event in its own transaction. */
const changesOf = (owner: Awaited<ReturnType<typeof companyOwner>>) => wholeFeed<{ sequence: number; type: string; recordId: string }>(owner.api, owner.base);

describe('security matrix over every route', () => {
  let target: Awaited<ReturnType<typeof companyOwner>>;
  let other: Awaited<ReturnType<typeof companyOwner>>;
  let cases: Case[];

  beforeAll(async () => {
    target = await companyOwner(gateway.url);
    other = await companyOwner(gateway.url);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: target.user.id, email: target.user.email, iss: 'ledger-service', aud: 'ledger-api', iat: now, exp: now + 600 };
    const { privateKey: foreignKey } = await generateKeyPair('ES256');
    const wrongSignature = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(foreignKey);
    const expired = await signAccessToken({ userId: target.user.id, email: target.user.email }, -60);
    const otherCompanyKey = await addApiKey(other.api, other.base, [...PERMISSIONS]);
    const revoked = await revokedApiKey(target.api, target.base, [...PERMISSIONS]);
    const expiredKey = await expiredApiKey(target.api, target.base, [...PERMISSIONS]);
    const disallowedIp = await addApiKey(target.api, target.base, [...PERMISSIONS], ['192.0.2.0/24']);
    // A key per permission, holding every other one: the key lacking a route's permission, or one
    // its row also needs (the auditors' data), is the key lacking that permission.
    const lackingKeys = new Map<string, string>();
    for (const permission of new Set(ROUTES.flatMap((r) => [r.access, ...(r.alsoNeeds ?? [])]))) {
      if (permission === 'public' || permission === 'user') continue;
      lackingKeys.set(permission, await addApiKey(target.api, target.base, PERMISSIONS.filter((p) => p !== permission)));
    }
    // A member per permission, holding a custom role with every other permission.
    const lackingMembers = new Map<string, string>();
    for (const permission of new Set(ROUTES.flatMap((r) => [r.access, ...(r.alsoNeeds ?? [])]))) {
      if (permission === 'public' || permission === 'user') continue;
      const role = await target.api.post(`/api/v1/Companies/${target.companyId}/Roles`, { name: `All but ${permission}`, permissions: PERMISSIONS.filter((p) => p !== permission) });
      const member = await target.api.post(`/api/v1/Companies/${target.companyId}/Members`, { email: `${randomUUID()}@example.com`, roleId: role.body.id });
      lackingMembers.set(permission, await signAccessToken({ userId: member.body.userId, email: member.body.email }));
    }
    cases = [
      { name: 'no token', authorization: () => undefined, company: 401, user: 401 },
      { name: 'malformed', authorization: () => 'Bearer abc.def', company: 401, user: 401 },
      { name: 'wrong signature', authorization: () => `Bearer ${wrongSignature}`, company: 401, user: 401 },
      { name: 'alg none', authorization: () => `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, company: 401, user: 401 },
      { name: 'expired', authorization: () => `Bearer ${expired}`, company: 401, user: 401 },
      { name: "another company's user", authorization: () => `Bearer ${other.token}`, company: 404 },
      { name: "another company's API key", authorization: () => `Bearer ${otherCompanyKey}`, company: 404, user: 403 },
      { name: 'member whose custom role lacks the permission', authorization: (route) => `Bearer ${lackingMembers.get(route.access) ?? other.token}`, company: 403 },
      { name: 'member whose custom role lacks a permission the row also needs', authorization: (route) => `Bearer ${lackingMembers.get(route.alsoNeeds?.at(-1) ?? route.access) ?? other.token}`, company: 403 },
      { name: 'key lacking the permission', authorization: (route) => `Bearer ${lackingKeys.get(route.access) ?? otherCompanyKey}`, company: 403, user: 403 },
      { name: 'key lacking a permission the row also needs', authorization: (route) => `Bearer ${lackingKeys.get(route.alsoNeeds?.at(-1) ?? route.access) ?? otherCompanyKey}`, company: 403, user: 403 },
      { name: 'revoked key', authorization: () => `Bearer ${revoked}`, company: 401, user: 401 },
      { name: 'expired key', authorization: () => `Bearer ${expiredKey}`, company: 401, user: 401 },
      { name: 'disallowed IP', authorization: () => `Bearer ${disallowedIp}`, company: 403, user: 403 },
    ];
  });

  it('rejects every credential problem on every route with the documented status, writing nothing', async () => {
    const before = await changesOf(target);
    const companiesBefore = (await target.api.get('/api/v1/Companies')).body.results.length;
    const failures: string[] = [];
    let checked = 0;

    for (const route of ROUTES.filter((r) => r.access !== 'public')) {
      const path = pathParameters(route.path).reduce((p, name) => p.replace(`{${name}}`, name === 'companyId' ? target.companyId : randomUUID()), route.path);
      for (const method of route.methods) {
        for (const c of cases) {
          const expected = route.access === 'user' ? c.user : c.company;
          if (expected === undefined) continue;
          const response = await client(gateway.url, await c.authorization(route)).request(method, path, {
            body: method === 'GET' ? undefined : { version: 1 },
            headers: { 'Idempotency-Key': randomUUID() },
          });
          checked++;
          if (response.status !== expected || response.body?.status !== expected || !response.body?.errors?.[0]?.code) {
            failures.push(`${method} ${route.path} / ${c.name}: ${response.status} (expected ${expected})`);
          }
        }
      }
    }

    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(ROUTES.length * 10);
    expect(await changesOf(target)).toEqual(before);
    expect((await target.api.get('/api/v1/Companies')).body.results.length).toBe(companiesBefore);
  }, 120_000);
});
