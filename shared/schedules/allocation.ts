import { classificationOf } from '../accounts/view.ts';
import { ValidationError } from '../errors.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';
import { parseAmount } from '../money/amount.ts';
import { fromMils, sumMils, toMils } from '../money/mils.ts';
import { occurrencesOf, periodsOf, planPeriods, respreadPeriods, sameTerms, type AllocationTerms, type PlannedPeriod } from './allocation-plan.ts';
import type { AllocationRecord, OccurrenceRecord, ScheduleRecord } from './records.ts';
import type { AllocationInput } from './schemas.ts';
import type { ScheduleLineFacts } from './store.ts';

/**
 * An allocation schedule's terms checked and planned: its amounts at the company's precision,
 * its accounts of the kinds its kind moves between, its shares planned (allocation-plan.ts), and
 * on an edit after occurrences were generated, the remainder re-spread. docs/decisions.md, "Schedules".
 */

const field = (name: string) => `allocation.${name}`;

/** The classifications each kind moves between: the profit-and-loss account's, and the balance-sheet account's it goes with. */
const PAIRS: Record<AllocationInput['kind'], Array<[string, string]>> = {
  prepayment: [['expense', 'asset']],
  deferredRevenue: [['revenue', 'liability']],
  accrual: [['expense', 'liability'], ['revenue', 'asset']],
};

/** An amount at the precision, or a 400 naming its field. */
function checkedAmount(text: string, precision: number, name: string): string {
  const parsed = parseAmount(text, precision);
  if ('problem' in parsed) throw ValidationError.field(name, parsed.problem === 'precision' ? `has more than ${precision} decimal places, the company's precision` : 'must be a positive decimal number such as 1250.50');
  return parsed.amount;
}

/**
 * The terms at the precision: the total and given amounts positive, the amounts (givenAmounts
 * only) summing to the total, periods given (or the amounts' count). Errors: ValidationError
 * naming the field, AllocationMismatch naming allocation.amounts.
 */
export function checkTerms(input: AllocationInput, precision: number): AllocationTerms {
  const totalAmount = checkedAmount(input.totalAmount, precision, field('totalAmount'));
  if (input.method !== 'givenAmounts') {
    if (input.amounts !== null) throw ValidationError.field(field('amounts'), 'is for method givenAmounts only');
    if (input.periods === null) throw ValidationError.field(field('periods'), 'is required: the months the total is spread over');
    return { kind: input.kind, method: input.method, totalAmount, periods: input.periods, amounts: null };
  }
  if (input.amounts === null || input.amounts.length === 0) throw ValidationError.field(field('amounts'), 'is required for method givenAmounts: one amount a month');
  const amounts = input.amounts.map((a, i) => checkedAmount(a, precision, field(`amounts[${i}]`)));
  if (input.periods !== null && input.periods !== amounts.length) throw ValidationError.field(field('periods'), `must be the amounts' count, ${amounts.length}, or left out`);
  const sum = sumMils(amounts.map(toMils));
  if (sum !== toMils(totalAmount)) throw ValidationError.field(field('amounts'), `sum to ${fromMils(sum, precision)}; they must sum to totalAmount, ${totalAmount}`, 'AllocationMismatch');
  return { kind: input.kind, method: input.method, totalAmount, periods: amounts.length, amounts };
}

/**
 * The accounts resolved (UUID or path): leaves, of the classifications the kind moves between;
 * the profit-and-loss line's side follows its classification. Errors: NotFound naming the field;
 * ValidationError (CategoryAccount, AccountClassification) naming it.
 */
async function checkedAccounts(facts: ScheduleLineFacts, companyId: string, input: AllocationInput) {
  const leaf = async (reference: string, name: string) => {
    const account = await facts.accounts.resolve(companyId, reference, name);
    if (account.attributes.accountType !== 'leaf') throw ValidationError.field(name, 'is a category account; name a leaf account', 'CategoryAccount');
    return { id: account.id, classification: classificationOf(await facts.accounts.chain(companyId, account)) as string };
  };
  const profitAndLoss = await leaf(input.profitAndLossAccountId, field('profitAndLossAccountId'));
  const balanceSheet = await leaf(input.balanceSheetAccountId, field('balanceSheetAccountId'));
  const pairs = PAIRS[input.kind];
  const pair = pairs.find(([pl]) => pl === profitAndLoss.classification);
  if (!pair) throw ValidationError.field(field('profitAndLossAccountId'), `is a ${profitAndLoss.classification} account; a ${input.kind} recognises on ${pairs.map(([pl]) => `an ${pl}`).join(' or ')} account`, 'AccountClassification');
  if (pair[1] !== balanceSheet.classification) throw ValidationError.field(field('balanceSheetAccountId'), `is a ${balanceSheet.classification} account; a ${input.kind} to ${pair[0]} moves from ${pair[1] === 'asset' ? 'an' : 'a'} ${pair[1]} account`, 'AccountClassification');
  const costCenterId = input.costCenterId === null ? null : (await facts.costCenters.resolve(companyId, input.costCenterId, field('costCenterId'))).id;
  return { balanceSheetAccountId: balanceSheet.id, profitAndLossAccountId: profitAndLoss.id, costCenterId, profitAndLossSide: profitAndLoss.classification === 'expense' ? DEBIT : CREDIT } as const;
}

const tooSmall = (terms: AllocationTerms, count: number): never => {
  throw ValidationError.field(field('totalAmount'), `${terms.totalAmount} is too small to spread over ${count} months at the company's precision: every share must be at least one minor unit`, 'TooSmallToSpread');
};

const record = (terms: AllocationTerms, accounts: Awaited<ReturnType<typeof checkedAccounts>>, periods: PlannedPeriod[], residue: bigint, precision: number, respread: AllocationRecord['respread']): AllocationRecord => ({
  ...terms,
  ...accounts,
  residue: fromMils(residue, precision),
  occurrences: occurrencesOf(terms.kind, periods),
  respread,
});

/** What an allocation checked: the terms, accounts and the precision, planned by `planned` or `replanned`. */
export interface CheckedAllocation {
  terms: AllocationTerms;
  accounts: Awaited<ReturnType<typeof checkedAccounts>>;
  precision: number;
}

/** Errors: those of checkTerms and checkedAccounts. */
export async function checkAllocation(facts: ScheduleLineFacts, companyId: string, input: AllocationInput, precision: number): Promise<CheckedAllocation> {
  const terms = checkTerms(input, precision);
  return { terms, accounts: await checkedAccounts(facts, companyId, input), precision };
}

/** A new schedule's plan. Errors: ValidationError (TooSmallToSpread) naming allocation.totalAmount. */
export function planned(checked: CheckedAllocation, startDate: string): AllocationRecord {
  const plan = planPeriods(checked.terms, startDate, checked.precision) ?? tooSmall(checked.terms, checked.terms.periods);
  return record(checked.terms, checked.accounts, plan.periods, plan.residue, checked.precision, null);
}

/**
 * An edited schedule's plan. Unchanged terms and start date keep the plan; changed ones re-plan
 * it whole while nothing is settled, else keep the periods settled or whose journal is made
 * (`made`: the occurrence records from the first to the next to settle) and re-spread the new
 * total less what their generated shares allocated over the new terms' later periods.
 * Errors: ValidationError (TooSmallToSpread) naming allocation.totalAmount, (CannotRespread)
 * naming allocation.totalAmount, allocation.periods or allocation.kind.
 */
export function replanned(checked: CheckedAllocation, startDate: string, before: ScheduleRecord, made: readonly OccurrenceRecord[]): AllocationRecord {
  const old = before.allocation!;
  if (sameTerms({ ...old, startDate: before.startDate }, { ...checked.terms, startDate })) return { ...old, ...checked.accounts, respread: null };
  const journalMade = new Set(made.filter((o) => o.state !== 'skipped' && o.journalId !== null).map((o) => o.date));
  const generated = new Set(made.filter((o) => o.state === 'generated').map((o) => o.date));
  const settled = (date: string) => (before.settledThrough !== null && date <= before.settledThrough) || journalMade.has(date);
  const kept = periodsOf(old.occurrences).filter((p) => settled(p.date));
  if (kept.length === 0) return planned(checked, startDate);
  // An accrual's reversals made already would leave the plan with the kind: it is kept once anything is settled.
  if (checked.terms.kind !== old.kind) throw ValidationError.field(field('kind'), `is ${old.kind} for the occurrences through ${kept.at(-1)!.date}, generated already; create a new schedule for another kind`, 'CannotRespread');
  const allocated = sumMils(kept.filter((p) => generated.has(p.date) || journalMade.has(p.date)).map((p) => toMils(p.amount)));
  const spread = respreadPeriods(checked.terms, startDate, kept, allocated, checked.precision);
  const keptThrough = kept.at(-1)!.date;
  const money = (mils: bigint) => fromMils(mils, checked.precision);
  if ('problem' in spread) {
    if (spread.problem === 'negative') throw ValidationError.field(field('totalAmount'), `is less than the ${money(allocated)} the occurrences through ${keptThrough} allocated already`, 'CannotRespread');
    if (spread.problem === 'tooSmall') tooSmall({ ...checked.terms, totalAmount: money(spread.remainder) }, spread.open);
    throw ValidationError.field(field('periods'), `leave no month after ${keptThrough}, the last generated, to take the remainder of ${money(spread.remainder)}`, 'CannotRespread');
  }
  return record(checked.terms, checked.accounts, spread.periods, spread.residue, checked.precision, { allocated: money(allocated), remainder: money(spread.remainder), keptThrough });
}
