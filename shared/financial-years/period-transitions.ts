import { currentAuditHead } from '../audit/audit-head.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { NotFound, VersionConflict } from '../errors.ts';
import { nextPeriodStatus, type PeriodTransition } from './rules.ts';
import type { PeriodChanging } from './store.ts';
import { periodView, type PeriodView } from './views.ts';

/**
 * Lock, Close or Reopen one period, versioned on the period. Close answers with an empty
 * body (spec), stores the chain's head on the period and records it in its event; Lock and
 * Reopen return the period. Errors: NotFound, VersionConflict,
 * StateConflict (InvalidState).
 */
export async function changePeriod(
  years: PeriodChanging,
  uow: UnitOfWork,
  companyId: string,
  yearId: string,
  periodId: string,
  version: number,
  transition: PeriodTransition,
): Promise<PeriodView | null> {
  const year = await years.get(companyId, yearId);
  const period = year.periods.find((p) => p.id === periodId);
  if (!period) throw new NotFound('The period');
  if (period.version !== version) throw new VersionConflict();
  const status = nextPeriodStatus(period.status, transition, year.status);
  // A close records the chain's head: every change committed before it (docs/decisions.md, Audit).
  const auditHead = transition === 'Close' ? await currentAuditHead(years, companyId) : undefined;
  const after = periodView(year, { ...period, status, version: period.version + 1, ...(auditHead ? { auditHead } : {}) });
  return uow.commit(years.statusChanges(companyId, year, period, status, auditHead), transition === 'Close' ? null : after, { described: after });
}
