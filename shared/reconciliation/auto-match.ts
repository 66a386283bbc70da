import Big from 'big.js';
import type { StatementLineRecord } from './records.ts';
import { sum, type LedgerItem } from './rules.ts';

/**
 * Automatic matching (pure): the matches the bank account's rules find among the unmatched
 * statement lines and ledger lines, proposed, never guessed. Each rule is tried in order on what
 * the rules before it left:
 *
 * - `reference`: a journal's reference (3 characters or more) that a statement line carries in
 *   its texts (its structured reference, end-to-end id, description) joins them. Per reference,
 *   the statement lines carrying it and the ledger lines of journals with it, within the date
 *   window of each other, are one match when they add to the same amount and one side is a
 *   single line: one to one, one statement line to many ledger lines (a batched deposit), or
 *   many to one (a split payment). A statement line carrying two known references is left.
 * - `amountAndDate`: a statement line and a ledger line of the same amount within the window,
 *   each the other's only candidate, when neither names a reference the other lacks (a same
 *   amount with another invoice's reference is never matched on its amount).
 *
 * Amounts agree exactly: a match never hides a difference.
 */
export interface MatchingRule {
  name: string;
  matchOn: 'reference' | 'amountAndDate';
  /** Days a statement line's booking date and a ledger line's posting date may be apart. */
  dateWindowDays: number;
}

export const DEFAULT_MATCHING_RULES: readonly MatchingRule[] = [
  { name: 'Reference and amount', matchOn: 'reference', dateWindowDays: 10 },
  { name: 'Amount and date', matchOn: 'amountAndDate', dateWindowDays: 3 },
];

export interface ProposedMatch {
  statementLines: StatementLineRecord[];
  ledgerLines: LedgerItem[];
  rule: string;
  reason: string;
}

const DAY = 86_400_000;
const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / DAY;
const normal = (text: string) => text.toUpperCase();
/** The reference-like words of a text: runs of letters, digits, "-", "/", "_" and ".". */
const words = (text: string) => normal(text).split(/[^A-Z0-9\-/_.]+/).filter((w) => w.length >= 3);
const textsOf = (l: StatementLineRecord) => [l.structuredReference, l.endToEndId, l.description].filter((t): t is string => !!t);
const refOf = (l: LedgerItem) => (l.reference && l.reference.trim().length >= 3 ? normal(l.reference.trim()) : undefined);

/** Adds to a key's list in place (linear over many items). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The matches the rules find, in rule order; each line is in one proposal at most. */
export function proposeMatches(lines: readonly StatementLineRecord[], ledger: readonly LedgerItem[], rules: readonly MatchingRule[]): ProposedMatch[] {
  const openLines = new Set(lines);
  const openLedger = new Set(ledger);
  const proposals: ProposedMatch[] = [];
  const known = new Set(ledger.flatMap((l) => refOf(l) ?? []));
  // The known references each statement line carries, found once.
  const carried = new Map(lines.map((l) => [l, new Set(textsOf(l).flatMap(words).filter((w) => known.has(w)))]));
  for (const rule of rules) {
    const found = rule.matchOn === 'reference' ? byReference([...openLines], [...openLedger], carried, rule) : byAmountAndDate([...openLines], [...openLedger], carried, rule);
    for (const p of found) {
      for (const l of p.statementLines) openLines.delete(l);
      for (const l of p.ledgerLines) openLedger.delete(l);
      proposals.push(p);
    }
  }
  return proposals;
}

function byReference(lines: StatementLineRecord[], ledger: LedgerItem[], carried: Map<StatementLineRecord, Set<string>>, rule: MatchingRule): ProposedMatch[] {
  const linesOf = new Map<string, StatementLineRecord[]>();
  for (const line of lines) {
    const refs = carried.get(line)!;
    if (refs.size !== 1) continue;
    const [ref] = refs;
    pushTo(linesOf, ref!, line);
  }
  const ledgerOf = new Map<string, LedgerItem[]>();
  for (const item of ledger) {
    const ref = refOf(item);
    if (ref && linesOf.has(ref)) pushTo(ledgerOf, ref, item);
  }
  const found: ProposedMatch[] = [];
  for (const [ref, statementLines] of linesOf) {
    const ledgerLines = (ledgerOf.get(ref) ?? []).filter((item) => statementLines.every((l) => daysApart(l.bookingDate, item.postingDate) <= rule.dateWindowDays));
    if (ledgerLines.length === 0 || (statementLines.length > 1 && ledgerLines.length > 1)) continue;
    if (!sum(statementLines.map((l) => l.amount)).eq(sum(ledgerLines.map((l) => l.amount)))) continue;
    const shape = statementLines.length === 1 && ledgerLines.length === 1 ? 'one to one' : statementLines.length === 1 ? `one statement line to ${ledgerLines.length} ledger lines` : `${statementLines.length} statement lines to one ledger line`;
    found.push({ statementLines, ledgerLines, rule: rule.name, reason: `reference ${ref} on both sides, amounts equal, within ${rule.dateWindowDays} days (${shape})` });
  }
  return found;
}

function byAmountAndDate(lines: StatementLineRecord[], ledger: LedgerItem[], carried: Map<StatementLineRecord, Set<string>>, rule: MatchingRule): ProposedMatch[] {
  // A line carrying a known reference, or a journal with a reference the line does not carry, is for the reference rule only.
  const plainLines = lines.filter((l) => carried.get(l)!.size === 0);
  const plainLedger = ledger.filter((item) => refOf(item) === undefined);
  const byAmount = new Map<string, LedgerItem[]>();
  for (const item of plainLedger) {
    const key = new Big(item.amount).toFixed();
    pushTo(byAmount, key, item);
  }
  const candidatesOf = (l: StatementLineRecord) => (byAmount.get(new Big(l.amount).toFixed()) ?? []).filter((item) => daysApart(l.bookingDate, item.postingDate) <= rule.dateWindowDays);
  const pairs = new Map<LedgerItem, StatementLineRecord[]>();
  const only = new Map<StatementLineRecord, LedgerItem>();
  for (const line of plainLines) {
    const candidates = candidatesOf(line);
    for (const item of candidates) pushTo(pairs, item, line);
    if (candidates.length === 1) only.set(line, candidates[0]!);
  }
  const found: ProposedMatch[] = [];
  for (const [line, item] of only) {
    if (pairs.get(item)!.length !== 1) continue;
    found.push({ statementLines: [line], ledgerLines: [item], rule: rule.name, reason: `the only line of amount ${line.amount} on each side within ${rule.dateWindowDays} days` });
  }
  return found;
}
