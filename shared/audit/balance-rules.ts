import type { LedgerLine } from '../journals/rules.ts';
import { DEBIT } from '../journals/rules.ts';
import { fromMils, toMils } from '../money/mils.ts';

/**
 * Balances checked against the ledger (pure). Posting writes, in one transaction, a journal's
 * ledger entries (its lines per account) and adds the same lines to the account's balance items
 * (per period and per posting day, in total and per cost center); voiding and adjusting delete
 * the entries and take the same amounts off. So for an account in a period, at any moment:
 *
 *   balance items (shards added) of each bucket  ==  sums of its ledger entries' lines
 *
 * Foreign-currency balances are not compared (ledger lines do not say which lines revalue).
 */

/** A balance item's figures: its bucket (`period`, or a posting day), its cost center (null: account total). */
export interface BalanceFigure {
  bucket: 'period' | { day: string };
  costCenterId: string | null;
  debit: string;
  credit: string;
}

/** A ledger entry of the account: one journal's lines on it. */
export interface LedgerEntryFigure {
  journalId: string;
  postingDate: string;
  lines: LedgerLine[];
}

/** An account in a period walked journals posted into (kept between a paged run's requests: db/stores/verify-pair-store.ts). */
export interface TouchedPair {
  accountId: string;
  periodId: string;
  yearId: string;
  /** The first walked event that posted into it: a difference is reported there. */
  sequence: number;
  /** A walked journal's posting into it was under way: its figures are not comparable. */
  busy: boolean;
}

/** Where one journal's ledger entry on one account is kept. */
export interface EntryPlace {
  accountId: string;
  postingDate: string;
  serialNumber: number;
  journalId: string;
}

type Sums = Map<string, { debit: bigint; credit: bigint }>;

const label = (bucket: BalanceFigure['bucket'], costCenterId: string | null) =>
  `${bucket === 'period' ? 'the period' : `the day ${bucket.day}`}${costCenterId ? ` in cost center ${costCenterId}` : ''}`;

function add(sums: Sums, key: string, debit: bigint, credit: bigint) {
  const s = sums.get(key) ?? { debit: 0n, credit: 0n };
  sums.set(key, { debit: s.debit + debit, credit: s.credit + credit });
}

/** What the balance items hold, by bucket and cost center. */
export function balanceSums(figures: readonly BalanceFigure[]): Sums {
  const sums: Sums = new Map();
  for (const f of figures) add(sums, label(f.bucket, f.costCenterId), toMils(f.debit), toMils(f.credit));
  return sums;
}

/** What the ledger entries add up to, in the same buckets. */
export function ledgerSums(entries: readonly LedgerEntryFigure[]): Sums {
  const sums: Sums = new Map();
  for (const entry of entries) {
    for (const line of entry.lines) {
      const [debit, credit] = line.side === DEBIT ? [toMils(line.amount), 0n] : [0n, toMils(line.amount)];
      for (const bucket of ['period', { day: entry.postingDate }] as const) {
        add(sums, label(bucket, null), debit, credit);
        if (line.costCenterId) add(sums, label(bucket, line.costCenterId), debit, credit);
      }
    }
  }
  return sums;
}

/** The first bucket where the balance items and the ledger disagree, described; undefined when they agree (absent counts as zero). */
export function firstDifference(balances: Sums, ledger: Sums): string | undefined {
  const zero = { debit: 0n, credit: 0n };
  for (const key of [...new Set([...balances.keys(), ...ledger.keys()])].sort()) {
    const b = balances.get(key) ?? zero;
    const l = ledger.get(key) ?? zero;
    if (b.debit !== l.debit || b.credit !== l.credit) {
      return `in ${key} its balance items hold debit ${fromMils(b.debit)}, credit ${fromMils(b.credit)}, but its ledger entries add up to debit ${fromMils(l.debit)}, credit ${fromMils(l.credit)}`;
    }
  }
  return undefined;
}

/**
 * What a ledger entry must hold of a journal's lines on one account, as one comparable string
 * (line index, side, amount in mils, cost center): kept per walked journal until its account is
 * checked, so short, and no hash (a few per journal add up over 100,000 events).
 */
export function linesDigest(lines: readonly LedgerLine[]): string {
  return lines.map((l) => `${l.line}:${l.side}:${toMils(l.amount)}:${l.costCenterId ?? ''}`).join('|');
}
