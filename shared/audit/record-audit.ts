import { accountView } from '../accounts/view.ts';
import { costCenterView } from '../cost-centers/view.ts';
import { taxCodeView } from '../tax-codes/view.ts';
import { counterpartyView } from '../counterparties/view.ts';
import { approvalPolicyView } from '../approval-policies/view.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import { oldestPending } from '../events/pending-order.ts';
import { numberPending } from '../events/numbering-rules.ts';
import type { JournalRecord } from '../journals/records.ts';
import { swapSides } from '../journals/rules.ts';
import { journalView } from '../journals/views.ts';
import { BalanceAudit } from './balance-audit.ts';
import type { TouchedPair } from './balance-rules.ts';
import { canonicalJson } from './chain.ts';
import { describeEvent, firstBreak, type Break } from './chain-walk.ts';
import { checkRecord, recordName, type CurrentRecord } from './record-rules.ts';
import { AUDITED_KIND_OF, type AuditedKind } from './record-state.ts';
import type { RecordAuditReads } from './store.ts';

/** A record the table holds past its last walked event: `need` is the version a later event must record, else `unrecorded` is the break. */
interface Ahead {
  kind: AuditedKind;
  event: SequencedEvent;
  need: number;
  unrecorded: Break;
}

/** History look-ups run at once when a request stops short of the head. */
const LOOKUPS_AT_ONCE = 25;

/** A journal as its events' digests cover it: its answer, and the marker of fields filled from its history since (record-state.ts leaves those out). */
const journalAnswer = (j: JournalRecord) => ({ ...journalView(j), ...(j.authorsFromHistory ? { authorsFromHistory: j.authorsFromHistory } : {}) });

const unrecordedVersion = (kind: AuditedKind, event: SequencedEvent, version: number): Break => ({
  sequence: event.sequence,
  reason: `${recordName(kind, event.recordId)} is at version ${version} in the table, which no event records (the last is ${describeEvent(event)}): it was changed outside the service`,
});

/**
 * The records the walked events describe, checked against the table (docs/decisions.md,
 * Audit): each journal, account and cost center at the last event of it in the walk
 * (record-rules.ts), and a walked journal's fields filled from its history against that history
 * (filled-authors-audit.ts); and the postings of the walked journals, handed to the balance checks
 * (balance-audit.ts): their ledger entries are checked here, the pairs they touched (`touched`)
 * by the run's balance checks once it has walked its range. Events are handed over page by page;
 * `finish` waits for the entry checks.
 */
export class RecordAudit {
  private broken: Break | undefined;
  /** Records the table holds past their last walked event (a later version, or gone): a later event must record that. */
  private readonly ahead = new Map<string, Ahead>();
  /** The highest version any walked event recorded, per record (set before a page's reads, so pages may be checked at once). */
  private readonly recorded = new Map<string, number>();
  private readonly balances: BalanceAudit;
  /** The first ledger entry found to disagree, once `finish` ran. */
  entryBroken: Break | undefined;

  /** `to`: the last number the run may walk (a journal's later event up to it counts there, not here). */
  constructor(
    private readonly books: RecordAuditReads,
    private readonly companyId: string,
    private readonly to: number,
  ) {
    this.balances = new BalanceAudit(books, companyId);
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
    const [journals, accountNodes, centerNodes, taxCodes, counterparties, schedules, policy] = await Promise.all([
      this.books.getJournals(this.companyId, [...new Set([...ids('journal'), ...revalued])]),
      this.books.accounts(this.companyId, ids('account')),
      this.books.costCenters(this.companyId, ids('costCenter')),
      this.books.taxCodes(this.companyId, ids('taxCode')),
      this.books.counterparties(this.companyId, ids('counterparty')),
      this.schedulesNow(ids('schedule')),
      ids('approvalPolicy').length > 0 ? this.books.approvalPolicy(this.companyId) : undefined,
    ]);
    const byId = new Map(journals.map((j) => [j.id, j]));
    const current = new Map<string, CurrentRecord>([
      ...journals.map((j) => [`journal ${j.id}`, { version: j.version, answer: journalAnswer(j) }] as const),
      ...accountNodes.map((n) => [`account ${n.id}`, { version: n.version, answer: accountView(n, [n]) }] as const),
      ...centerNodes.map((n) => [`costCenter ${n.id}`, { version: n.version, answer: costCenterView(n, [n]) }] as const),
      ...taxCodes.map((c) => [`taxCode ${c.taxCodeId}`, { version: c.version, answer: taxCodeView(c) }] as const),
      ...counterparties.map((c) => [`counterparty ${c.counterpartyId}`, { version: c.version, answer: counterpartyView(c) }] as const),
      ...schedules,
      ...(policy ? [[`approvalPolicy ${this.companyId}`, { version: policy.version, answer: approvalPolicyView(policy) }] as const] : []),
    ]);
    for (const [key, { kind, event }] of latest) {
      const found = current.get(key);
      const result = checkRecord(kind, event, found);
      if (result.ahead) this.noteAhead(key, { kind, event, need: found!.version, unrecorded: unrecordedVersion(kind, event, found!.version) });
      // Missing, though its last walked event did not delete it: a later deletion explains that.
      else if (result.broken && !found && !event.type.endsWith('Deleted')) this.noteAhead(key, { kind, event, need: event.version + 1, unrecorded: result.broken });
      else this.broken = firstBreak(this.broken, result.broken);
    }

    // Postings: the journals of walked events as they stand now, a reversal's reversing journal, a revaluation's two.
    const reversing = await this.books.getJournals(this.companyId, journals.flatMap((j) => (j.status === 'reversed' ? [j.reversedBy] : [])));
    for (const r of reversing) byId.set(r.id, r);
    const countsLater = await this.countedLater([...latest.values()].flatMap(({ kind, event }) => {
      const journal = kind === 'journal' ? byId.get(event.recordId) : undefined;
      return journal && journal.version > event.version ? [journal] : [];
    }));
    // The journals walked (a reversal's, a revaluation's too): those with fields filled from history are checked against it.
    const walked: Array<{ journal: JournalRecord; sequence: number }> = [];
    for (const { kind, event } of latest.values()) {
      const journal = kind === 'journal' ? byId.get(event.recordId) : undefined;
      if (!journal) continue;
      walked.push({ journal, sequence: event.sequence });
      const counted = !countsLater.has(journal.id);
      if (counted) this.balances.track(journal, event.sequence);
      if (journal.status !== 'reversed') continue;
      const reversal = byId.get(journal.reversedBy);
      if (reversal) walked.push({ journal: reversal, sequence: event.sequence });
      if (reversal && counted) this.balances.track(reversal, event.sequence);
      if (reversal && canonicalJson(reversal.entries) !== canonicalJson(swapSides(journal.entries))) {
        this.broken = firstBreak(this.broken, { sequence: event.sequence, reason: `${recordName('journal', reversal.id)}, which reverses ${recordName('journal', journal.id)}, does not hold its lines with the sides swapped: it was changed outside the service` });
      }
    }
    for (const e of revaluations) {
      for (const id of [e.data?.journalId, e.data?.reversalId]) {
        const journal = typeof id === 'string' ? byId.get(id) : undefined;
        if (journal) this.balances.track(journal, e.sequence);
        if (journal) walked.push({ journal, sequence: e.sequence });
      }
    }
    void this.balances.readNew();
    // Awaited, then merged: pages are checked at once, so `this.broken` may move meanwhile.
    // The check loads only for journals written before who-did-what was kept (their marker): most companies have none.
    const marked = walked.filter(({ journal }) => journal.authorsFromHistory !== undefined);
    const filled = marked.length > 0 ? await (await import('./filled-authors-audit.ts')).checkFilledAuthors(this.books, this.companyId, marked) : undefined;
    this.broken = firstBreak(this.broken, filled);
  }

  /**
   * Of journals past the walked event of them, those whose current version an event up to `to`
   * made (their history says which): their postings count at that event, which the run walks,
   * so a journal counts at its last event in the range wherever the run's pages fall.
   */
  private async countedLater(journals: readonly JournalRecord[]): Promise<Set<string>> {
    const later = new Set<string>();
    for (let i = 0; i < journals.length; i += LOOKUPS_AT_ONCE) {
      await Promise.all(
        journals.slice(i, i + LOOKUPS_AT_ONCE).map(async (j) => {
          const last = await this.books.lastVersionOf(this.companyId, 'journal', j.id);
          if (last && last.version === j.version && last.sequence <= this.to) later.add(j.id);
        }),
      );
    }
    return later;
  }

  /** The schedules walked, as the table holds them; their view loads only for a company whose walk meets one. */
  private async schedulesNow(ids: string[]): Promise<Array<readonly [string, CurrentRecord]>> {
    if (ids.length === 0) return [];
    const [{ scheduleView }, records] = await Promise.all([import('../schedules/view.ts'), this.books.schedules(this.companyId, ids)]);
    return records.map((s) => [`schedule ${s.scheduleId}`, { version: s.version, answer: scheduleView(s) }] as const);
  }

  /** The accounts and periods the walked journals posted into, for the balance checks. */
  touched(): TouchedPair[] {
    return this.balances.touched();
  }

  /** Keeps the latest walked event of a record found ahead (pages' checks may end out of order). */
  private noteAhead(key: string, ahead: Ahead): void {
    const known = this.ahead.get(key);
    if (!known || known.event.sequence < ahead.event.sequence) this.ahead.set(key, ahead);
  }

  /**
   * Waits for the ledger entry checks, then looks for the events of records found ahead of their last
   * walked event (numbering what committed meanwhile first), after `to`, the last walked:
   *
   *   'head'     the walk reached the head: the events numbered since, and those pending
   *   'history'  it stopped before: the record's last version kept (its history), whose event
   *              must be after `to`, and the events pending
   *   'none'     the chain broke: what the walk did not reach is not checked
   *
   * Returns the first break found by any check.
   */
  async finish(to: number, later: 'head' | 'history' | 'none'): Promise<Break | undefined> {
    this.entryBroken = await this.balances.entries();
    this.broken = firstBreak(this.broken, this.entryBroken);
    if (later !== 'none') this.broken = firstBreak(this.broken, await this.unrecorded(to, later));
    return this.broken;
  }

  /** The first record found ahead whose state no event after it records. */
  private async unrecorded(to: number, later: 'head' | 'history'): Promise<Break | undefined> {
    let open = [...this.ahead].filter(([key, a]) => (this.recorded.get(key) ?? 0) < a.need).map(([, a]) => a);
    if (open.length === 0) return undefined;
    if (later === 'history') open = await this.notRecordedAfter(open, to);
    if (open.length === 0) return undefined;
    await numberPending(this.books, this.companyId);
    // Pending first: an event numbered between the two reads is then in the second, not in neither.
    const pending = oldestPending(await this.books.pendingEverywhere(this.companyId, 100), 100).events;
    if (later === 'history') open = await this.notRecordedAfter(open, to);
    const numbered = later === 'head' ? await this.books.eventsBetween(this.companyId, to + 1, to + 1000) : [];
    const events = [...numbered, ...pending];
    let broken: Break | undefined;
    for (const a of open) {
      if (events.some((e) => e.recordId === a.event.recordId && e.version >= a.need)) continue;
      broken = firstBreak(broken, a.unrecorded);
    }
    return broken;
  }

  /**
   * Those of `open` whose last kept version is not at least the one needed, made by an event
   * after `to` that says so. A walk on from `to` (the next request of a paged run) walks that
   * event, checking its hash, and the record again against it: as one walk to the head would.
   */
  private async notRecordedAfter(open: readonly Ahead[], to: number): Promise<Ahead[]> {
    const left: Ahead[] = [];
    for (let i = 0; i < open.length; i += LOOKUPS_AT_ONCE) {
      const batch = open.slice(i, i + LOOKUPS_AT_ONCE);
      const found = await Promise.all(
        batch.map(async (a) => {
          const last = await this.books.lastVersionOf(this.companyId, a.kind, a.event.recordId);
          if (!last || last.version < a.need || last.sequence <= to) return false;
          const e = await this.books.getEvent(this.companyId, last.sequence);
          return e !== undefined && e.recordId === a.event.recordId && AUDITED_KIND_OF[e.type] === a.kind && e.version === last.version;
        }),
      );
      left.push(...batch.filter((_, n) => !found[n]));
    }
    return left;
  }
}
