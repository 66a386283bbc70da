import * as z from './zod.ts';
import { ACCOUNT_TYPES, CLASSIFICATIONS } from './account-values.ts';
import { REPORT_KINDS } from './report-values.ts';
import { TAX_JURISDICTIONS } from './tax-registration-values.ts';

/** Response bodies of the reports (part of responses.ts). Amounts are exact decimal strings in the company's currency. */
export function buildReportResponses() {
  const id = z.uuid();
  const instant = z.iso.datetime({ offset: true });
  const date = z.iso.date();
  const name = z.strictObject({ arabic: z.string(), english: z.string() });
  const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
  const sides = z.strictObject({ debit: decimal, credit: decimal });
  /** An account as a report row shows it; categories carry their subtree's sums. */
  const account = {
    accountId: id,
    parentId: z.nullable(id),
    code: z.string(),
    path: z.string(),
    depth: z.int(),
    name,
    type: z.enum(ACCOUNT_TYPES),
    classification: z.enum(CLASSIFICATIONS),
  };
  const costCenter = z.strictObject({ id, code: z.string(), path: z.string(), name });
  const knownAt = z.nullable(instant);
  z.globalRegistry.add(knownAt, { description: 'The moment the report was asked as known at (the knownAt parameter), in UTC to the millisecond: the figures are the books as they stood then. null for the books of now.' });
  /**
   * Asked with hijri=true only (left out otherwise): the report's dates in the Umm al-Qura
   * calendar, YYYY-MM-DD in Latin digits, field for field beside the Gregorian ones.
   */
  const hijriDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
  z.globalRegistry.add(hijriDate, { description: 'The Gregorian field of the same name in the Umm al-Qura calendar: YYYY-MM-DD, Latin digits.' });
  const hijriDateOrNull = z.nullable(hijriDate);
  z.globalRegistry.add(hijriDateOrNull, { description: 'The column’s dateFrom in the Umm al-Qura calendar (YYYY-MM-DD, Latin digits); null where the column is a date rather than a range.' });
  const hijriRange = { dateFrom: hijriDate, dateTo: hijriDate };
  const hijriColumns = z.array(z.strictObject({ dateFrom: hijriDateOrNull, dateTo: hijriDate }));
  z.globalRegistry.add(hijriColumns, { description: 'The dates of each of the report’s columns in the Umm al-Qura calendar, aligned to them.' });
  const hijriRangeColumns = z.nullable(z.array(z.strictObject(hijriRange)));
  z.globalRegistry.add(hijriRangeColumns, { description: 'The range of each of the report’s columns in the Umm al-Qura calendar, aligned to them; null without columns.' });

  const TrialBalanceResponse = z.strictObject({
    dateFrom: date,
    dateTo: date,
    hijri: z.optional(z.strictObject({ ...hijriRange, columns: hijriRangeColumns })),
    financialYearId: z.nullable(id),
    periodId: z.nullable(id),
    costCenter: z.nullable(costCenter),
    knownAt,
    currency: z.string(),
    rows: z.array(
      z.strictObject({
        ...account,
        opening: sides,
        movement: sides,
        closing: sides,
        /**
         * The same figures in each foreign currency the account (a category: its subtree) has
         * lines in, by currency code, at that currency's precision; [] without any. Kept for
         * account totals only: null within a cost center (and in snapshots stored before).
         */
        currencies: z.nullable(z.array(z.strictObject({ currency: z.string(), opening: sides, movement: sides, closing: sides }))),
        /** With `columns=month|quarter`: the row's figures in each column, aligned to the report's `columns`; null without. */
        columns: z.nullable(z.array(z.strictObject({ opening: sides, movement: sides, closing: sides }))),
      }),
    ),
    totals: z.strictObject({ opening: sides, movement: sides, closing: sides }),
    /**
     * With `columns=month|quarter`: each month or quarter of the range, exact on its own range,
     * with its totals; the report's own figures are the total column. Null without.
     */
    columns: z.nullable(z.array(z.strictObject({ dateFrom: date, dateTo: date, totals: z.strictObject({ opening: sides, movement: sides, closing: sides }) }))),
  });

  /** A column of a statement: a range (or a date) and whose figures it holds. */
  const column = z.strictObject({
    dateFrom: z.nullable(date),
    dateTo: date,
    scope: z.enum(['company', 'costCenter', 'noCostCenter']),
    costCenter: z.nullable(costCenter),
  });
  const statementRow = z.strictObject({ ...account, amounts: z.array(decimal) });
  const amounts = z.array(decimal);

  const IncomeStatementResponse = z.strictObject({
    knownAt,
    currency: z.string(),
    columns: z.array(column),
    hijri: z.optional(z.strictObject({ columns: hijriColumns })),
    revenue: z.array(statementRow),
    expense: z.array(statementRow),
    totals: z.strictObject({ revenue: amounts, expense: amounts, netProfit: amounts }),
  });

  const BalanceSheetResponse = z.strictObject({
    knownAt,
    currency: z.string(),
    columns: z.array(column),
    hijri: z.optional(z.strictObject({ columns: hijriColumns })),
    assets: z.array(statementRow),
    liabilities: z.array(statementRow),
    equity: z.array(statementRow),
    /** Revenue less expense from the start of the column's financial year to its date, not yet closed. */
    currentYearEarnings: amounts,
    /** Revenue less expense of earlier years not closed to retained earnings. */
    earlierYearsEarnings: amounts,
    totals: z.strictObject({ assets: amounts, liabilities: amounts, equity: amounts, liabilitiesAndEquity: amounts }),
  });

  /** Single-column statement; each section's rows carry the accounts' changes as their effect on cash. */
  const CashFlowResponse = z.strictObject({
    dateFrom: date,
    dateTo: date,
    hijri: z.optional(z.strictObject({ ...hijriRange, columns: hijriColumns })),
    costCenter: z.nullable(costCenter),
    knownAt,
    currency: z.string(),
    columns: z.array(column),
    nonCash: z.array(statementRow),
    operating: z.array(statementRow),
    investing: z.array(statementRow),
    financing: z.array(statementRow),
    cash: z.array(statementRow),
    totals: z.strictObject({
      netProfit: amounts,
      nonCash: amounts,
      operatingActivities: amounts,
      investingActivities: amounts,
      financingActivities: amounts,
      netCashFlow: amounts,
      openingCash: amounts,
      closingCash: amounts,
      cashChange: amounts,
      unreconciled: amounts,
    }),
    reconciles: z.boolean(),
  });

  /** Budget, actual and variance per column; variancePercent null where the budget is zero. */
  const comparison = { budget: amounts, actual: amounts, variance: amounts, variancePercent: z.array(z.nullable(decimal)) };
  const BudgetVsActualResponse = z.strictObject({
    budgetId: id,
    budgetName: z.string(),
    financialYearId: id,
    dateFrom: date,
    dateTo: date,
    hijri: z.optional(z.strictObject({ ...hijriRange, columns: hijriColumns })),
    knownAt,
    currency: z.string(),
    columns: z.array(column),
    rows: z.array(z.strictObject({ ...account, costCenter: z.nullable(costCenter), ...comparison })),
    totals: z.strictObject({ revenue: z.strictObject(comparison), expense: z.strictObject(comparison), netProfit: z.strictObject(comparison) }),
  });

  const GeneralLedgerResponse = z.strictObject({
    account: z.strictObject({ id, code: z.string(), path: z.string(), name, type: z.enum(ACCOUNT_TYPES), classification: z.enum(CLASSIFICATIONS) }),
    dateFrom: date,
    dateTo: date,
    hijri: z.optional(z.strictObject(hijriRange)),
    costCenter: z.nullable(costCenter),
    currency: z.string(),
    /** Debit minus credit before dateFrom, and through dateTo. */
    openingBalance: decimal,
    closingBalance: decimal,
    /** For a leaf account with a foreign currency of its own (not within a cost center): its balances in it. */
    accountCurrency: z.nullable(z.strictObject({ currency: z.string(), openingBalance: decimal, closingBalance: decimal })),
    knownAt,
    currentPage: z.nullable(z.string()),
    results: z.array(
      z.strictObject({
        journalId: id,
        serialNumber: z.int(),
        date: instant,
        postingDate: date,
        description: z.nullable(z.string()),
        reference: z.nullable(z.string()),
        accountId: id,
        line: z.int(),
        side: z.union([z.literal(1), z.literal(2)]),
        /** In the line's currency; baseAmount in the company's, at exchangeRate (1 for a base line). */
        currency: z.string(),
        amount: decimal,
        exchangeRate: z.string(),
        baseAmount: decimal,
        costCenterId: z.nullable(id),
        /** Debit minus credit after this line, from the opening balance, in the company's currency. */
        balance: decimal,
        /** The same in the account's own currency (accountCurrency), or null. */
        accountCurrencyBalance: z.nullable(decimal),
      }),
    ),
    nextPage: z.nullable(z.string()),
  });

  const snapshot = {
    id,
    kind: z.enum(REPORT_KINDS),
    parameters: z.record(z.string(), z.union([z.string(), z.boolean()])),
    createdAt: instant,
    createdBy: z.strictObject({ type: z.enum(['user', 'apiKey']), id }),
    /** The chain's head when the snapshot was made (null on snapshots made before the chain). */
    auditHead: z.nullable(z.strictObject({ sequence: z.int(), hash: z.nullable(z.string().check(z.regex(/^[0-9a-f]{64}$/))) })),
  };
  const ReportSnapshotSummaryResponse = z.strictObject(snapshot);
  const ReportSnapshotResponse = z.strictObject({
    ...snapshot,
    figures: z.union([TrialBalanceResponse, IncomeStatementResponse, BalanceSheetResponse, CashFlowResponse]),
  });

  /** A box's figures in a correction: what its range holds beyond what was reported, or what one journal moved. */
  const boxFigures = z.strictObject({ box: z.string(), amount: decimal, tax: decimal });
  const VatReturnResponse = z.strictObject({
    dateFrom: date,
    dateTo: date,
    hijri: z.optional(z.strictObject(hijriRange)),
    knownAt,
    jurisdiction: z.enum(TAX_JURISDICTIONS),
    taxRegistrationNumber: z.nullable(z.string()),
    currency: z.string(),
    boxes: z.array(
      z.strictObject({
        box: z.string(),
        name,
        side: z.enum(['supplies', 'purchases', 'net']),
        amount: z.nullable(decimal),
        tax: z.nullable(decimal),
      }),
    ),
    corrections: z.array(
      z.strictObject({
        returnId: id,
        dateFrom: date,
        dateTo: date,
        boxes: z.array(boxFigures),
        netTax: decimal,
        journals: z.nullable(
          z.array(
            z.strictObject({
              journalId: id,
              serialNumber: z.int(),
              change: z.string(),
              postingDate: date,
              occurredAt: instant,
              boxes: z.array(boxFigures),
            }),
          ),
        ),
      }),
    ),
    creditCarriedForward: z
      .nullable(z.strictObject({ returnId: id, dateFrom: date, dateTo: date, tax: decimal }))
      .register(z.globalRegistry, { description: 'Saudi Arabia (box 15): the credit the last return filed before this range left (its net due below zero), unless a refund was requested of it or another return carried it; null otherwise and in the UAE.' } as never),
    netDue: decimal,
  });
  const FiledVatReturnResponse = z.strictObject({
    id,
    ...VatReturnResponse.shape,
    refundRequested: z.boolean().register(z.globalRegistry, { description: 'Whether this return’s credit is to be refunded: then no later return carries it forward.' } as never),
    filedAt: instant,
    filedBy: z.nullable(z.strictObject({ type: z.enum(['user', 'apiKey']), id: z.string() })),
    auditHead: z.strictObject({ sequence: z.int(), hash: z.nullable(z.string()) }),
    version: z.int(),
  });
  const FiledVatReturnsResponse = z.strictObject({ results: z.array(FiledVatReturnResponse) });

  const principal = () => z.strictObject({ type: z.enum(['user', 'apiKey']), id: z.string() });
  const SegregationResponse = z.strictObject({
    dateFrom: date,
    dateTo: date,
    journalsExamined: z.int().register(z.globalRegistry, { description: 'The posted journals (posted, reversed, or voided after posting) dated in the range.' } as never),
    exceptionCount: z.int().register(z.globalRegistry, { description: 'How many of them are exceptions; `exceptions` lists the first 1,000, oldest first.' } as never),
    exceptions: z.array(
      z.strictObject({
        journalId: id,
        serialNumber: z.int(),
        date,
        status: z.string(),
        createdBy: z.nullable(principal()),
        editedBy: z.nullable(principal()),
        approvedBy: z.array(principal()).register(z.globalRegistry, { description: 'Who approved it, in order.' } as never),
        postedBy: z.nullable(principal()),
        postedAt: z.nullable(instant),
        findings: z.array(z.enum(['enteredAndApproved', 'enteredAndPosted', 'approvedAndPosted', 'unapproved'])).register(z.globalRegistry, { description: 'What one person held two of (entered: created or last edited; an API key counts as the user who made it), and `unapproved`: posted without the approval the policy in force at its posting asked.' } as never),
        rules: z.array(z.string()).register(z.globalRegistry, { description: 'For `unapproved`: the rules that asked the approval.' } as never),
        approvalPolicyVersion: z.nullable(z.int()).register(z.globalRegistry, { description: 'The policy version in force at its posting (the one its posting recorded, else the last before postedAt); null: none.' } as never),
      }),
    ),
    principals: z.array(z.strictObject({ principal: principal(), entered: z.int(), approved: z.int(), posted: z.int() })).register(z.globalRegistry, { description: 'Per user or API key, how many of the range’s posted journals it entered, approved and posted.' } as never),
  });

  const TaxDetailRowResponse = z.strictObject({
    journalId: id,
    serialNumber: z.int(),
    date: instant,
    postingDate: date,
    reference: z.nullable(z.string()),
    description: z.nullable(z.string()),
    line: z.int(),
    accountId: id,
    counterpartyId: z.nullable(id),
    side: z.union([z.literal(1), z.literal(2)]),
    taxCode: z.string(),
    taxCodeId: id,
    kind: z.string(),
    direction: z.enum(['supplies', 'purchases']),
    percent: z.string(),
    emirate: z.nullable(z.string()),
    baseBoxes: z.array(z.string()),
    taxBoxes: z.array(z.string()),
    currency: z.string(),
    exchangeRate: z.string(),
    amount: decimal,
    taxAmount: decimal,
    baseAmount: decimal,
    baseTaxAmount: decimal,
  });

  return { SegregationResponse, FiledVatReturnResponse, FiledVatReturnsResponse, TaxDetailRowResponse, VatReturnResponse, TrialBalanceResponse, IncomeStatementResponse, BalanceSheetResponse, CashFlowResponse, BudgetVsActualResponse, GeneralLedgerResponse, ReportSnapshotSummaryResponse, ReportSnapshotResponse };
}
