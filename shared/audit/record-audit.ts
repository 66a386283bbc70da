import { accounts } from '../accounts/account-kind.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import { accountPeriodFigures, type AccountPeriodFigures, type PeriodSpan } from '../db/audit-figures.ts';
import { eventsBetween, pendingEvents } from '../db/event-store.ts';
import { getJournals } from '../db/journal-store.ts';
import { getYear } from '../db/year-store.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { linesByAccount } from '../journals/ledger-entries.ts';
import type { JournalRecord } from '../journals/records.ts';
import { swapSides } from '../journals/rules.ts';
import { journalView } from '../journals/views.ts';
import { balanceSums, firstDifference, ledgerSums, linesDigest } from './balance-rules.ts';
import { canonicalJson } from './chain.ts';
import { describeEvent, firstBreak, type Break } from './chain-walk.ts';
import { checkRecord, recordName, type CurrentRecord } from './record-rules.ts';
import { AUDITED_KIND_OF, type AuditedKind } from './record-state.ts';

/** An account in a period some walked event posted into: checked once, at the end. */
interface Pair {
  accountId: string;
  periodId: string;
  yearId: string;
  /** The first walked event that posted into it (a difference is reported there). */
  sequence: number;
  /** Journals of walked events with lines on the account: their lines' digest, or null when the journal is voided (no entry may remain). */
  journals: Map<string, { sequence: number; digest: string | null }>;
}

/**
 * The records the walked events describe, checked against the table (docs/decisions.md,
 * Audit): each journal, account and cost center at the last event of it in the walk
 * (record-rules.ts); each account and period a walked posting touched, its balance items
 * against its ledger entries, and its ledger entries against the walked journals' lines
 * (balance-rules.ts). Events are handed over page by page; `finish` runs the balance checks.
 */
export class RecordAudit {
  private broken: Break | undefined;
  /** Records found at a later version than their last walked event: a later event must record it. */
  private readonly ahead = new Map<string, { kind: AuditedKind; event: SequencedEvent; version: number }>();
  /** The highest version any walked event recorded, per record (set before a page's reads, so pages may be checked at once). */
  private readonly recorded = new Map<string, number>();
  private readonly pairs = new Map<string, Pair>();
  private readonly busyPairs = new Set<string>();

  constructor(private readonly companyId: string) {}

  /** Checks the records of one page of walked events; pages are handed in sequence order, and may be checked at once. */
  async page(events: readonly SequencedEvent[]): Promise<void> {
    const latest = new Map<string, { kind: AuditedKind; event: SequencedEvent }>();
    const revaluations: SequencedEvent[] = [];
    for (const e of events) {
      const kind = AUDITED_KIND_OF[e.type];
      if (e.type === 'RevaluationPosted') revaluations.push(e);
      if (!kind) continue;
      const key = `${kind} ${e.recordId}`;
      this.recorded.set(key, Math.max(this.recorded.get(key) ?? 0, e.version));
      latest.set(key, { kind, event: e });
    }
    const ids = (kind: AuditedKind) => [...latest.values()].filter((l) => l.kind === kind).map((l) => l.event.recordId);
    const revalued = revaluations.flatMap((e) => [e.data?.journalId, e.data?.reversalId].filter((id): id is string => typeof id === 'string'));
    const [journals, accountNodes, centerNodes] = await Promise.all([
      getJournals(this.companyId, [...new Set([...ids('journal'), ...revalued])]),
      accounts.store.getMany(this.companyId, ids('account')),
      costCenters.store.getMany(this.companyId, ids('costCenter')),
    ]);
    const byId = new Map(journals.map((j) => [j.id, j]));
    const current = new Map<string, CurrentRecord>([
      ...journals.map((j) => [`journal ${j.id}`, { version: j.version, answer: journalView(j) }] as const),
      ...accountNodes.map((n) => [`account ${n.id}`, { version: n.version, answer: accounts.view(n, [n]) }] as const),
      ...centerNodes.map((n) => [`costCenter ${n.id}`, { version: n.version, answer: costCenters.view(n, [n]) }] as const),
    ]);
    for (const [key, { kind, event }] of latest) {
      const result = checkRecord(kind, event, current.get(key));
      this.broken = firstBreak(this.broken, result.broken);
      if (result.ahead) this.ahead.set(key, { kind, event, version: current.get(key)!.version });
    }

    // Postings: the journals of walked events as they stand now, a reversal's reversing journal, a revaluation's two.
    const reversing = await getJournals(this.companyId, journals.flatMap((j) => (j.status === 'reversed' ? [j.reversedBy] : [])));
    for (const r of reversing) byId.set(r.id, r);
    for (const { kind, event } of latest.values()) {
      const journal = kind === 'journal' ? byId.get(event.recordId) : undefined;
      if (!journal) continue;
      this.trackPosting(journal, event.sequence);
      if (journal.status !== 'reversed') continue;
      const reversal = byId.get(journal.reversedBy);
      if (reversal) this.trackPosting(reversal, event.sequence);
      if (reversal && canonicalJson(reversal.entries) !== canonicalJson(swapSides(journal.entries))) {
        this.broken = firstBreak(this.broken, { sequence: event.sequence, reason: `${recordName('journal', reversal.id)}, which reverses ${recordName('journal', journal.id)}, does not hold its lines with the sides swapped: it was changed outside the service` });
      }
    }
    for (const e of revaluations) {
      for (const id of [e.data?.journalId, e.data?.reversalId]) {
        const journal = typeof id === 'string' ? byId.get(id) : undefined;
        if (journal) this.trackPosting(journal, e.sequence);
      }
    }
  }

  /** Notes the accounts and period a journal posted into (if it did), with the lines its ledger entries must hold. */
  private trackPosting(journal: JournalRecord, sequence: number): void {
    if (journal.status === 'draft' || !journal.periodId || !journal.financialYearId) return;
    for (const [accountId, lines] of linesByAccount(journal.entries)) {
      const key = `${accountId} ${journal.periodId}`;
      // A posting under way has applied part of its lines: its figures are not comparable yet.
      if (journal.status === 'posting' || journal.status === 'unposting') {
        this.busyPairs.add(key);
        continue;
      }
      const pair = this.pairs.get(key) ?? { accountId, periodId: journal.periodId, yearId: journal.financialYearId, sequence, journals: new Map() };
      pair.sequence = Math.min(pair.sequence, sequence);
      pair.journals.set(journal.id, { sequence, digest: journal.status === 'voided' ? null : linesDigest(lines) });
      this.pairs.set(key, pair);
    }
  }

  /**
   * Runs the balance checks, and, when the walk reached the head (`atHead`), looks for the
   * events of records found ahead of their last walked event (numbering what committed
   * meanwhile first). Returns the first break found by any check.
   */
  async finish(atHead: boolean, to: number): Promise<Break | undefined> {
    const pairs = [...this.pairs.entries()].filter(([key]) => !this.busyPairs.has(key)).map(([, pair]) => pair);
    const years = new Map((await Promise.all([...new Set(pairs.map((p) => p.yearId))].map((id) => getYear(this.companyId, id)))).flatMap((y) => (y ? [[y.id, y] as const] : [])));
    const spans = new Map<string, PeriodSpan[]>();
    for (const pair of pairs) {
      const period = years.get(pair.yearId)?.periods.find((p) => p.id === pair.periodId);
      if (!period) {
        this.broken = firstBreak(this.broken, { sequence: pair.sequence, reason: `period ${pair.periodId}, which a journal posted into, is missing from the table` });
        continue;
      }
      spans.set(pair.accountId, [...(spans.get(pair.accountId) ?? []), period]);
    }
    const figures = spans.size > 0 ? await accountPeriodFigures(this.companyId, spans) : new Map<string, AccountPeriodFigures>();
    for (const pair of pairs) {
      const found = figures.get(`${pair.accountId} ${pair.periodId}`);
      const period = years.get(pair.yearId)?.periods.find((p) => p.id === pair.periodId);
      if (found && period) this.broken = firstBreak(this.broken, this.checkPair(pair, period.name, found));
    }
    if (atHead && [...this.ahead].some(([key, a]) => (this.recorded.get(key) ?? 0) < a.version)) this.broken = firstBreak(this.broken, await this.unrecordedVersion(to));
    return this.broken;
  }

  /** An account's balance items in a period against its ledger entries, and those against the walked journals' lines. */
  private checkPair(pair: Pair, periodName: string, figures: AccountPeriodFigures): Break | undefined {
    const account = recordName('account', pair.accountId);
    if (!figures.settled) return undefined;
    const difference = firstDifference(balanceSums(figures.balances), ledgerSums(figures.ledger));
    let broken: Break | undefined = difference ? { sequence: pair.sequence, reason: `balance of ${account} in period ${periodName} (${pair.periodId}): ${difference}` } : undefined;
    const entries = new Map(figures.ledger.map((e) => [e.journalId, e]));
    for (const [journalId, expected] of pair.journals) {
      const entry = entries.get(journalId);
      const journal = recordName('journal', journalId);
      const reason =
        expected.digest === null ? (entry ? `the ledger of ${account} still holds voided ${journal}` : undefined)
        : !entry ? `the ledger entry of ${journal} on ${account} is missing`
        : linesDigest(entry.lines) !== expected.digest ? `the ledger entry of ${journal} on ${account} differs from the journal's lines`
        : undefined;
      if (reason) broken = firstBreak(broken, { sequence: expected.sequence, reason: `${reason}: changed outside the service` });
    }
    return broken;
  }

  /** The first record whose version in the table no event records, among those found ahead. */
  private async unrecordedVersion(to: number): Promise<Break | undefined> {
    await sequenceEvents(this.companyId);
    const later = [...(await eventsBetween(this.companyId, to + 1, to + 1000)), ...(await pendingEvents(this.companyId, 100))];
    let broken: Break | undefined;
    for (const [key, { kind, event, version }] of this.ahead) {
      if ((this.recorded.get(key) ?? 0) >= version) continue;
      if (later.some((e) => e.recordId === event.recordId && e.version >= version)) continue;
      broken = firstBreak(broken, { sequence: event.sequence, reason: `${recordName(kind, event.recordId)} is at version ${version} in the table, which no event records (the last is ${describeEvent(event)}): it was changed outside the service` });
    }
    return broken;
  }
}
