import * as z from '../schemas/zod.ts';
import { Reference, Uuid } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { BooleanText, listQuery, listQueryShape } from '../schemas/list-query.ts';
import { exportParameters } from '../exports/schemas.ts';
import { COLUMN_SPLITS, MAX_COLUMNS } from './column-ranges.ts';
import { knownAtParameter, type KnownAtInput } from '../schemas/known-at.ts';

export type { KnownAtInput };

/** One column per calendar month or quarter of the range (at most 12), plus the range's total. */
const Columns = () => z.optional(z.enum(COLUMN_SPLITS));

/** true or false: a JSON boolean in a body, its text in a query string. */
const Flag = () => z.union([z.boolean(), BooleanText()]);

export const TrialBalanceQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    /** A date range; or instead financialYearId (and periodId) for a year or one of its periods. */
    dateFrom: z.optional(IsoDateField()),
    dateTo: z.optional(IsoDateField()),
    financialYearId: z.optional(Uuid()),
    periodId: z.optional(Uuid()),
    /** A UUID or path; omitted: all cost centers. */
    costCenterId: z.optional(Reference()),
    columns: Columns(),
  }),
);
export type TrialBalanceInput = z.output<ReturnType<typeof TrialBalanceQuery>>;

export const IncomeStatementQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
    /** A UUID or path: the figures of one cost center. */
    costCenterId: z.optional(Reference()),
    /** One column per cost center, and one for amounts without a cost center. */
    byCostCenter: z._default(Flag(), false),
    /** A comparison column: the equally long range just before, or the same range a year earlier. */
    compare: z.optional(z.enum(['PreviousPeriod', 'PreviousYear'])),
    columns: Columns(),
  }),
);
export type IncomeStatementInput = z.output<ReturnType<typeof IncomeStatementQuery>>;

export const BalanceSheetQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    /** As of the end of this day (or give `dates`). */
    date: z.optional(IsoDateField()),
    compareDate: z.optional(IsoDateField()),
    /** Up to 12 dates, comma-separated, one column each: instead of date and compareDate. */
    dates: z.optional(
      z.pipe(
        z.pipe(
          z.string().check(z.regex(new RegExp(`^\\d{4}-\\d{2}-\\d{2}(,\\d{4}-\\d{2}-\\d{2}){0,${MAX_COLUMNS - 1}}$`), { error: `must be 1 to ${MAX_COLUMNS} dates YYYY-MM-DD separated by commas` })),
          z.transform((text) => text.split(',')),
        ),
        z.array(IsoDateField()),
      ),
    ),
  }),
);
export type BalanceSheetInput = z.output<ReturnType<typeof BalanceSheetQuery>>;

export const CashFlowQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
    /** A UUID or path: the figures booked with one cost center. */
    costCenterId: z.optional(Reference()),
  }),
);
export type CashFlowInput = z.output<ReturnType<typeof CashFlowQuery>>;


export const BudgetVsActualQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    budgetId: Uuid(),
    /** Both within the budget's financial year. */
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
    columns: z.optional(
      z.enum(['month']).register(z.globalRegistry, { description: `month: one column per calendar month of the range (the first and last cut to it; at most ${MAX_COLUMNS}) after the column of the whole range. Left out: the whole range only.` } as never),
    ),
    ...knownAtParameter(),
    ...exportParameters(),
  }),
);
export type BudgetVsActualInput = z.output<ReturnType<typeof BudgetVsActualQuery>>;

/** The VAT return of a range: both ends inside a financial year, at most the reports' 24 months. */
export const VatReturnQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
    ...knownAtParameter(),
    ...exportParameters(),
  }),
);
export type VatReturnInput = z.output<ReturnType<typeof VatReturnQuery>>;

/** The segregation of duties of a range: the journals dated in it, as a file too. */
export const SegregationQuery = /* @__PURE__ */ lazy(() =>
  z
    .strictObject({
      dateFrom: IsoDateField(),
      dateTo: IsoDateField(),
      ...exportParameters(),
    })
    .check(z.refine((q) => q.dateFrom <= q.dateTo, { path: ['dateTo'], error: 'must not be before dateFrom' })),
);
export type SegregationInput = z.output<ReturnType<typeof SegregationQuery>>;

/** The FTA audit file of a range (a CSV file only, no export parameters): as the VAT return's range. */
export const FtaAuditFileQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
  }),
);
export type FtaAuditFileInput = z.output<ReturnType<typeof FtaAuditFileQuery>>;

/** The taxed lines of a range, a page at a time (ledger order: posting date, serial number, line). */
export const TaxDetailQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...(({ page, pageSize }) => ({ page, pageSize }))(listQueryShape(['PostingDate'], 'PostingDate').shape),
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
  }),
);
export type TaxDetailInput = z.output<ReturnType<typeof TaxDetailQuery>>;

export const GeneralLedgerQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...(({ page, pageSize }) => ({ page, pageSize }))(listQueryShape(['PostingDate'], 'PostingDate').shape),
    /** A UUID or path; a category means every account under it. */
    accountId: Reference(),
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
    /** A UUID or path: only the lines in this cost center. */
    costCenterId: z.optional(Reference()),
    ...knownAtParameter(),
    ...exportParameters(),
  }),
);
export type GeneralLedgerInput = z.output<ReturnType<typeof GeneralLedgerQuery>>;

/** The queries of the report endpoints: a report's parameters (as a snapshot stores them) and the export parameters. */
export const TrialBalanceRouteQuery = /* @__PURE__ */ lazy(() => z.extend(TrialBalanceQuery(), { ...knownAtParameter(), ...exportParameters() }));
export const IncomeStatementRouteQuery = /* @__PURE__ */ lazy(() => z.extend(IncomeStatementQuery(), { ...knownAtParameter(), ...exportParameters() }));
export const BalanceSheetRouteQuery = /* @__PURE__ */ lazy(() => z.extend(BalanceSheetQuery(), { ...knownAtParameter(), ...exportParameters() }));
export const CashFlowRouteQuery = /* @__PURE__ */ lazy(() => z.extend(CashFlowQuery(), { ...knownAtParameter(), ...exportParameters() }));

export const CreateReportBody = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('TrialBalance'), parameters: TrialBalanceQuery() }),
    z.strictObject({ kind: z.literal('IncomeStatement'), parameters: IncomeStatementQuery() }),
    z.strictObject({ kind: z.literal('BalanceSheet'), parameters: BalanceSheetQuery() }),
    z.strictObject({ kind: z.literal('CashFlow'), parameters: CashFlowQuery() }),
  ]),
);
export type CreateReportInput = z.output<ReturnType<typeof CreateReportBody>>;

export const ListReportsQuery = listQuery(['CreatedAt'], 'CreatedAt');
