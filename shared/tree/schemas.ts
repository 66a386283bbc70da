import * as z from 'zod';
import { BilingualName, Code, Reference, Version } from '../schemas/common.ts';
import { listQuery } from '../schemas/list-query.ts';

/** Fields every hierarchy node (account, cost center) accepts. `parentId` takes a UUID or a path. */
export const NodeFields = {
  code: Code,
  parentId: Reference.nullable().default(null),
  name: BilingualName,
};

export const NodeUpdateFields = { ...NodeFields, version: Version };

export const ListNodesQuery = listQuery(['Code', 'CreatedAt'], 'Code');
