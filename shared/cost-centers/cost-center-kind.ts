import type { NodeKind } from '../tree/node-kind.ts';
import type { CostCenterStatus } from './rules.ts';
import type { CostCenterAttributes } from './records.ts';
import type { CreateCostCenterInput, UpdateCostCenterInput } from './schemas.ts';
import { costCenterView, type CostCenterView } from './view.ts';

export type { CostCenterView };

export type { CostCenterAttributes };

/**
 * The cost center kind: its rules and view. A cost center is created active: usable in journal
 * lines at once (docs/decisions.md).
 */
export const costCenters: NodeKind<CreateCostCenterInput, UpdateCostCenterInput, CostCenterView, CostCenterAttributes> = {
  createAttributes: (input) => ({ name: input.name, status: 'active' satisfies CostCenterStatus }),
  updateAttributes: (input, before) => ({ ...before.attributes, name: input.name }),
  view: costCenterView,
};
