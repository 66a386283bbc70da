import { StateConflict } from '../errors.ts';
import type { COST_CENTER_STATUSES } from '../schemas/cost-center-values.ts';

/**
 * Cost center states (spec: States and transitions):
 *
 *   active ──Deactivate──> inactive ──Activate──> active      (each advances the version)
 *
 * Any other request (activating an active one, deactivating an inactive one) is a 409
 * InvalidState and changes nothing.
 */
export type CostCenterStatus = (typeof COST_CENTER_STATUSES)[number];
export type CostCenterTransition = 'Activate' | 'Deactivate';

const TRANSITIONS: Record<CostCenterTransition, { from: CostCenterStatus; to: CostCenterStatus }> = {
  Activate: { from: 'inactive', to: 'active' },
  Deactivate: { from: 'active', to: 'inactive' },
};

export function nextStatus(current: CostCenterStatus, transition: CostCenterTransition): CostCenterStatus {
  const rule = TRANSITIONS[transition];
  if (current !== rule.from) {
    throw new StateConflict('InvalidState', `${transition} applies to an ${rule.from} cost center; this one is ${current}.`);
  }
  return rule.to;
}
