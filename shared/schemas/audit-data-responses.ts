import * as z from './zod.ts';
import { described } from './described.ts';

/**
 * Response bodies of the auditors' data API (part of responses.ts): the AICPA Audit Data API's
 * general-ledger records (GLDetail with its GLLineItem, GLAccountBalance, GLAccountDetails),
 * field names as the standard spells them. A field the books have no value for is left out, as
 * the standard's schemas (not nullable) allow; one the books have no source for is not listed
 * (docs/decisions.md, "The auditors' data API"). Amounts are JSON numbers, as the standard types
 * them, written digit for digit (exact at any size), debits positive and credits negative.
 */
export function buildAuditDataResponses() {
  const id = z.uuid();
  const instant = z.iso.datetime({ offset: true });
  const date = z.iso.date();
  const amount = z.number();
  const currency = z.string().check(z.regex(/^[A-Z]{3}$/));
  const entityIdentifier = described(id, 'The company: the entity the records belong to.');
  const sourceSystem = described(z.literal('Ledger API'), 'The system the data comes from.');
  const fiscalYear = described(z.string().check(z.regex(/^\d{4}$/)), 'The financial year, as the calendar year it ends in.');
  const period = described(z.string().check(z.regex(/^P\d{2,}$/)), "The period of the financial year: P and its number in the year (P01, P02, ...), as a year's default period names read.");
  const accountNumber = described(z.string(), "The account's path of codes from the root (such as 1.11.1101): unique in the company, as a code alone is only among its siblings.");
  const person = (what: string) => z.optional(described(id, `${what}: the id of the user or API key (GET .../Members and .../ApiKeys name them); left out where the journal does not record it (written before the service kept it).`));

  const GLLineItemResponse = z.strictObject({
    glAccountNumber: accountNumber,
    journalIdLineNumber: described(z.string().check(z.regex(/^[1-9]\d*$/)), "The line's number in the journal, from 1."),
    functionalAmount: described(amount, "The line's amount in the company's base currency (what its balances add), debit positive, credit negative."),
    functionalCurrency: described(currency, "The company's base currency."),
    reportingAmount: described(amount, 'The functional amount: the books keep no other reporting currency.'),
    reportingCurrency: described(currency, "The company's base currency."),
    transactionAmount: described(amount, "The line's amount in its own currency (a foreign line's, else the base amount), debit positive, credit negative."),
    transactionCurrency: described(currency, "The line's own currency (the base currency for a line without one)."),
  });

  const GLDetailResponse = z.strictObject({
    journalId: described(z.string().check(z.regex(/^[1-9]\d*$/)), "The journal's serial number (the service's journal number), as text."),
    fiscalYear,
    period,
    effectiveDate: described(date, 'The posting date: the day the journal counts in the books, which decides its year and period.'),
    jeHeaderDescription: z.optional(described(z.string(), "The journal's description; left out when it has none.")),
    source: described(z.enum(['Opening balances', 'Revaluation', 'Reversal', 'Year-end closing', 'Import', 'API', 'Manual']), 'Where the journal came from: an import of opening balances, a revaluation (or its automatic reversal), a reversal, a year-end closing journal, another import, an API key, or a person.'),
    reversalIndicator: described(z.enum(['1', '2', '']), '1: the journal reverses another; 2: another journal reverses it; empty: neither.'),
    reversalJournalId: z.optional(described(z.string().check(z.regex(/^[1-9]\d*$/)), 'The journalId of the journal on the other side of the reversal (the original of a reversal, the reversal of a reversed journal); left out when there is none.')),
    cancellationSign: described(z.literal(false), 'Always false: a voided journal is not in the books, so never listed.'),
    enteredBy: person('Who created the journal'),
    enteredDate: described(instant, 'When the journal was created, in UTC.'),
    lastModifiedBy: person('Who last wrote its date, lines or texts before it was posted'),
    approvedBy: person('Who gave the approval that completed it under the approval policy; left out when none was asked'),
    approvedDate: z.optional(described(instant, 'When that approval was given, in UTC.')),
    entityIdentifier,
    sourceSystem,
    glLineItems: described(z.array(GLLineItemResponse), "The journal's lines, in its order."),
  });

  const GLAccountBalanceResponse = z.strictObject({
    glAccountNumber: accountNumber,
    entityIdentifier,
    balanceAsOfDate: described(date, 'endDate: the balances are those at the end of that day.'),
    fiscalYear,
    period,
    amountBeginning: described(amount, "The balance at the start of the range (everything posted before startDate), debit positive, credit negative, in the base currency: the trial balance report's opening."),
    amountBeginningReporting: described(amount, 'amountBeginning: the books keep no other reporting currency.'),
    amountCurrency: described(currency, "The company's base currency."),
    amountReportingCurrency: described(currency, "The company's base currency."),
    amountEnding: described(amount, "The balance at the end of endDate, debit positive, credit negative: the trial balance report's closing."),
    amountEndingReporting: described(amount, 'amountEnding: the books keep no other reporting currency.'),
    budgetFlag: described(z.literal('actual'), 'Always actual: the service keeps no budget balances.'),
    sourceSystem,
  });
  const GLAccountBalancesResponse = z.strictObject({ results: described(z.array(GLAccountBalanceResponse), "One per leaf account with any figure in the range (the trial balance report's leaf rows), by account path; the whole trial balance in one answer, read at one moment.") });

  const GLAccountDetailsResponse = z.strictObject({
    entityIdentifier,
    glAccountNumber: accountNumber,
    glAccountName: described(z.string(), "The account's English name."),
    accountType: described(z.enum(['Asset', 'Liability', 'Equity', 'Revenue', 'Expense']), "The classification of the account's root."),
    glAccountDescription: described(z.string(), "The account's Arabic name."),
    parentGLAccountNumber: z.optional(described(z.string(), "The parent account's path; left out for a root.")),
    sourceSystem,
  });

  return { GLDetailResponse, GLLineItemResponse, GLAccountBalanceResponse, GLAccountBalancesResponse, GLAccountDetailsResponse };
}
