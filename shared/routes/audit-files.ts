import { SafTQuery } from '../saf-t/schemas.ts';
import { route, company } from './route.ts';

/**
 * The audit files rows of the route table (shared/routes.ts), one export each: files in a layout a
 * tax standard fixes. The SAF-T export's path sits under Exports, beside the jobs: this area comes
 * before the export jobs' in the table, so the local gateway matches `Exports/SafT` before
 * `Exports/{id}` (API Gateway prefers the literal path itself).
 */
export const safT = /* @__PURE__ */ route('auditFiles.safT', () => ({
  methods: ['GET'],
  path: `${company}/Exports/SafT`,
  handler: 'functions/audit-files/saf-t.ts',
  access: 'reports:read',
  query: SafTQuery,
  fileOnly: 'xml',
  errors: ['409 PostingInProgress', '409 AmountsTooPrecise', '400 InvalidRange', '400 RangeTooLong', '400 NoFinancialYear'],
  summary:
    'The SAF-T Financial file of a range of posting dates, as the Norwegian SAF-T Financial schema v1.30 (after the OECD SAF-T 2.0) lays it out: the header (company, tax registration, currency, range, software), the master files (every leaf account with its opening and closing balance, the customers and suppliers the lines name, the tax codes and cost centers) and every posted journal of the range with its lines and totals; XML only, needs journals:read too; above 50,000 lines, an export job (format xml) writes it',
  tag: 'Exports',
}));

/** Every audit files row by action, for the route table. */
export const auditFilesRoutes = { safT };
