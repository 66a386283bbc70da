import { StateConflict } from '../errors.ts';
import type { Line } from './rules.ts';
import type { Books } from './store.ts';

/**
 * Posting checks the draft's cost centers again: one deactivated after the draft was written
 * no longer takes entries (spec: only an active cost center can be used in entry lines).
 * Void and Reverse act on lines already in the books and do not check; nor does a year's
 * closing journal (closing-journal.ts), which closes figures booked while they were active.
 * Errors: StateConflict (InactiveCostCenter) naming the first line that uses one.
 */
export async function checkCostCentersActive(books: Pick<Books, 'costCenters'>, companyId: string, lines: readonly Line[]): Promise<void> {
  const ids = [...new Set(lines.flatMap((l) => (l.costCenterId ? [l.costCenterId] : [])))];
  const nodes = await Promise.all(ids.map((id) => books.costCenters.get(companyId, id)));
  const inactive = new Set(nodes.filter((n) => n && n.attributes.status !== 'active').map((n) => n!.id));
  const line = lines.findIndex((l) => l.costCenterId !== null && inactive.has(l.costCenterId));
  if (line >= 0) {
    throw new StateConflict('InactiveCostCenter', 'is an inactive cost center; activate it or change the line before posting', `entries[${line}].costCenterId`);
  }
}
