import { NodeStore } from '../db/node-store.ts';
import type { NodeKind } from '../tree/node-kind.ts';
import { joinPath } from '../tree/rules.ts';
import type { CostCenterStatus } from './rules.ts';
import type { CreateCostCenterInput, UpdateCostCenterInput } from './schemas.ts';

export interface CostCenterView {
  id: string;
  code: string;
  path: string;
  parentId: string | null;
  name: { arabic: string; english: string };
  status: CostCenterStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A cost center is created active: usable in journal lines at once (docs/decisions.md). */
export const costCenters: NodeKind<CreateCostCenterInput, UpdateCostCenterInput, CostCenterView> = {
  store: new NodeStore('COST_CENTER', 'The cost center'),
  createAttributes: (input) => ({ name: input.name, status: 'active' satisfies CostCenterStatus }),
  updateAttributes: (input, before) => ({ ...before.attributes, name: input.name }),
  view: (node, chain) => ({
    id: node.id,
    code: node.code,
    path: joinPath(chain),
    parentId: node.parentId,
    name: node.attributes.name as CostCenterView['name'],
    status: node.attributes.status as CostCenterStatus,
    version: node.version,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
  }),
};
