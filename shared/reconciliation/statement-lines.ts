import { NotFound } from '../errors.ts';
import { mapPage, type Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { StatementLineRecord } from './records.ts';
import type { ListStatementLinesInput } from './schemas.ts';
import type { StatementLineList } from './store.ts';

export type StatementLineView = ResponseOf<'StatementLineResponse'>;

export const statementLineView = (l: StatementLineRecord): StatementLineView => ({
  bankReference: l.bankReference,
  statementId: l.statementId,
  bookingDate: l.bookingDate,
  valueDate: l.valueDate,
  amount: l.amount,
  description: l.description,
  endToEndId: l.endToEndId ?? null,
  structuredReference: l.structuredReference ?? null,
  counterpartyName: l.counterpartyName ?? null,
  reversal: l.reversal,
  opening: l.opening ?? false,
  matchId: l.matchId ?? null,
  journalId: l.journalId ?? null,
  importId: l.importId,
});

/** A page of a bank account's statement lines by booking date. Errors: NotFound, ValidationError (InvalidCursor). */
export async function listStatementLines(lines: StatementLineList, companyId: string, accountId: string, query: ListStatementLinesInput): Promise<Page<StatementLineView>> {
  if (!(await lines.bankAccount(companyId, accountId))) NotFound.throw('The bank account');
  return mapPage(await lines.page(companyId, accountId, query), statementLineView);
}
