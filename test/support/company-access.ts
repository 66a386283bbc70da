import { setTimeout as sleep } from 'node:timers/promises';
import type { Permission } from '../../shared/auth/permissions.ts';
import type { Client } from './api.ts';

/** A company's members and API keys, added through the API by one who may add them (its owner). */

/** Makes the user with this email a member holding the role. */
export async function addMember(owner: Client, base: string, email: string, roleId: string): Promise<void> {
  const added = await owner.post(`${base}/Members`, { email, roleId });
  if (added.status !== 200) throw new Error(`member not added: ${added.text}`);
}

/** A new API key of the company holding the permissions; answers the key itself and its record. */
async function createdKey(owner: Client, base: string, permissions: readonly Permission[], fields: { ipAllowlist?: string[]; expiresAt?: string } = {}) {
  const created = await owner.post(`${base}/ApiKeys`, { name: 'test key', permissions, ...fields });
  if (created.status !== 200) throw new Error(`API key not created: ${created.text}`);
  return created.body as { key: string; id: string; version: number };
}

/** A new API key of the company holding the permissions, usable only from `ipAllowlist` when given. */
export async function addApiKey(owner: Client, base: string, permissions: readonly Permission[], ipAllowlist?: string[]): Promise<string> {
  return (await createdKey(owner, base, permissions, ipAllowlist ? { ipAllowlist } : {})).key;
}

/** An API key revoked right after it was created. */
export async function revokedApiKey(owner: Client, base: string, permissions: readonly Permission[]): Promise<string> {
  const { key, id, version } = await createdKey(owner, base, permissions);
  const revoked = await owner.delete(`${base}/ApiKeys/${id}`, { version });
  if (revoked.status !== 200) throw new Error(`API key not revoked: ${revoked.text}`);
  return key;
}

/** An API key created to expire a second later, answered once it has (a key is never created expired). */
export async function expiredApiKey(owner: Client, base: string, permissions: readonly Permission[]): Promise<string> {
  const expiresAt = Date.now() + 1_000;
  const { key } = await createdKey(owner, base, permissions, { expiresAt: new Date(expiresAt).toISOString() });
  await sleep(Math.max(0, expiresAt - Date.now()) + 50);
  return key;
}
