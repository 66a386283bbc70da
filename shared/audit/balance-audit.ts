import { linesByAccount, unpostedJournal, type LedgerLine } from '../journals/rules.ts';
import type { AccountPeriodFigures } from './records.ts';
import type { PeriodSpan, YearRecord } from '../financial-years/records.ts';
import type { JournalRecord } from '../journals/records.ts';
import { balanceSums, firstDifference, ledgerSums, linesDigest, type EntryPlace, type TouchedPair } from './balance-rules.ts';
import { firstBreak, type Break } from './chain-walk.ts';
import { recordName } from './record-rules.ts';
import type { BalanceAuditReads } from './store.ts';

/** A walked journal's ledger entry on one account as it must be: its lines' digest, or null when the journal is voided (no entry may remain). */
interface EntryCheck {
  place: EntryPlace;
  /** The journal's version when the walk read it: only a journal still there is judged. */
  version: number;
  sequence: number;
  digest: string | null;
}

/**
 * The balance checks of a walk (docs/decisions.md, Audit), in two parts:
 *
 *   entries  each walked journal's ledger entry on each account holds its lines (a voided
 *            one's is gone): read by key as pages are walked (`track`, `readNew`, `entries`),
 *            so a page reads its own journals' entries, not the accounts' whole ledgers;
 *   sums     each account and period a walked posting touched (`touched`): its balance items
 *            against its ledger entries (`checkPairSums`), once per run, after the walk.
 *
 * `finish` does both, for a walk checked in one go.
 */
export class BalanceAudit {
  private broken: Break | undefined;
  private readonly pairs = new Map<string, TouchedPair>();
  /** Entries tracked since the last `readNew`. */
  private unread: EntryCheck[] = [];
  private readonly reads: Array<Promise<void>> = [];

  constructor(
    private readonly books: BalanceAuditReads,
    private readonly companyId: string,
  ) {}

  /** Notes the accounts and period a journal posted into (if it did), with the lines its ledger entries must hold. */
  track(journal: JournalRecord, sequence: number): void {
    if (unpostedJournal(journal) || !journal.periodId || !journal.financialYearId) return;
    // A posting under way has applied part of its lines: its pairs' figures are not comparable yet.
    const busy = journal.status === 'posting' || journal.status === 'unposting';
    for (const [accountId, lines] of linesByAccount(journal.entries)) {
      const key = this.books.pairKey(accountId, journal.periodId);
      const pair = this.pairs.get(key);
      // A busy pair is never judged, so its first number may count busy postings too.
      if (!pair) this.pairs.set(key, { accountId, periodId: journal.periodId, yearId: journal.financialYearId, sequence, busy });
      else {
        pair.sequence = Math.min(pair.sequence, sequence);
        pair.busy ||= busy;
      }
      if (busy || !journal.postingDate) continue;
      const place = { accountId, postingDate: journal.postingDate, serialNumber: journal.serialNumber, journalId: journal.id };
      this.unread.push({ place, version: journal.version, sequence, digest: journal.status === 'voided' ? null : linesDigest(lines) });
    }
  }

  /** Starts reading the entries tracked since the last call; the walk goes on meanwhile (`entries` waits for it; so may a caller). */
  readNew(): Promise<void> {
    const checks = this.unread;
    this.unread = [];
    if (checks.length === 0) return Promise.resolve();
    const read = this.checkEntries(checks);
    // Awaited by `entries`; until then a failure must not count as unhandled.
    read.catch(() => undefined);
    this.reads.push(read);
    return read;
  }

  /** Waits for the entry checks; the first break they found. */
  async entries(): Promise<Break | undefined> {
    void this.readNew();
    await Promise.all(this.reads);
    return this.broken;
  }

  /** The pairs walked postings touched. */
  touched(): TouchedPair[] {
    return [...this.pairs.values()];
  }

  /** Both checks at once: the first break (a balance before an entry at the same number, as within one pair). */
  async finish(): Promise<Break | undefined> {
    const entries = await this.entries();
    return firstBreak(await checkPairSums(this.books, this.companyId, this.touched()), entries);
  }

  private async checkEntries(checks: readonly EntryCheck[]): Promise<void> {
    const found = await this.books.ledgerEntriesAt(this.companyId, checks.map((c) => c.place));
    const differing = checks.flatMap((c, i) => {
      const reason = entryDifference(c, found[i]!);
      return reason ? [{ check: c, reason }] : [];
    });
    if (differing.length === 0) return;
    // A journal changed since the walk read it changed its entries with it (one transaction): only one still at that version is judged.
    const now = await this.books.getJournals(this.companyId, [...new Set(differing.map((d) => d.check.place.journalId))]);
    const versions = new Map(now.map((j) => [j.id, j.version]));
    for (const { check, reason } of differing) {
      if (versions.get(check.place.journalId) === check.version) this.broken = firstBreak(this.broken, { sequence: check.sequence, reason: `${reason}: changed outside the service` });
    }
  }
}

function entryDifference(check: EntryCheck, lines: LedgerLine[] | null): string | undefined {
  const account = recordName('account', check.place.accountId);
  const journal = recordName('journal', check.place.journalId);
  if (check.digest === null) return lines ? `the ledger of ${account} still holds voided ${journal}` : undefined;
  if (!lines) return `the ledger entry of ${journal} on ${account} is missing`;
  return linesDigest(lines) !== check.digest ? `the ledger entry of ${journal} on ${account} differs from the journal's lines` : undefined;
}

/**
 * Each pair's balance items against its ledger entries (busy pairs are left out): the first
 * break, by number, then by the order given. A pair is read once (balances and ledger at the
 * same time, only what is compared); one that disagrees is read again exactly (balances, ledger,
 * balances: accountPeriodFigures) and judged on those figures, so a posting that committed
 * between the first reads is never reported.
 */
export async function checkPairSums(books: BalanceAuditReads, companyId: string, pairs: readonly TouchedPair[]): Promise<Break | undefined> {
  const years = new Map<string, Promise<YearRecord | undefined>>();
  const year = (id: string) => {
    let found = years.get(id);
    if (!found) years.set(id, (found = books.getYear(companyId, id)));
    return found;
  };
  let broken: Break | undefined;
  const located: Array<{ pair: TouchedPair; period: PeriodSpan & { name: string } }> = [];
  for (const pair of pairs) {
    if (pair.busy) continue;
    const period = (await year(pair.yearId))?.periods.find((p) => p.id === pair.periodId);
    if (period) located.push({ pair, period });
    else broken = firstBreak(broken, { sequence: pair.sequence, reason: `period ${pair.periodId}, which a journal posted into, is missing from the table` });
  }
  const spansOf = (list: typeof located) => {
    const spans = new Map<string, PeriodSpan[]>();
    for (const { pair, period } of list) spans.set(pair.accountId, [...(spans.get(pair.accountId) ?? []), period]);
    return spans;
  };
  if (located.length === 0) return broken;
  const first = await books.figuresOnce(companyId, spansOf(located));
  const doubtful = located.filter(({ pair }) => {
    const figures = first.get(books.pairKey(pair.accountId, pair.periodId));
    return figures !== undefined && firstDifference(balanceSums(figures.balances), ledgerSums(figures.ledger)) !== undefined;
  });
  if (doubtful.length === 0) return broken;
  const exact = await books.figures(companyId, spansOf(doubtful));
  for (const { pair, period } of doubtful) {
    const figures = exact.get(books.pairKey(pair.accountId, pair.periodId));
    if (figures) broken = firstBreak(broken, sumsDifference(pair, period.name, figures));
  }
  return broken;
}

/** An account's balance items in a period against its ledger entries (nothing concluded while postings kept landing). */
function sumsDifference(pair: TouchedPair, periodName: string, figures: AccountPeriodFigures): Break | undefined {
  if (!figures.settled) return undefined;
  const difference = firstDifference(balanceSums(figures.balances), ledgerSums(figures.ledger));
  return difference ? { sequence: pair.sequence, reason: `balance of ${recordName('account', pair.accountId)} in period ${periodName} (${pair.periodId}): ${difference}` } : undefined;
}
