import type { AccountAttributes } from '../../../accounts/records.ts';
import type { CostCenterAttributes } from '../../../cost-centers/records.ts';
import type { LineNodes } from '../../../journals/store.ts';
import type { NodeAttributes } from '../../../tree/records.ts';
import { accountKind, costCenterKind, type NodeKindRef } from './node-record.ts';
import { resolveNode } from './node-paths.ts';
import { getNode, getNodes } from './node-reads.ts';

/**
 * The reads the books make of the nodes journal lines name (journals/store.ts, LineNodes): plain
 * objects of three functions, not the kind's NodeStore, whose pages and chains a journal's
 * handler would otherwise carry. Marked pure, so a bundle that reads neither holds neither.
 */
function lineNodes<A extends NodeAttributes>(ref: NodeKindRef): LineNodes<A> & NodeKindRef {
  return {
    ...ref,
    get: (companyId, id) => getNode<A>(ref.kind, companyId, id),
    getMany: (companyId, ids) => getNodes<A>(ref.kind, companyId, ids),
    resolve: (companyId, reference, field) => resolveNode<A>(ref.kind, ref.label, companyId, reference, field),
  };
}

export const accountLines = /* @__PURE__ */ lineNodes<AccountAttributes>(accountKind);
export const costCenterLines = /* @__PURE__ */ lineNodes<CostCenterAttributes>(costCenterKind);
