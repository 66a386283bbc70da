import { journalListing } from '../../shared/db/stores/journal-list-ports.ts';
import { answerWhole } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { listJournals } from '../../shared/journals/read-journals.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';

export const handler = readEndpoint(journalsRoutes.list, (r) =>
  answerWhole(r, () => listJournals(journalListing, r.params.companyId, r.query), async (choice) => {
    // The export's use case and its reads load on the export's path only.
    const [{ exportJournals }, { journalExporting }] = await Promise.all([import('../../shared/journals/export-journals.ts'), import('../../shared/db/stores/journal-export-ports.ts')]);
    return exportJournals(journalExporting, r.params.companyId, r.query, choice);
  }),
);
