import type { NodeReplacing } from '../tree/store.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { changeNodeAttributes } from '../tree/use-cases.ts';
import { costCenters, type CostCenterView } from './cost-center-kind.ts';
import type { CostCenterAttributes } from './records.ts';
import { nextStatus, type CostCenterTransition } from './rules.ts';

/** Activate or Deactivate, versioned. Errors: NotFound, VersionConflict, StateConflict (InvalidState). */
export function changeCostCenterStatus(
  nodes: NodeReplacing<CostCenterAttributes>,
  uow: UnitOfWork,
  companyId: string,
  id: string,
  version: number,
  transition: CostCenterTransition,
): Promise<CostCenterView> {
  return changeNodeAttributes(costCenters, nodes, uow, companyId, id, version, (before) => ({
    ...before.attributes,
    status: nextStatus(before.attributes.status, transition),
  }));
}
