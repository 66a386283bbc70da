import { accounts } from '../accounts/account-kind.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import { referenceCheckOp, usageDeleteOp, usagePutOp } from '../db/nodes/node-references.ts';
import type { WriteOp } from '../db/transact.ts';
import { VersionConflict } from '../errors.ts';
import type { Line } from './rules.ts';

const distinct = (lines: readonly Line[]) => ({
  accounts: new Set(lines.map((l) => l.accountId)),
  costCenters: new Set(lines.flatMap((l) => (l.costCenterId ? [l.costCenterId] : []))),
});

const changed = () => new VersionConflict('An account or cost center named in the entries changed meanwhile; read it again and retry.');

/**
 * The writes that record which accounts and cost centers a journal names: for each newly named
 * one, a check that it still qualifies (leaf account, active cost center, not being deleted) and
 * a usage item that keeps it from being deleted (`adds`, in pairs); for each no longer named
 * one, its usage item goes (`removes`).
 */
export function referenceChanges(companyId: string, journalId: string, lines: readonly Line[], previous: readonly Line[]): { adds: WriteOp[][]; removes: WriteOp[] } {
  const now = distinct(lines);
  const before = distinct(previous);
  const adds: WriteOp[][] = [];
  const removes: WriteOp[] = [];
  for (const id of now.accounts) {
    if (!before.accounts.has(id)) adds.push([referenceCheckOp(accounts.store, companyId, id, accounts.usableInEntries, changed), usagePutOp(accounts.store, companyId, id, journalId)]);
  }
  for (const id of now.costCenters) {
    if (!before.costCenters.has(id)) adds.push([referenceCheckOp(costCenters.store, companyId, id, costCenters.usableInEntries, changed), usagePutOp(costCenters.store, companyId, id, journalId)]);
  }
  for (const id of before.accounts) if (!now.accounts.has(id)) removes.push(usageDeleteOp(accounts.store, companyId, id, journalId));
  for (const id of before.costCenters) if (!now.costCenters.has(id)) removes.push(usageDeleteOp(costCenters.store, companyId, id, journalId));
  return { adds, removes };
}

/** All of referenceChanges' writes, for a write that commits them in its own transaction. */
export function referenceOps(companyId: string, journalId: string, lines: readonly Line[], previous: readonly Line[]): WriteOp[] {
  const { adds, removes } = referenceChanges(companyId, journalId, lines, previous);
  return [...adds.flat(), ...removes];
}
