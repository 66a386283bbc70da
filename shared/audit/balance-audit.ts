import { accountPeriodFigures, accountPeriodFiguresOnce, pairKey, type AccountPeriodFigures, type PairFigures, type PeriodSpan } from '../db/audit-figures.ts';
import { getYear, type YearRecord } from '../db/year-store.ts';
import { linesByAccount } from '../journals/ledger-entries.ts';
import type { JournalRecord } from '../journals/records.ts';
import { balanceSums, firstDifference, ledgerSums, linesDigest } from './balance-rules.ts';
import { firstBreak, type Break } from './chain-walk.ts';
import { recordName } from './record-rules.ts';

/** An account in a period some walked event posted into. */
interface Pair {
  accountId: string;
  periodId: string;
  yearId: string;
  /** The first walked event that posted into it (a difference is reported there). */
  sequence: number;
  /** Journals of walked events with lines on the account: their lines' digest, or null when the journal is voided (no entry may remain). */
  journals: Map<string, { sequence: number; digest: string | null }>;
}

/** What the first read of a pair found: whether its balance items add up to its ledger entries, and each entry's lines (linesDigest) by journal. */
interface FirstRead {
  agrees: boolean;
  entries: Map<string, string>;
}


/**
 * The balance checks of a walk (docs/decisions.md, Audit): for each account and period a
 * walked posting touched, its balance items against its ledger entries, and its ledger entries
 * against the walked journals' lines (balance-rules.ts).
 *
 * Running with the walk: a pair is read once (balances and ledger at the same time, only what is
 * compared) as soon as a page first posts into it, while later pages are still being walked, and
 * kept only as "agrees or not" and its entries' digests. At the end, a pair whose first read
 * agrees with everything walked is done; any other is read again exactly (balances, ledger,
 * balances: accountPeriodFigures) and checked on those figures, so a posting that committed
 * between the first reads is never reported.
 */
export class BalanceAudit {
  private broken: Break | undefined;
  private readonly pairs = new Map<string, Pair>();
  /** Pairs with a posting under way: their figures are not comparable yet. */
  private readonly busy = new Set<string>();
  /** Pairs tracked since the last `readNew`. */
  private unread: Pair[] = [];
  private readonly firstReads = new Map<string, FirstRead>();
  private readonly reads: Array<Promise<void>> = [];
  private readonly years = new Map<string, Promise<YearRecord | undefined>>();

  constructor(private readonly companyId: string) {}

  /** Notes the accounts and period a journal posted into (if it did), with the lines its ledger entries must hold. */
  track(journal: JournalRecord, sequence: number): void {
    if (journal.status === 'draft' || !journal.periodId || !journal.financialYearId) return;
    for (const [accountId, lines] of linesByAccount(journal.entries)) {
      const key = pairKey(accountId, journal.periodId);
      // A posting under way has applied part of its lines: its figures are not comparable yet.
      if (journal.status === 'posting' || journal.status === 'unposting') {
        this.busy.add(key);
        continue;
      }
      let pair = this.pairs.get(key);
      if (!pair) {
        pair = { accountId, periodId: journal.periodId, yearId: journal.financialYearId, sequence, journals: new Map() };
        this.pairs.set(key, pair);
        this.unread.push(pair);
      }
      pair.sequence = Math.min(pair.sequence, sequence);
      pair.journals.set(journal.id, { sequence, digest: journal.status === 'voided' ? null : linesDigest(lines) });
    }
  }

  /** Starts the first read of the pairs tracked since the last call; the walk goes on meanwhile (`finish` waits for it; so may a caller). */
  readNew(): Promise<void> {
    const pairs = this.unread;
    this.unread = [];
    if (pairs.length === 0) return Promise.resolve();
    const read = this.readFirst(pairs);
    // Awaited by `finish`; until then a failure must not count as unhandled.
    read.catch(() => undefined);
    this.reads.push(read);
    return read;
  }

  /** Waits for the first reads, reads again exactly what they did not clear, and returns the first break found. */
  async finish(): Promise<Break | undefined> {
    void this.readNew();
    await Promise.all(this.reads);
    const doubtful = [...this.pairs].filter(([key, pair]) => {
      const first = this.firstReads.get(key);
      return !this.busy.has(key) && first !== undefined && !(first.agrees && entriesAsWalked(pair, first.entries));
    });
    if (doubtful.length === 0) return this.broken;
    const spans = await this.spans(doubtful.map(([, pair]) => pair));
    const figures = await accountPeriodFigures(this.companyId, spans);
    for (const [key, pair] of doubtful) {
      const found = figures.get(key);
      const period = (await this.year(pair.yearId))?.periods.find((p) => p.id === pair.periodId);
      if (found && period) this.broken = firstBreak(this.broken, checkPair(pair, period.name, found));
    }
    return this.broken;
  }

  private year(id: string): Promise<YearRecord | undefined> {
    let year = this.years.get(id);
    if (!year) this.years.set(id, (year = getYear(this.companyId, id)));
    return year;
  }

  /** The periods of the pairs by account (a pair whose period is gone is a break). */
  private async spans(pairs: readonly Pair[]): Promise<Map<string, PeriodSpan[]>> {
    const spans = new Map<string, PeriodSpan[]>();
    for (const pair of pairs) {
      const period = (await this.year(pair.yearId))?.periods.find((p) => p.id === pair.periodId);
      if (!period) {
        this.broken = firstBreak(this.broken, { sequence: pair.sequence, reason: `period ${pair.periodId}, which a journal posted into, is missing from the table` });
        continue;
      }
      spans.set(pair.accountId, [...(spans.get(pair.accountId) ?? []), period]);
    }
    return spans;
  }

  private async readFirst(pairs: readonly Pair[]): Promise<void> {
    const spans = await this.spans(pairs);
    if (spans.size === 0) return;
    for (const [key, figures] of await accountPeriodFiguresOnce(this.companyId, spans)) this.firstReads.set(key, firstRead(figures));
  }
}

function firstRead(figures: PairFigures): FirstRead {
  return {
    agrees: firstDifference(balanceSums(figures.balances), ledgerSums(figures.ledger)) === undefined,
    entries: new Map(figures.ledger.map((e) => [e.journalId, linesDigest(e.lines)])),
  };
}

/** Whether every walked journal's entry is as its lines say (a voided one's gone). */
function entriesAsWalked(pair: Pair, entries: ReadonlyMap<string, string>): boolean {
  for (const [journalId, expected] of pair.journals) {
    if (expected.digest === null ? entries.has(journalId) : entries.get(journalId) !== expected.digest) return false;
  }
  return true;
}

/** An account's balance items in a period against its ledger entries, and those against the walked journals' lines. */
function checkPair(pair: Pair, periodName: string, figures: AccountPeriodFigures): Break | undefined {
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
