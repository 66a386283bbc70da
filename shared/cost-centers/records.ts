import type { NodeAttributes } from '../tree/records.ts';
import type { CostCenterStatus } from './rules.ts';

/** A cost center's own attribute: whether it is active. */
export type CostCenterAttributes = NodeAttributes & { status: CostCenterStatus };
