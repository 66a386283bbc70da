import type { AccountAttributes } from '../accounts/records.ts';
import { journalNumberText } from '../audit/entry-numbers.ts';
import type { PostedJournal, ReversedJournal } from '../journals/records.ts';
import { completedApproval, type Line } from '../journals/rules.ts';
import { minorUnits } from '../money/currencies.ts';
import { jsonNumber } from '../money/json-number.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { joinPath } from '../tree/rules.ts';
import type { NodeRecord } from '../tree/records.ts';
import { accountTypeLabel, journalSource, netAmount, reversalIndicator, reversalPartner, signedAmount, SOURCE_SYSTEM } from './rules.ts';

/** The records as answered: the types of their documented response schemas. */
export type GlDetail = ResponseOf<'GLDetailResponse'>;
export type GlLineItem = ResponseOf<'GLLineItemResponse'>;
export type GlAccountBalance = ResponseOf<'GLAccountBalanceResponse'>;
export type GlAccountDetails = ResponseOf<'GLAccountDetailsResponse'>;

/** A journal in the books: posted, or posted and reversed since. */
export type BooksJournal = PostedJournal | ReversedJournal;

/** What a journal's record is read against: the company, its currency, and the names its ids stand for. */
export interface DetailContext {
  companyId: string;
  currency: string;
  precision: number;
  /** The account's path of codes. */
  accountNumber(accountId: string): string;
  /** The labels of the year and period a posting went into. */
  fiscalYear(yearId: string): string;
  period(periodId: string): string;
  /** The number (audit/entry-numbers.ts journalNumberText) of a journal a reversal names, when read. */
  numberOf(journalId: string): string | undefined;
}

/** A posted journal as the standard's GLDetail, its lines as GLLineItems; fields without a value are left out. */
export function glDetailView(j: BooksJournal, c: DetailContext): GlDetail {
  const partner = reversalPartner(j);
  const partnerNumber = partner === undefined ? undefined : c.numberOf(partner);
  const approval = completedApproval(j);
  return {
    journalId: journalNumberText(j),
    fiscalYear: c.fiscalYear(j.financialYearId),
    period: c.period(j.periodId),
    effectiveDate: j.postingDate,
    ...(j.description ? { jeHeaderDescription: j.description } : {}),
    source: journalSource(j),
    reversalIndicator: reversalIndicator(j),
    ...(partnerNumber !== undefined ? { reversalJournalId: partnerNumber } : {}),
    cancellationSign: false,
    ...(j.createdBy ? { enteredBy: j.createdBy.id } : {}),
    enteredDate: j.createdAt,
    ...(j.editedBy ? { lastModifiedBy: j.editedBy.id } : {}),
    ...(approval ? { approvedBy: approval.by.id, approvedDate: approval.at } : {}),
    entityIdentifier: c.companyId,
    sourceSystem: SOURCE_SYSTEM,
    glLineItems: j.entries.map((line, i) => lineItemView(line, i, c)),
  };
}

function lineItemView(line: Line, index: number, c: DetailContext): GlLineItem {
  const functional = jsonNumber(signedAmount(line.amount, line.side, c.precision));
  // A line kept before foreign currencies names none: it is in the base currency.
  const currency = line.currency ?? c.currency;
  return {
    glAccountNumber: c.accountNumber(line.accountId),
    journalIdLineNumber: String(index + 1),
    functionalAmount: functional,
    functionalCurrency: c.currency,
    reportingAmount: functional,
    reportingCurrency: c.currency,
    transactionAmount: line.foreign ? jsonNumber(signedAmount(line.foreign.amount, line.side, minorUnits(currency))) : functional,
    transactionCurrency: currency,
  };
}

/** A trial balance row's figures as the standard's GLAccountBalance: net opening and closing, debit positive. */
export function glAccountBalanceView(
  row: { path: string; opening: { debit: string; credit: string }; closing: { debit: string; credit: string } },
  c: { companyId: string; currency: string; precision: number; asOf: string; fiscalYear: string; period: string },
): GlAccountBalance {
  const beginning = jsonNumber(netAmount(row.opening, c.precision));
  const ending = jsonNumber(netAmount(row.closing, c.precision));
  return {
    glAccountNumber: row.path,
    entityIdentifier: c.companyId,
    balanceAsOfDate: c.asOf,
    fiscalYear: c.fiscalYear,
    period: c.period,
    amountBeginning: beginning,
    amountBeginningReporting: beginning,
    amountCurrency: c.currency,
    amountReportingCurrency: c.currency,
    amountEnding: ending,
    amountEndingReporting: ending,
    budgetFlag: 'actual',
    sourceSystem: SOURCE_SYSTEM,
  };
}

/** An account of the chart as the standard's GLAccountDetails; `chain` runs from its root to it. */
export function glAccountDetailsView(companyId: string, account: NodeRecord<AccountAttributes>, chain: readonly NodeRecord<AccountAttributes>[]): GlAccountDetails {
  const parent = chain.slice(0, -1);
  return {
    entityIdentifier: companyId,
    glAccountNumber: joinPath(chain),
    glAccountName: account.attributes.name.english,
    accountType: accountTypeLabel(chain[0]!.attributes.classification!),
    glAccountDescription: account.attributes.name.arabic,
    ...(parent.length > 0 ? { parentGLAccountNumber: joinPath(parent) } : {}),
    sourceSystem: SOURCE_SYSTEM,
  };
}
