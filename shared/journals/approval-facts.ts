import type { ApprovalPolicyRecord, JournalSource } from '../approval-policies/records.ts';
import { approvalNeed, checkApproved, needsAncestors, type JournalFacts } from '../approval-policies/rules.ts';
import type { JournalRecord, UnpostedJournal } from './records.ts';
import { totals } from './rules.ts';
import type { FactReads } from '../approval-policies/store.ts';

/**
 * What a journal is, as the approval policy's rules look at it (approval-policies/rules.ts), and
 * the hold Post puts on it.
 */


/** What of a journal the rules look at. */
export type JournalFactsOf = Pick<JournalRecord, 'entries' | 'closingOf' | 'importId' | 'createdBy' | 'reversalOf' | 'revaluationDate'>;

/**
 * Post's hold: a journal a rule of the policy applies to must hold the approvals it asks
 * (loaded by Post only for a company whose policy has rules). Errors: StateConflict (ApprovalRequired).
 */
export async function checkPostable(books: FactReads, companyId: string, journal: UnpostedJournal, policy: ApprovalPolicyRecord): Promise<void> {
  checkApproved(approvalNeed(policy, await journalFacts(books, companyId, journal, policy)), journal.status === 'draft' ? [] : journal.approvals);
}

/** Levels a walk up the chart takes at most (charts are far shallower). */
const MAX_DEPTH = 32;

/** Where the journal comes from, as approval rules name it. */
export function sourceOf(j: JournalFactsOf): JournalSource {
  if (j.revaluationDate) return 'revaluation';
  if (j.reversalOf) return 'reversal';
  if (j.closingOf) return 'closing';
  if (j.importId) return 'import';
  return j.createdBy?.type === 'apiKey' ? 'apiKey' : 'user';
}

/**
 * What the policy's rules look at of a journal (approval-policies/rules.ts): the ancestors of
 * the nodes its lines name are read only when a rule names accounts or cost centers, and the
 * company currency only when a line has none of its own (written before foreign currencies).
 */
export async function journalFacts(books: FactReads, companyId: string, j: JournalFactsOf, policy: ApprovalPolicyRecord | undefined): Promise<JournalFacts> {
  const walk = needsAncestors(policy);
  const [accountIds, costCenterIds, base] = await Promise.all([
    walk ? withAncestors(books.accounts, companyId, j.entries.map((l) => l.accountId)) : new Set<string>(),
    walk ? withAncestors(books.costCenters, companyId, j.entries.flatMap((l) => (l.costCenterId ? [l.costCenterId] : []))) : new Set<string>(),
    j.entries.some((l) => !l.currency) ? books.settings.read(companyId).then((r) => r.settings.baseCurrency) : undefined,
  ]);
  return { debitTotal: totals(j.entries).debit, source: sourceOf(j), accountIds, costCenterIds, currencies: new Set(j.entries.map((l) => l.currency ?? base!)) };
}

/** The nodes and every node above them, a level of the chart a read. */
async function withAncestors(nodes: FactReads['accounts'], companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const seen = new Set(ids);
  let level = [...seen];
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    const parents = (await nodes.getMany(companyId, level)).flatMap((n) => (n.parentId && !seen.has(n.parentId) ? [n.parentId] : []));
    level = [...new Set(parents)];
    for (const id of level) seen.add(id);
  }
  return seen;
}
