import type { ResponseOf } from '../schemas/responses.ts';
import { nodeView } from '../tree/node-kind.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { CostCenterAttributes } from './records.ts';

/** A cost center as answered, apart from the kind's rules (cost-center-kind.ts), for what only shows cost centers (the audit's record checks). */

export type CostCenterView = ResponseOf<'CostCenterResponse'>;

/** The cost center as answered, with its chain from the root. */
export const costCenterView = (node: NodeRecord<CostCenterAttributes>, chain: NodeRecord<CostCenterAttributes>[]): CostCenterView => ({ ...nodeView(node, chain), status: node.attributes.status });
