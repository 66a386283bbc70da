import { isIP } from 'node:net';
import * as z from '../schemas/zod.ts';
import { PermissionSet } from '../roles/schemas.ts';
import { Uuid, Version } from '../schemas/common.ts';
import { listQuery } from '../schemas/list-query.ts';
import { IsoDateTimeField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';

/** An IPv4 or IPv6 address, or a CIDR range of either. */
const IpOrRange = () => z.string().check(z.refine(
  (value) => {
    const [address, prefix, ...rest] = value.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
  },
  { error: 'must be an IPv4 or IPv6 address or CIDR range' },
));

/** The key's permissions are given either as a list or as a role whose permissions are copied at creation. */
export const CreateApiKeyBody = /* @__PURE__ */ lazy(() =>
  z
    .strictObject({
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      permissions: z.optional(PermissionSet().check(z.minLength(1))),
      roleId: z.optional(Uuid()),
      ipAllowlist: z._default(z.array(IpOrRange()).check(z.maxLength(50)), []),
      expiresAt: z._default(z.nullable(IsoDateTimeField()), null),
    })
    .check(
      z.refine((b) => b.permissions !== undefined || b.roleId !== undefined, { path: ['permissions'], error: 'is required: give the key permissions, or a roleId to copy them from' }),
      z.refine((b) => b.permissions === undefined || b.roleId === undefined, { path: ['permissions'], error: 'give either permissions or roleId, not both' }),
    ),
);
export type CreateApiKeyInput = z.output<ReturnType<typeof CreateApiKeyBody>>;

export const RevokeApiKeyBody = /* @__PURE__ */ lazy(() => z.strictObject({ version: Version() }));

export const ListApiKeysQuery = listQuery(['CreatedAt'], 'CreatedAt');
