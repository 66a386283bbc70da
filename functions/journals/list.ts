import { answerWhole } from '../../shared/exports/answer.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { listJournals } from '../../shared/journals/read-journals.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';

export const handler = readEndpoint(journalsRoutes.list, (r) => answerWhole(r, () => listJournals(r.params.companyId, r.query), async (choice) => (await import('../../shared/journals/export-journals.ts')).exportJournals(r.params.companyId, r.query, choice)));
