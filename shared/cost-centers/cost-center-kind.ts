import { NodeStore } from '../db/stores/node-store.ts';
import type { NodeAttributes } from '../tree/records.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { nodeView, type NodeKind } from '../tree/node-kind.ts';
import type { CostCenterStatus } from './rules.ts';
import type { CreateCostCenterInput, UpdateCostCenterInput } from './schemas.ts';

export type CostCenterView = ResponseOf<'CostCenterResponse'>;

/** A cost center is created active: usable in journal lines at once (docs/decisions.md). */
/** A cost center's own attribute: whether it is active. */
export type CostCenterAttributes = NodeAttributes & { status: CostCenterStatus };

/** The cost center kind, with the store the other areas read cost centers from and the handlers hand the tree's write ports. */
export const costCenters: NodeKind<CreateCostCenterInput, UpdateCostCenterInput, CostCenterView, CostCenterAttributes> & { store: NodeStore<CostCenterAttributes> } = {
  store: new NodeStore<CostCenterAttributes>('COST_CENTER', 'The cost center'),
  usableInEntries: 'isActive',
  createAttributes: (input) => ({ name: input.name, status: 'active' satisfies CostCenterStatus }),
  updateAttributes: (input, before) => ({ ...before.attributes, name: input.name }),
  view: (node, chain) => ({ ...nodeView(node, chain), status: node.attributes.status }),
};
