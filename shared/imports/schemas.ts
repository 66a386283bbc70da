import * as z from '../schemas/zod.ts';
import { BudgetName } from '../budgets/schemas.ts';
import { Uuid } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery, pageQueryShape } from '../schemas/list-query.ts';
import { IMPORT_FORMATS, IMPORT_KINDS, IMPORT_MODES } from './records.ts';

const described = <T extends z.ZodMiniType>(schema: T, description: string): T => {
  z.globalRegistry.add(schema, { description });
  return schema;
};

/**
 * `POST .../Imports`: what to import, in which format, how strictly, and the file itself. A
 * CSV file is one string (RFC 4180, a header row naming the columns); JSON is an array of
 * objects with the same names. Whether each row is right is the job's to say (its errors).
 */
export const CreateImportBody = /* @__PURE__ */ lazy(() =>
  z
    .strictObject({
      kind: described(z.enum(IMPORT_KINDS), 'What the file holds: accounts, costCenters, openingBalances (one opening journal of financialYearId), journals, or budgetLines (one budget named budgetName for financialYearId).'),
      format: described(z.enum(IMPORT_FORMATS), 'csv: data is one string, RFC 4180 with a header row (UTF-8, a BOM allowed); json: data is an array of objects.'),
      mode: described(z._default(z.enum(IMPORT_MODES), 'atomic'), 'atomic (the default): nothing is written unless every row is valid; perItem: valid rows are written, invalid ones reported.'),
      dryRun: described(z._default(z.boolean(), false), 'true: check every row and report, writing nothing.'),
      data: described(z.union([z.string(), z.array(z.unknown())], { error: 'must be the CSV text (format csv) or an array of objects (format json)' }), 'The file: the CSV text, or an array of objects whose fields are the CSV columns. README, "Moving your books in", lists the columns of each kind.'),
      financialYearId: described(z.optional(Uuid()), 'openingBalances and budgetLines only (required there): the year whose first day the opening journal is dated and posted on; the year the budget is for.'),
      budgetName: described(z.optional(BudgetName()), 'budgetLines only (required there): the name of the budget the file becomes; a budget of that name in the year already is left alone (its rows counted in skippedDuplicates).'),
      post: described(z._default(z.boolean(), false), 'journals only: true posts each journal on its postingDate (its date when left empty); false leaves drafts.'),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (body.format === 'csv' && typeof body.data !== 'string') ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be the CSV text as one string for format csv' });
        if (body.format === 'json' && !Array.isArray(body.data)) ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be an array of objects for format json' });
        const inYear = body.kind === 'openingBalances' || body.kind === 'budgetLines';
        if (inYear && !body.financialYearId) ctx.addIssue({ code: 'custom', path: ['financialYearId'], message: `is required for ${body.kind}` });
        if (!inYear && body.financialYearId) ctx.addIssue({ code: 'custom', path: ['financialYearId'], message: 'is for openingBalances and budgetLines only' });
        if (body.kind === 'budgetLines' && !body.budgetName) ctx.addIssue({ code: 'custom', path: ['budgetName'], message: 'is required for budgetLines' });
        if (body.kind !== 'budgetLines' && body.budgetName) ctx.addIssue({ code: 'custom', path: ['budgetName'], message: 'is for budgetLines only' });
        if (body.kind !== 'journals' && body.post) ctx.addIssue({ code: 'custom', path: ['post'], message: 'is for journals only (opening balances are always posted)' });
      }),
    ),
);
export type CreateImportInput = z.output<ReturnType<typeof CreateImportBody>>;

/** The company's imports, newest first by default; the keyword matches the kind. */
export const ListImportsQuery = listQuery(['CreatedAt'], 'CreatedAt');

/** A job's errors in file order: page and page size only. */
export const ListImportErrorsQuery = /* @__PURE__ */ lazy(() => pageQueryShape());
