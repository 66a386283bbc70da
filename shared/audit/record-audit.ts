import { accounts } from '../accounts/account-kind.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import { eventsBetween, pendingEvents } from '../db/event-store.ts';
import { getJournals } from '../db/journal-store.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { swapSides } from '../journals/rules.ts';
import { journalView } from '../journals/views.ts';
import { BalanceAudit } from './balance-audit.ts';
import { canonicalJson } from './chain.ts';
import { describeEvent, firstBreak, type Break } from './chain-walk.ts';
import { checkRecord, recordName, type CurrentRecord } from './record-rules.ts';
import { AUDITED_KIND_OF, type AuditedKind } from './record-state.ts';

/**
 * The records the walked events describe, checked against the table (docs/decisions.md,
 * Audit): each journal, account and cost center at the last event of it in the walk
 * (record-rules.ts); and the postings of the walked journals, handed to the balance checks
 * (balance-audit.ts). Events are handed over page by page; `finish` waits for the balance checks.
 */
export class RecordAudit {
  private broken: Break | undefined;
  /** Records found at a later version than their last walked event: a later event must record it. */
  private readonly ahead = new Map<string, { kind: AuditedKind; event: SequencedEvent; version: number }>();
  /** The highest version any walked event recorded, per record (set before a page's reads, so pages may be checked at once). */
  private readonly recorded = new Map<string, number>();
  private readonly balances: BalanceAudit;

  constructor(private readonly companyId: string) {
    this.balances = new BalanceAudit(companyId);
  }

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
      this.balances.track(journal, event.sequence);
      if (journal.status !== 'reversed') continue;
      const reversal = byId.get(journal.reversedBy);
      if (reversal) this.balances.track(reversal, event.sequence);
      if (reversal && canonicalJson(reversal.entries) !== canonicalJson(swapSides(journal.entries))) {
        this.broken = firstBreak(this.broken, { sequence: event.sequence, reason: `${recordName('journal', reversal.id)}, which reverses ${recordName('journal', journal.id)}, does not hold its lines with the sides swapped: it was changed outside the service` });
      }
    }
    for (const e of revaluations) {
      for (const id of [e.data?.journalId, e.data?.reversalId]) {
        const journal = typeof id === 'string' ? byId.get(id) : undefined;
        if (journal) this.balances.track(journal, e.sequence);
      }
    }
    void this.balances.readNew();
  }

  /**
   * Waits for the balance checks, and, when the walk reached the head (`atHead`), looks for the
   * events of records found ahead of their last walked event (numbering what committed
   * meanwhile first). Returns the first break found by any check.
   */
  async finish(atHead: boolean, to: number): Promise<Break | undefined> {
    this.broken = firstBreak(this.broken, await this.balances.finish());
    if (atHead && [...this.ahead].some(([key, a]) => (this.recorded.get(key) ?? 0) < a.version)) this.broken = firstBreak(this.broken, await this.unrecordedVersion(to));
    return this.broken;
  }

  /** The first record whose version in the table no event records, among those found ahead. */
  private async unrecordedVersion(to: number): Promise<Break | undefined> {
    await sequenceEvents(this.companyId);
    // Pending first: an event numbered between the two reads is then in the second, not in neither.
    const pending = await pendingEvents(this.companyId, 100);
    const later = [...(await eventsBetween(this.companyId, to + 1, to + 1000)), ...pending];
    let broken: Break | undefined;
    for (const [key, { kind, event, version }] of this.ahead) {
      if ((this.recorded.get(key) ?? 0) >= version) continue;
      if (later.some((e) => e.recordId === event.recordId && e.version >= version)) continue;
      broken = firstBreak(broken, { sequence: event.sequence, reason: `${recordName(kind, event.recordId)} is at version ${version} in the table, which no event records (the last is ${describeEvent(event)}): it was changed outside the service` });
    }
    return broken;
  }
}
