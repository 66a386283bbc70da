import { accounts } from '../accounts/account-kind.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import { searchTextOf } from '../tree/search-text.ts';
import type { NodeRecord } from '../tree/records.ts';
import { rowFailure } from './row-failure.ts';
import type { JobSteps } from './job-steps.ts';
import type { NodeImportKind, NodeWrite } from './plan-nodes.ts';

/**
 * Writes planned accounts or cost centers: one step per node, parents first, each in its own
 * transaction with the node's ordinary writes (edge, item, ancestors' level counts), its
 * `AccountCreated`/`CostCenterCreated` event and the step's record. A node the books refuse at
 * that moment (a code taken meanwhile, a parent moved or deleted) is an error of its row; an
 * atomic import stops there, a perItem one goes on (a node under it then fails too).
 */
export async function writeNodes(steps: JobSteps, kind: NodeImportKind, writes: readonly NodeWrite[]): Promise<void> {
  for (const [step, write] of writes.entries()) {
    try {
      await steps.inTransaction(step, () => nodeOps(steps, kind, write), { written: 1 });
    } catch (error) {
      const failure = rowFailure(error, write.row, { parentId: 'parentPath', version: 'parentPath', generalErrors: 'code' });
      await steps.failed(step, failure);
      if (steps.job.mode === 'atomic') return;
    }
  }
}

function nodeOps(steps: JobSteps, kind: NodeImportKind, { node, chain }: NodeWrite) {
  const parentChain = chain.slice(0, -1);
  const searchText = searchTextOf(node.code, node.attributes.name);
  if (kind === 'accounts') {
    const view = accounts.view(node as NodeRecord<never>, chain as NodeRecord<never>[]);
    return [...steps.work.nodeChanges(kind, steps.companyId, node, searchText, parentChain, accounts.parentMust), steps.eventOp('AccountCreated', view)];
  }
  const view = costCenters.view(node as NodeRecord<never>, chain as NodeRecord<never>[]);
  return [...steps.work.nodeChanges(kind, steps.companyId, node, searchText, parentChain, costCenters.parentMust), steps.eventOp('CostCenterCreated', view)];
}
