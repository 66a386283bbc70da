import { NotFound, StateConflict } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ReconciledPeriodRecord } from './records.ts';
import { reconciledPeriodView, type ReconciledPeriodView } from './views.ts';
import { reconciledAt } from './reconciliation.ts';
import { itemsDigest } from './rules.ts';
import type { PeriodReconciling } from './store.ts';

/**
 * Marks a bank account reconciled at a date: the reconciliation's figures then, and a digest of
 * every item up to the date, kept for good, so the report shows a later change into the period
 * (a posting, a void, a match undone) as an exception. Once per date. Errors: NotFound,
 * StateConflict (AlreadyReconciled), ValidationError (TooManyBankLines naming `date`).
 */
export async function markReconciled(books: PeriodReconciling, uow: UnitOfWork, companyId: string, accountId: string, date: string): Promise<ReconciledPeriodView> {
  const bank = (await books.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
  const r = await reconciledAt(books, companyId, accountId, bank, date);
  const record: ReconciledPeriodRecord = {
    companyId,
    accountId,
    date,
    statementBalance: r.statementBalance,
    ledgerBalance: r.ledgerBalance,
    unmatchedStatement: { count: r.unmatchedStatement.length, total: r.unmatchedStatementTotal },
    unmatchedLedger: { count: r.unmatchedLedger.length, total: r.unmatchedLedgerTotal },
    itemsDigest: itemsDigest(date, r.lines, r.ledger),
    reconciledBy: uow.actor!,
    reconciledAt: new Date().toISOString(),
  };
  const again = () => new StateConflict('AlreadyReconciled', `The bank account was marked reconciled at ${date} already; the report shows whether it changed since.`, 'date');
  return uow.commit([books.reconciledChange(record, again)], reconciledPeriodView(record));
}
