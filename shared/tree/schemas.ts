import { BilingualName, Code, Reference, Version } from '../schemas/common.ts';
import * as z from '../schemas/zod.ts';
import { listQuery } from '../schemas/list-query.ts';

/** Fields every hierarchy node (account, cost center) accepts. `parentId` takes a UUID or a path. */
export const nodeFields = () => ({
  code: Code(),
  parentId: z._default(z.nullable(Reference()), null),
  name: BilingualName(),
});

export const nodeUpdateFields = () => ({ ...nodeFields(), version: Version() });

export const ListNodesQuery = listQuery(['Code', 'CreatedAt'], 'Code');
