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
 * Amounts agree exactly, unless the rule allows a tolerance: then the sides may differ by at most
 * `amountTolerance`, and the difference is posted to the rule's `differenceAccountId` and matched
 * with them (difference-match.ts), so a match never hides a difference.
 */
export interface MatchingRule {
  name: string;
  matchOn: 'reference' | 'amountAndDate' | 'text';
  /** Days a statement line's booking date and a ledger line's posting date may be apart (not for `text`). */
  dateWindowDays?: number | undefined;
  /** `text`: what a statement line's description, counterparty or references contain (any case) for the rule to make its journal. */
  contains?: string | undefined;
  /** `text`: the account the journal made from the line puts its other side on. */
  accountId?: string | undefined;
  /** `text`: true (the default) posts the journal and matches it with the line; false leaves a draft linked to the line. */
  post?: boolean | undefined;
  /** How far the two sides' amounts may be apart (a decimal; left out: 0, exactly equal). */
  amountTolerance?: string | undefined;
  /** The account a difference within the tolerance is posted to (required with a tolerance). */
  differenceAccountId?: string | undefined;
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
  /** Within a rule's tolerance: the statement lines' total less the ledger lines', posted to `accountId`. */
  difference?: { amount: string; accountId: string } | undefined;
  /** A `text` rule's: the journal to make from the line (there is no ledger line yet), on `accountId`, posted and matched when `post`. */
  journal?: { accountId: string; post: boolean } | undefined;
}

/** Ledger lines a tolerance rule looks at within one statement line's amount range: past it, the line is left as ambiguous. */
export const TOLERANCE_SCAN = 256;

/** The rule's tolerance, and where a difference goes: none for a rule of exact amounts. */
function toleranceOf(rule: MatchingRule): { within: Big; accountId: string } | undefined {
  const within = new Big(rule.amountTolerance ?? 0);
  return within.gt(0) && rule.differenceAccountId ? { within, accountId: rule.differenceAccountId } : undefined;
}

/** The difference of two totals within the rule's tolerance (undefined when equal), or false when past it. */
function differenceWithin(statement: Big, ledger: Big, rule: MatchingRule): ProposedMatch['difference'] | false {
  const difference = statement.minus(ledger);
  if (difference.eq(0)) return undefined;
  const tolerance = toleranceOf(rule);
  return tolerance && difference.abs().lte(tolerance.within) ? { amount: difference.toFixed(), accountId: tolerance.accountId } : false;
}

const differenceWords = (d: ProposedMatch['difference']) => (d ? `; a difference of ${d.amount}, within the rule's tolerance, posted` : '');

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
    const found = rule.matchOn === 'reference' ? byReference([...openLines], [...openLedger], carried, rule) : rule.matchOn === 'amountAndDate' ? byAmountAndDate([...openLines], [...openLedger], carried, rule) : byText([...openLines], rule);
    for (const p of found) {
      for (const l of p.statementLines) openLines.delete(l);
      for (const l of p.ledgerLines) openLedger.delete(l);
      proposals.push(p);
    }
  }
  return proposals;
}

/**
 * A `text` rule: each line the rules before it left whose texts (description, counterparty,
 * references) contain the rule's text, and that names no reference of the books, is proposed
 * for a journal made from it (a bank charge, interest): there is no ledger line to match yet.
 */
function byText(lines: StatementLineRecord[], rule: MatchingRule): ProposedMatch[] {
  const wanted = normal(rule.contains ?? '').trim();
  if (!wanted || !rule.accountId) return [];
  const found: ProposedMatch[] = [];
  for (const line of lines) {
    // A draft made from the line by an earlier run stays as it is; a journal to post goes on from it.
    if (rule.post === false && line.journalId) continue;
    if (![...textsOf(line), line.counterpartyName ?? ''].some((t) => normal(t).includes(wanted))) continue;
    found.push({ statementLines: [line], ledgerLines: [], rule: rule.name, reason: `its text contains "${rule.contains}": a journal made from it on the rule's account${rule.post === false ? ', left a draft' : ', posted and matched'}`, journal: { accountId: rule.accountId, post: rule.post !== false } });
  }
  return found;
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
    const ledgerLines = (ledgerOf.get(ref) ?? []).filter((item) => statementLines.every((l) => daysApart(l.bookingDate, item.postingDate) <= (rule.dateWindowDays ?? 0)));
    if (ledgerLines.length === 0 || (statementLines.length > 1 && ledgerLines.length > 1)) continue;
    const difference = differenceWithin(sum(statementLines.map((l) => l.amount)), sum(ledgerLines.map((l) => l.amount)), rule);
    if (difference === false) continue;
    const shape = statementLines.length === 1 && ledgerLines.length === 1 ? 'one to one' : statementLines.length === 1 ? `one statement line to ${ledgerLines.length} ledger lines` : `${statementLines.length} statement lines to one ledger line`;
    found.push({ statementLines, ledgerLines, rule: rule.name, reason: `reference ${ref} on both sides, amounts ${difference ? 'within the tolerance' : 'equal'}, within ${rule.dateWindowDays} days (${shape})${differenceWords(difference)}`, ...(difference ? { difference } : {}) });
  }
  return found;
}

function byAmountAndDate(lines: StatementLineRecord[], ledger: LedgerItem[], carried: Map<StatementLineRecord, Set<string>>, rule: MatchingRule): ProposedMatch[] {
  // A line carrying a known reference, or a journal with a reference the line does not carry, is for the reference rule only.
  const plainLines = lines.filter((l) => carried.get(l)!.size === 0);
  const plainLedger = ledger.filter((item) => refOf(item) === undefined);
  const candidatesOf = candidateFinder(plainLedger, rule);
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
    const difference = differenceWithin(new Big(line.amount), new Big(item.amount), rule) || undefined;
    const amount = difference ? `within ${rule.amountTolerance} of ${line.amount}` : `of amount ${line.amount}`;
    found.push({ statementLines: [line], ledgerLines: [item], rule: rule.name, reason: `the only line ${amount} on each side within ${rule.dateWindowDays} days${differenceWords(difference)}`, ...(difference ? { difference } : {}) });
  }
  return found;
}

/**
 * The ledger lines a statement line may be matched with by amount and date: of its exact amount
 * (looked up), or within the rule's tolerance (found in the lines sorted by amount, at most
 * TOLERANCE_SCAN looked at: past it every candidate is dropped, the line too ambiguous to match).
 */
function candidateFinder(ledger: readonly LedgerItem[], rule: MatchingRule): (line: StatementLineRecord) => LedgerItem[] {
  const inWindow = (l: StatementLineRecord) => (item: LedgerItem) => daysApart(l.bookingDate, item.postingDate) <= (rule.dateWindowDays ?? 0);
  const tolerance = toleranceOf(rule);
  if (!tolerance) {
    const byAmount = new Map<string, LedgerItem[]>();
    for (const item of ledger) pushTo(byAmount, new Big(item.amount).toFixed(), item);
    return (l) => (byAmount.get(new Big(l.amount).toFixed()) ?? []).filter(inWindow(l));
  }
  const sorted = ledger.map((item) => ({ item, amount: new Big(item.amount) })).sort((a, b) => a.amount.cmp(b.amount));
  return (l) => {
    const amount = new Big(l.amount);
    const [low, high] = [amount.minus(tolerance.within), amount.plus(tolerance.within)];
    // The first ledger line at or above the range's low end (binary search), then along the range.
    let [from, to] = [0, sorted.length];
    while (from < to) {
      const middle = (from + to) >> 1;
      if (sorted[middle]!.amount.lt(low)) from = middle + 1;
      else to = middle;
    }
    const range: LedgerItem[] = [];
    for (let i = from; i < sorted.length && sorted[i]!.amount.lte(high); i++) {
      if (range.length === TOLERANCE_SCAN) return [];
      range.push(sorted[i]!.item);
    }
    return range.filter(inWindow(l));
  };
}
