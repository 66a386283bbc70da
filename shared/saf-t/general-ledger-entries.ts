import type { RowLimits } from '../exports/row-limits.ts';
import type { XmlStream } from '../exports/xml.ts';
import { sortsBefore, type LedgerRow } from '../journals/ledger-entries.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { SafTNaming } from './naming.ts';
import { lineMils, partyRoles, type PartyRole } from './rules.ts';
import type { SafTReads } from './store.ts';
import { transactionXml, type PostingJournal } from './transactions.ts';

/** Journals read by id at once, and ledger lines held while they are read: a batch is bounded either way (a journal holds up to 1,000 lines). */
const JOURNALS_AT_ONCE = 100;
const ROWS_AT_ONCE = 5_000;

/** What the lines written add up to: the header's totals, the accounts' movements and the parties and tax codes the master files list. */
export interface LedgerTally {
  /** Transactions (journals) written. */
  entries: number;
  lines: number;
  debit: bigint;
  credit: bigint;
  byAccount: Map<string, { debit: bigint; credit: bigint }>;
  parties: Map<PartyRole, Set<string>>;
  taxCodeIds: Set<string>;
  /** False when a journal read did not match its ledger lines (changed under the read): the file is written again. */
  steady: boolean;
}

/**
 * Every journal posted in the range, in ledger order (posting date, serial number), written as a
 * Transaction into `xml` (the spool: the header before them needs their totals). The journals are
 * found by their lines in the accounts' ledgers (every leaf's, merged as the FTA audit file reads
 * them: the ledger is kept by posting date, the journals' own index by calendar date), then read
 * whole a batch at a time for what the ledger does not keep (dates entered, tax, counterparties,
 * who entered them). A journal that is no longer posted there, holds other lines or sits in a
 * period the years read do not hold changed under the read: the tally says so and the walk stops. Errors: ExportTooLarge (`limits`).
 */
export async function writeLedgerEntries(books: SafTReads, companyId: string, leafIds: readonly string[], range: { from: string; to: string }, xml: XmlStream, limits: RowLimits, naming: SafTNaming, currency: string): Promise<LedgerTally> {
  const tally: LedgerTally = { entries: 0, lines: 0, debit: 0n, credit: 0n, byAccount: new Map(), parties: new Map([['customer', new Set()], ['supplier', new Set()]]), taxCodeIds: new Set(), steady: true };
  for await (const batch of journalBatches(books.mergedLines(companyId, leafIds, range, () => true, sortsBefore))) {
    const read = new Map((await books.journals(companyId, batch.map((g) => g.journalId))).map((j) => [j.id, j]));
    for (const group of batch) {
      const journal = read.get(group.journalId);
      if (!journal || !postedAsRead(journal, group) || !naming.period(journal.periodId)) return { ...tally, steady: false };
      for (let i = 0; i < journal.entries.length; i++) await limits.next(journal.postingDate);
      await xml.write(transactionXml(journal, naming, currency));
      add(tally, journal, naming);
    }
  }
  limits.finish();
  return tally;
}

/** The journal's lines as one posting found in the ledger: a group of consecutive ledger lines of one journal. */
interface LedgerGroup {
  journalId: string;
  postingDate: string;
  lines: number;
}

/** Whether the journal read is still the posting its ledger lines were read of: posted (or reversed since), on that date, with as many lines. */
const postedAsRead = (journal: JournalRecord, group: LedgerGroup): journal is PostingJournal =>
  (journal.status === 'posted' || journal.status === 'reversed') && journal.postingDate === group.postingDate && journal.entries.length === group.lines;

/** The ledger's lines as groups of one journal each (a journal's lines are consecutive in ledger order), gathered into batches. */
async function* journalBatches(rows: AsyncIterable<LedgerRow>): AsyncGenerator<LedgerGroup[]> {
  let batch: LedgerGroup[] = [];
  let held = 0;
  let group: LedgerGroup | undefined;
  for await (const row of rows) {
    if (group?.journalId === row.journalId) {
      group.lines += 1;
      held += 1;
      continue;
    }
    if (batch.length >= JOURNALS_AT_ONCE || held >= ROWS_AT_ONCE) {
      yield batch;
      batch = [];
      held = 0;
    }
    group = { journalId: row.journalId, postingDate: row.postingDate, lines: 1 };
    held += 1;
    batch.push(group);
  }
  if (batch.length > 0) yield batch;
}

function add(tally: LedgerTally, journal: PostingJournal, naming: SafTNaming): void {
  tally.entries += 1;
  for (const line of journal.entries) {
    const { debit, credit } = lineMils(line);
    const account = tally.byAccount.get(line.accountId) ?? { debit: 0n, credit: 0n };
    account.debit += debit;
    account.credit += credit;
    tally.byAccount.set(line.accountId, account);
    tally.debit += debit;
    tally.credit += credit;
    tally.lines += 1;
    if (line.tax) tally.taxCodeIds.add(line.tax.taxCodeId);
  }
  for (const [party, role] of partyRoles(journal.entries, naming.classificationOf)) tally.parties.get(role)!.add(party);
}
