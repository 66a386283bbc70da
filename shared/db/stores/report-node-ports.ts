import type { AccountAttributes } from '../../accounts/records.ts';
import type { CostCenterAttributes } from '../../cost-centers/records.ts';
import type { CostCenterReads } from '../../reports/store.ts';
import { resolveNode } from './nodes/node-paths.ts';
import { allNodes, ancestorChains, getNodes } from './nodes/node-reads.ts';

/**
 * The accounts and cost centers the reports' ports read (report-ports.ts and the ports apart
 * from it), through the node reads themselves, not the kinds' stores, whose classes carry every
 * read (pages too) into the bundle.
 */
export const accounts = (companyId: string) => allNodes<AccountAttributes>('ACCOUNT', companyId);

export const costCenters: CostCenterReads['costCenters'] = {
  resolve: (companyId, reference, field) => resolveNode<CostCenterAttributes>('COST_CENTER', 'The cost center', companyId, reference, field),
  chains: (companyId, nodes) => ancestorChains('COST_CENTER', 'The cost center', companyId, nodes),
  getMany: (companyId, ids) => getNodes<CostCenterAttributes>('COST_CENTER', companyId, ids),
  all: (companyId) => allNodes<CostCenterAttributes>('COST_CENTER', companyId),
};
