import * as z from '../schemas/zod.ts';
import { PERMISSIONS } from '../auth/permissions.ts';
import { ReadableText, Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';

const Name = () => ReadableText(50);
const Description = () => z.string().check(z.trim(), z.maxLength(200));
/** A set of permissions: each known, none repeated (an empty role is allowed: a member who may only sign in). */
export const PermissionSet = () =>
  z.array(z.enum(PERMISSIONS)).check(z.refine((p) => new Set(p).size === p.length, { error: 'must not repeat a permission' }));

export const CreateRoleBody = /* @__PURE__ */ lazy(() => z.strictObject({ name: Name(), description: z._default(Description(), ''), permissions: PermissionSet() }));
export type CreateRoleInput = z.output<ReturnType<typeof CreateRoleBody>>;

export const UpdateRoleBody = /* @__PURE__ */ lazy(() => z.strictObject({ name: Name(), description: z._default(Description(), ''), permissions: PermissionSet(), version: Version() }));
export type UpdateRoleInput = z.output<ReturnType<typeof UpdateRoleBody>>;
