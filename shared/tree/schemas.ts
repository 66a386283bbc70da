import { BilingualName, Code, CodePath, Reference, Version } from '../schemas/common.ts';
import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQueryShape } from '../schemas/list-query.ts';

/** Fields every hierarchy node (account, cost center) accepts. `parentId` takes a UUID or a path. */
export const nodeFields = () => ({
  code: Code(),
  parentId: z._default(z.nullable(Reference()), null),
  name: BilingualName(),
});

export const nodeUpdateFields = () => ({ ...nodeFields(), version: Version() });

/** The list query, narrowed by exact `path` (at most one record) and exact `code` (one per parent at most). */
export const ListNodesQuery = /* @__PURE__ */ lazy(() =>
  z.extend(listQueryShape(['Code', 'CreatedAt'], 'Code'), {
    path: z.optional(CodePath()),
    code: z.optional(Code()),
  }),
);
export type ListNodesInput = z.output<ReturnType<typeof ListNodesQuery>>;
