import type { AccountAttributes } from '../../../accounts/records.ts';
import type { CostCenterAttributes } from '../../../cost-centers/records.ts';
import { NodeStore } from '../node-store.ts';

/**
 * The one store of each node kind: the handlers hand it to the tree's use cases (their reads, and
 * the write ports of nodes/node-ports.ts), and the reports and the books read through these.
 * Marked pure, so a bundle that reads neither holds neither.
 */
export const accountNodes = /* @__PURE__ */ new NodeStore<AccountAttributes>('ACCOUNT', 'The account');
export const costCenterNodes = /* @__PURE__ */ new NodeStore<CostCenterAttributes>('COST_CENTER', 'The cost center');
