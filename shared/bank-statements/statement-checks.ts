import Big from 'big.js';
import type { ParsedStatement, ParseResult, StatementBalance, StatementError, StatementLine } from './records.ts';
import { minorUnits } from '../money/currencies.ts';
import { sumOf } from './statement-amount.ts';

/**
 * The checks every statement passes whatever its format (pure): its opening balance and its
 * lines make its closing balance exactly. A parser hands each statement over as a draft with the
 * errors it met reading it; a statement with any error is left out whole, so an import never
 * takes part of one.
 */
export interface StatementDraft {
  statementId: string;
  account: ParsedStatement['account'];
  currency: string;
  /** Absent when the file lacks it or it could not be read (the parser's errors say which). */
  openingBalance?: StatementBalance | undefined;
  closingBalance?: StatementBalance | undefined;
  lines: StatementLine[];
  /** Where an error of the statement as a whole points: the row of its start, the field of its closing balance. */
  row: number;
  closingField: string;
  errors: StatementError[];
}

/** The difference when opening plus the lines does not make closing, in words; undefined when it does. */
export function imbalance(statementId: string, currency: string, opening: string, lines: readonly StatementLine[], closing: string): string | undefined {
  const sum = sumOf(lines.map((l) => l.amount));
  const expected = new Big(opening).plus(sum);
  const gap = new Big(closing).minus(expected);
  if (gap.eq(0)) return undefined;
  const units = minorUnits(currency);
  return `statement ${statementId}: the opening balance ${opening} plus its ${lines.length} lines (${sum.toFixed(units)}) makes ${expected.toFixed(units)}, but the closing balance is ${closing}: they differ by ${gap.toFixed(units)}`;
}

function checked(draft: StatementDraft): { statement: ParsedStatement } | { errors: StatementError[] } {
  const { openingBalance, closingBalance } = draft;
  if (draft.errors.length > 0) return { errors: draft.errors };
  // The parsers name a missing balance themselves; this keeps a statement from vanishing without an error.
  if (!openingBalance || !closingBalance) return { errors: [{ row: draft.row, field: draft.closingField, reason: `statement ${draft.statementId} lacks a balance`, code: 'InvalidStatement' }] };
  const gap = imbalance(draft.statementId, draft.currency, openingBalance.amount, draft.lines, closingBalance.amount);
  if (gap) return { errors: [{ row: draft.row, field: draft.closingField, reason: gap, code: 'UnbalancedStatement' }] };
  const { statementId, account, currency, lines } = draft;
  return { statement: { statementId, account, currency, openingBalance, closingBalance, lines } };
}

/** The statements that pass, and every error: those met reading the file and those of the checks. */
export function finishStatements(drafts: readonly StatementDraft[], fileErrors: readonly StatementError[] = []): ParseResult {
  const result: ParseResult = { statements: [], errors: [...fileErrors] };
  for (const draft of drafts) {
    const outcome = checked(draft);
    if ('statement' in outcome) result.statements.push(outcome.statement);
    else result.errors.push(...outcome.errors);
  }
  return result;
}

/** A file refused whole. */
export const refused = (error: StatementError): ParseResult => ({ statements: [], errors: [error] });
