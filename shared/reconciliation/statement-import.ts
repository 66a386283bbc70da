import Big from 'big.js';
import { ValidationError } from '../errors.ts';
import { inChunks } from '../in-chunks.ts';
import { AlreadyWritten, type ImportPlan, type JobSteps } from '../imports/job-steps.ts';
import type { ParsedStatement } from '../bank-statements/records.ts';
import type { ImportJob, RowError } from '../imports/records.ts';
import type { StatementLineRecord, StatementRecord } from './records.ts';
import type { BankAccountFacts, StatementImporting } from './store.ts';
import { statementView } from './views.ts';

/**
 * A bankStatements import: the statements of one file (camt.053, MT940 or CSV, parsed by
 * bank-statements/) written into one bank account, each statement whole or not at all:
 *
 *   per statement: its lines (new ones only, in transactions that refuse to write a line twice)
 *                  ──> the statement, continuing the account's chain (one transaction, its event)
 *
 * A statement is refused (its rows invalid) when the file's parse found a problem in it, when it
 * names another account or currency, or when its opening balance does not continue the previous
 * statement's closing balance (StatementGap). A statement the account has already (by the bank's
 * statement id) is skipped with its lines; a line the account has already (by the bank's
 * reference) is skipped alone. What this very job wrote (a resumed job) is recognised by its
 * import id and planned again. docs/decisions.md, "Bank reconciliation".
 */

/** What the file held: its statements, each with its first row (where a refusal of it is reported), and the problems found. */
export interface ParsedFile {
  statements: Array<ParsedStatement & { rows: { first: number } }>;
  errors: RowError[];
}

/** Lines per transaction: each a conditional put. */
const LINES_PER_TRANSACTION = 50;

interface Planned {
  statement: StatementRecord;
  lines: StatementLineRecord[];
}

/** `account`: the bank account as read for parsing the file (undefined: gone). Errors: ValidationError naming `bankAccountId` (the bank account is gone). */
export async function planStatementImport(work: StatementImporting, job: ImportJob, companyId: string, account: BankAccountFacts | undefined, parsed: ParsedFile): Promise<ImportPlan & { rows: number }> {
  const accountId = job.bankAccountId!;
  if (!account) throw ValidationError.field('bankAccountId', 'names a bank account the company no longer has', 'NotFound');
  const all = parsed.statements;
  const [chain, statementsThere, linesThere] = await Promise.all([
    work.statementChain(companyId, accountId),
    work.statementsThere(companyId, accountId, all.map((s) => s.statementId)),
    work.linesThere(companyId, accountId, [...all.flatMap((s) => s.lines.map((l) => l.bankReference)), ...all.map((s) => openingReference(s.statementId))]),
  ]);
  const errors = [...parsed.errors];
  // Rows of statements the parsers left out (their errors' rows; row 0 is the file as a whole).
  const invalidRows = new Set(errors.map((e) => e.row).filter((row) => row > 0));
  const skippedRows = new Set<number>();
  const planned: Planned[] = [];
  let previous = chain.last?.closingBalance;
  let sequence = chain.count;
  const now = new Date().toISOString();
  const rowsOf = (s: ParsedStatement) => s.lines.map((l) => l.source.row);
  const seen = new Map<string, number>();
  for (const s of all) {
    const fail = (field: string, reason: string, code: string) => {
      errors.push({ row: s.rows.first, field, reason: `statement ${s.statementId} ${reason}`, code });
      for (const row of rowsOf(s)) invalidRows.add(row);
    };
    const writtenBefore = statementsThere.get(s.statementId);
    if (writtenBefore !== undefined && writtenBefore.importId !== job.id) {
      for (const row of rowsOf(s)) skippedRows.add(row);
      continue;
    }
    const twice = repeatedReference(s, seen);
    if (twice) {
      fail('bankReference', `repeats on row ${twice.row} the bank reference ${twice.reference} of row ${twice.first}: a line is recognised by it, so it must be unique in the bank account`, 'DuplicateReference');
      continue;
    }
    if (s.account.iban && s.account.iban !== account.iban) {
      fail('account', `is of the account ${s.account.iban}, not of this bank account (${account.iban})`, 'WrongBankAccount');
      continue;
    }
    if (s.currency !== account.currency) {
      fail('currency', `is in ${s.currency}; this bank account is in ${account.currency}`, 'WrongCurrency');
      continue;
    }
    // Written by this very job before it was interrupted: it continued the chain then, at its place.
    if (writtenBefore) sequence = writtenBefore.sequence - 1;
    else if (previous && !new Big(previous.amount).eq(s.openingBalance.amount)) {
      const gap = new Big(s.openingBalance.amount).minus(previous.amount).toFixed();
      fail('openingBalance', `opens at ${s.openingBalance.amount}, but the statement before it (${chain.last && previous === chain.last.closingBalance ? chain.last.statementId : 'in this file'}) closed at ${previous.amount}: a difference of ${gap}; import the statements between them first`, 'StatementGap');
      continue;
    }
    sequence++;
    const line = (l: Omit<StatementLineRecord, 'companyId' | 'accountId' | 'statementId' | 'importId'>): StatementLineRecord => ({ companyId, accountId, statementId: s.statementId, importId: job.id, ...l });
    const lines = s.lines
      .filter((l) => {
        const there = linesThere.get(l.bankReference);
        if (there === undefined || there === job.id) return true;
        skippedRows.add(l.source.row);
        return false;
      })
      .map(({ source: _row, ...l }) => line(l));
    // The account's first statement: its opening balance is an item to match (the books' opening of the account).
    if (sequence === 1) lines.unshift(line({ bankReference: openingReference(s.statementId), bookingDate: s.openingBalance.date, valueDate: s.openingBalance.date, amount: s.openingBalance.amount, description: `Opening balance of statement ${s.statementId}`, reversal: false, opening: true }));
    planned.push({ statement: { companyId, accountId, sequence, statementId: s.statementId, openingBalance: s.openingBalance, closingBalance: s.closingBalance, lineCount: s.lines.length, importId: job.id, createdAt: now }, lines });
    previous = s.closingBalance;
  }
  const read = new Set(all.flatMap(rowsOf));
  const rows = read.size + [...invalidRows].filter((row) => !read.has(row)).length;
  return {
    rows,
    errors: errors.sort((a, b) => a.row - b.row),
    invalidRows,
    skippedRows,
    rowsToWrite: planned.reduce((n, p) => n + p.lines.filter((l) => !l.opening).length, 0),
    units: planned.length,
    write: (steps) => writeStatements(steps, work, planned),
  };
}

/** The first line of the statement whose bank reference an earlier line of the file gave, if any (the references seen kept in `seen`). */
function repeatedReference(s: ParsedStatement, seen: Map<string, number>): { row: number; first: number; reference: string } | undefined {
  for (const l of s.lines) {
    const first = seen.get(l.bankReference);
    if (first !== undefined) return { row: l.source.row, first, reference: l.bankReference };
    seen.set(l.bankReference, l.source.row);
  }
  return undefined;
}

/** The opening balance's line: a reference no bank gives a line. */
export const openingReference = (statementId: string) => `OPENING ${statementId}`;

/** Two steps per statement: its lines, then the statement on the chain with its event. */
async function writeStatements(steps: JobSteps, work: StatementImporting, planned: readonly Planned[]): Promise<void> {
  let step = 0;
  for (const { statement, lines } of planned) {
    await steps.inTransactions(step++, inChunks(lines, LINES_PER_TRANSACTION).map((batch) => () => batch.map((l) => work.newLineChange(l, () => new AlreadyWritten()))));
    await steps.inTransaction(step++, () => [...work.statementChanges(statement), steps.eventOp('BankStatementImported', statementView(statement))], { written: lines.filter((l) => !l.opening).length });
  }
}
