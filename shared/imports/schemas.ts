import * as z from '../schemas/zod.ts';
import { BudgetName } from '../budgets/schemas.ts';
import { Uuid } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { described } from '../schemas/described.ts';
import { listQuery, pageQueryShape } from '../schemas/list-query.ts';
import { IMPORT_FORMATS, IMPORT_KINDS, IMPORT_MODES } from '../schemas/import-values.ts';


/** A statement's balance: a signed decimal amount (positive: the bank holds money for the company) on a date. */
const StatementBalance = () => z.strictObject({ amount: z.string().check(z.regex(/^-?\d{1,15}(\.\d{1,3})?$/, { error: 'must be a decimal amount such as 1250.00 or -30.5 (negative: overdrawn)' })), date: IsoDateField() });

/**
 * `POST .../Imports`: what to import, in which format, how strictly, and the file itself. A
 * CSV file is one string (RFC 4180, a header row naming the columns); JSON is an array of
 * objects with the same names. Whether each row is right is the job's to say (its errors).
 */
export const CreateImportBody = /* @__PURE__ */ lazy(() =>
  z
    .strictObject({
      kind: described(z.enum(IMPORT_KINDS), 'What the file holds: accounts, costCenters, openingBalances (one opening journal of financialYearId), journals, budgetLines (one budget named budgetName for financialYearId), bankStatements (the statements of bankAccountId), counterparties (customers and suppliers, each by its partyId in the system the file comes from), or safT (a whole SAF-T Financial file in one job: its chart, cost centers, counterparties, opening balances of financialYearId and journals, in that order).'),
      format: described(z.enum(IMPORT_FORMATS), 'csv: data is one string, RFC 4180 with a header row (UTF-8, a BOM allowed); json: data is an array of objects; camt053 (ISO 20022 XML) and mt940 (SWIFT): bank statements as the bank sends them, data one string; saf-t: a SAF-T Financial file (1.10 to 1.30) as one string, of which the kind takes its accounts, cost centers (analysis), opening balances, customers and suppliers (counterparties) or journals.'),
      mode: described(z._default(z.enum(IMPORT_MODES), 'atomic'), 'atomic (the default): nothing is written unless every row is valid; perItem: valid rows are written, invalid ones reported.'),
      dryRun: described(z._default(z.boolean(), false), 'true: check every row and report, writing nothing.'),
      data: described(z.union([z.string(), z.array(z.unknown())], { error: 'must be the CSV text (format csv) or an array of objects (format json)' }), 'The file: the CSV text, or an array of objects whose fields are the CSV columns. README, "Moving your books in", lists the columns of each kind.'),
      financialYearId: described(z.optional(Uuid()), 'openingBalances and budgetLines (required there), and safT (required when the file gives opening balances): the year whose first day the opening journal is dated and posted on; the year the budget is for.'),
      budgetName: described(z.optional(BudgetName()), 'budgetLines only (required there): the name of the budget the file becomes; a budget of that name in the year already is left alone (its rows counted in skippedDuplicates).'),
      post: described(z._default(z.boolean(), false), 'journals and safT only: true posts each journal on its postingDate (its date when left empty); false leaves drafts.'),
      bankAccountId: described(z.optional(Uuid()), 'bankStatements only (required there): the bank account (its account\'s id) the statements are of.'),
      statement: described(
        z.optional(
          z.strictObject({
            statementId: z.string().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(100)),
            openingBalance: StatementBalance(),
            closingBalance: StatementBalance(),
          }),
        ),
        'bankStatements in CSV only (required there): what the lines do not say of their statement: the bank\'s id for it, and its opening and closing balances.',
      ),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (body.format === 'csv' && typeof body.data !== 'string') ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be the CSV text as one string for format csv' });
        if (body.format === 'json' && !Array.isArray(body.data)) ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be an array of objects for format json' });
        const inYear = body.kind === 'openingBalances' || body.kind === 'budgetLines';
        const wholeFile = body.kind === 'safT';
        if (inYear && !body.financialYearId) ctx.addIssue({ code: 'custom', path: ['financialYearId'], message: `is required for ${body.kind}` });
        if (!inYear && !wholeFile && body.financialYearId) ctx.addIssue({ code: 'custom', path: ['financialYearId'], message: 'is for openingBalances, budgetLines and safT only' });
        if (wholeFile && body.format !== 'saf-t') ctx.addIssue({ code: 'custom', path: ['format'], message: 'must be saf-t for safT' });
        if (body.kind === 'budgetLines' && !body.budgetName) ctx.addIssue({ code: 'custom', path: ['budgetName'], message: 'is required for budgetLines' });
        if (body.kind !== 'budgetLines' && body.budgetName) ctx.addIssue({ code: 'custom', path: ['budgetName'], message: 'is for budgetLines only' });
        if (body.kind !== 'journals' && !wholeFile && body.post) ctx.addIssue({ code: 'custom', path: ['post'], message: 'is for journals and safT only (opening balances are always posted)' });
        const statements = body.kind === 'bankStatements';
        if (statements && !body.bankAccountId) ctx.addIssue({ code: 'custom', path: ['bankAccountId'], message: 'is required for bankStatements' });
        if (!statements && body.bankAccountId) ctx.addIssue({ code: 'custom', path: ['bankAccountId'], message: 'is for bankStatements only' });
        if (statements && body.format === 'json') ctx.addIssue({ code: 'custom', path: ['format'], message: 'must be camt053, mt940 or csv for bankStatements' });
        if (!statements && (body.format === 'camt053' || body.format === 'mt940')) ctx.addIssue({ code: 'custom', path: ['format'], message: 'is for bankStatements only' });
        if ((body.format === 'camt053' || body.format === 'mt940') && typeof body.data !== 'string') ctx.addIssue({ code: 'custom', path: ['data'], message: `must be the ${body.format} file as one string` });
        if (body.format === 'saf-t' && typeof body.data !== 'string') ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be the SAF-T Financial XML file as one string for format saf-t' });
        if (body.format === 'saf-t' && (body.kind === 'budgetLines' || statements)) ctx.addIssue({ code: 'custom', path: ['format'], message: 'saf-t holds accounts, costCenters, openingBalances, counterparties and journals only' });
        if (statements && body.format === 'csv' && !body.statement) ctx.addIssue({ code: 'custom', path: ['statement'], message: 'is required for a bank statement in CSV' });
        if (!(statements && body.format === 'csv') && body.statement) ctx.addIssue({ code: 'custom', path: ['statement'], message: 'is for a bank statement in CSV only' });
      }),
    ),
);
export type CreateImportInput = z.output<ReturnType<typeof CreateImportBody>>;

/** The company's imports, newest first by default; the keyword matches the kind. */
export const ListImportsQuery = listQuery(['CreatedAt'], 'CreatedAt');

/** A job's errors in file order: page and page size only. */
export const ListImportErrorsQuery = /* @__PURE__ */ lazy(() => pageQueryShape());
