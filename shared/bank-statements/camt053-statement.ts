import { parsedIban } from '../bank-accounts/rules.ts';
import { dateOf, isBooked, markedAmount, readEntry } from './camt053-entry.ts';
import { at, children, textAt } from '../text/xml-elements.ts';
import { attributeOf } from './camt053-xml.ts';
import type { StatementBalance, StatementError, StatementLine } from './records.ts';
import type { StatementDraft } from './statement-checks.ts';
import { currencyProblem } from './statement-amount.ts';

/**
 * One camt.053 statement (Stmt) as a draft (pure): its id, account, currency, its opening
 * balance (OPBD, else PRCD: the previous closing) and closing balance (CLBD), and its booked
 * entries. Errors name the element path; `row` is the ordinal of an entry in the file.
 */
const OPENING = ['OPBD', 'PRCD'];
const CLOSING = 'CLBD';

/** `firstRow`: the ordinal in the file of the statement's first entry. */
export function readStatement(stmt: unknown, path: string, firstRow: number): StatementDraft {
  const entries = children(stmt, 'Ntry');
  const row = entries.length > 0 ? firstRow : 0;
  const errors: StatementError[] = [];
  const fail = (field: string, reason: string, code: StatementError['code']) => errors.push({ row, field: `${path}/${field}`, reason, code });

  const statementId = textAt(stmt, 'Id') ?? '';
  if (!statementId) fail('Id', 'is required', 'InvalidStatement');
  const account = accountOf(stmt);
  if (!account) fail('Acct/Id', 'must give the account: IBAN or Othr/Id', 'InvalidStatement');

  const balances = children(stmt, 'Bal').map((bal, i) => ({ bal, index: i + 1, code: textAt(bal, 'Tp', 'CdOrPrtry', 'Cd') }));
  const opening = OPENING.map((code) => balances.find((b) => b.code === code)).find((b) => b !== undefined);
  const closing = balances.find((b) => b.code === CLOSING);
  const currency = textAt(stmt, 'Acct', 'Ccy') ?? attributeOf(at(opening?.bal, 'Amt'), 'Ccy') ?? '';
  const currencyError = currencyProblem(currency);
  if (currencyError) fail('Acct/Ccy', currencyError, 'UnknownCurrency');

  const draft: StatementDraft = { statementId: statementId || path, account: account ?? {}, currency, lines: [], row, closingField: `${path}/${closing ? `Bal[${closing.index}]` : 'Bal'}`, errors };
  if (!opening) fail('Bal', 'has no opening balance (Tp/CdOrPrtry/Cd OPBD or PRCD)', 'InvalidStatement');
  if (!closing) fail('Bal', 'has no closing balance (Tp/CdOrPrtry/Cd CLBD)', 'InvalidStatement');
  if (currencyError) return draft;

  const balance = (found: { bal: unknown; index: number }): StatementBalance | undefined => {
    const balancePath = `Bal[${found.index}]`;
    const amount = markedAmount(at(found.bal, 'Amt'), textAt(found.bal, 'CdtDbtInd'), currency);
    if (!('amount' in amount)) fail(`${balancePath}/${amount.field}`, amount.reason, amount.code);
    const date = dateOf(at(found.bal, 'Dt'));
    if (!date) fail(`${balancePath}/Dt`, 'must hold a valid date (Dt YYYY-MM-DD or DtTm)', 'InvalidDate');
    return 'amount' in amount && date ? { amount: amount.amount, date } : undefined;
  };
  draft.openingBalance = opening && balance(opening);
  draft.closingBalance = closing && balance(closing);
  draft.lines = readEntries(entries, path, firstRow, currency, errors);
  return draft;
}

function readEntries(entries: readonly unknown[], path: string, firstRow: number, currency: string, errors: StatementError[]): StatementLine[] {
  const lines: StatementLine[] = [];
  entries.forEach((entry, i) => {
    if (!isBooked(entry)) return;
    const read = readEntry(entry, { path: `${path}/Ntry[${i + 1}]`, row: firstRow + i, currency });
    if ('line' in read) lines.push(read.line);
    else errors.push(...read.errors);
  });
  return lines;
}

/** The statement's account: its IBAN (electronic form), or the bank's own number for it (Othr/Id). */
function accountOf(stmt: unknown): StatementDraft['account'] | undefined {
  const iban = textAt(stmt, 'Acct', 'Id', 'IBAN');
  if (iban) {
    const parsed = parsedIban(iban);
    return { iban: 'iban' in parsed ? parsed.iban : iban };
  }
  const number = textAt(stmt, 'Acct', 'Id', 'Othr', 'Id');
  return number ? { number } : undefined;
}
