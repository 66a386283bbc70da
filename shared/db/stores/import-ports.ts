import type { ImportQueue, ImportReads } from '../../imports/store.ts';
import { compressPayload, errorsPage, getJob, jobsPage, newJobOps, putPayload } from './import-store.ts';
import { getYear } from './year-store.ts';
import { bankAccountFacts } from './bank-account-facts.ts';

/** The imports' ports (imports/store.ts), one per need, so a bundle holds only what it reads and writes. */
export const importReads: ImportReads = { job: getJob, jobs: jobsPage, errors: errorsPage };

export const importQueue: ImportQueue = {
  storedPieces: compressPayload,
  keepFile: putPayload,
  queuedChanges: newJobOps,
  hasYear: async (companyId, yearId) => (await getYear(companyId, yearId)) !== undefined,
  bankCurrency: async (companyId, accountId) => (await bankAccountFacts(companyId, accountId))?.currency,
};
