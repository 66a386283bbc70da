import * as z from 'zod';
import { Uuid, Version } from '../schemas/common.ts';
import { listQuery } from '../schemas/list-query.ts';

export const AddMemberBody = z.strictObject({ email: z.email().max(254), roleId: Uuid });
export type AddMemberInput = z.infer<typeof AddMemberBody>;

export const ChangeMemberBody = z.strictObject({ roleId: Uuid, version: Version });
export type ChangeMemberInput = z.infer<typeof ChangeMemberBody>;

export const ListMembersQuery = listQuery(['Email'], 'Email');
