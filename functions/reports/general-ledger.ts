import { generalLedgerReads } from '../../shared/db/stores/report-ports.ts';
import { answerWhole } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { generalLedger } from '../../shared/reports/general-ledger.ts';

export const handler = readEndpoint(reportsRoutes.generalLedger, (r) => answerWhole(r, () => generalLedger(generalLedgerReads, r.params.companyId, r.query), async (choice) => (await import('../../shared/reports/general-ledger-export.ts')).exportGeneralLedger(generalLedgerReads, r.params.companyId, r.query, choice)));
