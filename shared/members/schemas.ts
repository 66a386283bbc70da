import * as z from '../schemas/zod.ts';
import { Uuid, Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery } from '../schemas/list-query.ts';

export const AddMemberBody = /* @__PURE__ */ lazy(() => z.strictObject({ email: z.email().check(z.maxLength(254)), roleId: Uuid() }));
export type AddMemberInput = z.output<ReturnType<typeof AddMemberBody>>;

export const ChangeMemberBody = /* @__PURE__ */ lazy(() => z.strictObject({ roleId: Uuid(), version: Version() }));
export type ChangeMemberInput = z.output<ReturnType<typeof ChangeMemberBody>>;

export const ListMembersQuery = listQuery(['Email'], 'Email');
