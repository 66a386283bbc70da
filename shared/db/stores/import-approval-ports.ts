import type { ImportApproving } from '../../imports/approve-import.ts';
import { settledSettings } from '../capacity/settled-settings.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { importJournalsAsking } from '../ledger/journal-queries.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { replaceJournalOp } from '../ledger/journal-items.ts';
import { transactWrite } from '../table/transact.ts';
import { apiKeyCreator } from './api-key-store.ts';
import { getApprovalPolicy } from './approval-policy-store.ts';
import { getJob } from './import-store.ts';
import { accountLines, costCenterLines } from './nodes/line-nodes.ts';

/** The import approval's port (imports/approve-import.ts): the job, the journals it wrote asking approval, what the rules look at, each approval written with its event. */
export const importApproving: ImportApproving = {
  job: getJob,
  approvalPolicy: getApprovalPolicy,
  journalsAsking: importJournalsAsking,
  journals: getJournals,
  approvalChanges: (companyId, before, after, event) => [replaceJournalOp(companyId, before, after), pendingEventOp(event)],
  commit: transactWrite,
  accounts: accountLines,
  costCenters: costCenterLines,
  settings: settledSettings,
  apiKeyCreator,
};
