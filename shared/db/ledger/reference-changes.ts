import { takesCurrency } from '../stores/node-conditions.ts';
import { referenceGuardCheckOp } from '../stores/nodes/node-guards.ts';
import { markBusy } from '../capacity/busy-records.ts';
import { referenceCheckOp, usageDeleteOp, usagePutOp } from '../stores/nodes/node-references.ts';
import { VersionConflict } from '../../errors.ts';
import type { Line } from '../../journals/rules.ts';
import type { NodeConditionName } from '../../tree/records.ts';
import { accountKind as accounts, costCenterKind as costCenters } from '../stores/nodes/node-record.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * What a node must still be, as the journal's write commits, for a journal line to name it: a
 * leaf account, an active cost center (the use case checked them on reading: journals/resolve-lines.ts).
 */
const LINES_NAME: Readonly<Record<'account' | 'costCenter', NodeConditionName>> = { account: 'isLeaf', costCenter: 'isActive' };

const distinct = (lines: readonly Line[]) => ({
  accounts: new Set(lines.map((l) => l.accountId)),
  costCenters: new Set(lines.flatMap((l) => (l.costCenterId ? [l.costCenterId] : []))),
});

const changed = () => new VersionConflict('An account or cost center named in the entries changed meanwhile; read it again and retry.');

/** The one currency of the lines on each account, or null where they are in several. */
function currencyPerAccount(lines: readonly Line[]): Map<string, string | null> {
  const currencies = new Map<string, string | null>();
  for (const { accountId, currency = null } of lines) {
    currencies.set(accountId, !currencies.has(accountId) || currencies.get(accountId) === currency ? currency : null);
  }
  return currencies;
}

/** How referenceChanges checks what the journal names. */
export interface ReferenceCheckOptions {
  /** Check each account takes its lines' currency (false: the closing journal). */
  accountCurrencies?: boolean;
  /**
   * The lines were checked against the nodes as read: check one of each node's reference guards
   * at commit (node-guards.ts) instead of the node item (false: a generated journal, which read
   * no node).
   */
  checkedOnRead?: boolean;
  /** Accounts read under a use pin that covers this draft (capacity/pin-rules.ts): nothing to check at commit. */
  pinned?: ReadonlySet<string>;
}

/**
 * The writes that record which accounts and cost centers a journal names: for each newly named
 * one, a check that it still qualifies (leaf account, active cost center, not being deleted;
 * with `accountCurrencies`, an account whose currency its lines are in) and a usage item that
 * keeps it from being deleted or its currency changed (`adds`, in pairs, or the usage item alone
 * for a pinned account); for each no longer named one, its usage item goes (`removes`). An
 * account named before keeps its currency for as long as the usage item lives, so only new
 * names need the currency check.
 */
export function referenceChanges(
  companyId: string,
  journalId: string,
  lines: readonly Line[],
  previous: readonly Line[],
  { accountCurrencies = true, checkedOnRead = true, pinned = new Set() }: ReferenceCheckOptions = {},
): { adds: WriteOp[][]; removes: WriteOp[] } {
  const check = checkedOnRead ? referenceGuardCheckOp : referenceCheckOp;
  const now = distinct(lines);
  const before = distinct(previous);
  const currencies = currencyPerAccount(lines);
  const adds: WriteOp[][] = [];
  const removes: WriteOp[] = [];
  for (const id of now.accounts) {
    if (before.accounts.has(id)) continue;
    const usage = usagePutOp(accounts, companyId, id, journalId);
    if (pinned.has(id)) {
      adds.push([usage]);
      continue;
    }
    const currency = accountCurrencies ? takesCurrency(currencies.get(id)!) : undefined;
    // A check cancelled by another at once marks the account busy, so a later draft may pin it (use-pins.ts).
    adds.push([{ ...check(accounts, companyId, id, LINES_NAME.account, changed, currency), onConflict: () => markBusy(id) }, usage]);
  }
  for (const id of now.costCenters) {
    if (!before.costCenters.has(id)) adds.push([check(costCenters, companyId, id, LINES_NAME.costCenter, changed), usagePutOp(costCenters, companyId, id, journalId)]);
  }
  for (const id of before.accounts) if (!now.accounts.has(id)) removes.push(usageDeleteOp(accounts, companyId, id, journalId));
  for (const id of before.costCenters) if (!now.costCenters.has(id)) removes.push(usageDeleteOp(costCenters, companyId, id, journalId));
  return { adds, removes };
}

/**
 * All of referenceChanges' writes, for a generated journal that commits them in its own
 * transaction: the closing journal's base-currency lines close base balances, whatever the
 * accounts' currencies.
 */
export function referenceOps(companyId: string, journalId: string, lines: readonly Line[], previous: readonly Line[]): WriteOp[] {
  const { adds, removes } = referenceChanges(companyId, journalId, lines, previous, { accountCurrencies: false, checkedOnRead: false });
  return [...adds.flat(), ...removes];
}
