import type { JournalApproving } from '../../journals/approve-journal.ts';
import { settledSettings } from '../capacity/settled-settings.ts';
import { getApiKeyById } from './api-key-store.ts';
import { getApprovalPolicy } from './approval-policy-store.ts';
import { accountLines, costCenterLines } from './nodes/line-nodes.ts';
import { mustGetJournal, replaceJournalOp } from '../ledger/journal-store.ts';

/** Submit, Approve and Reject's port (journals/approve-journal.ts): the journal, the policy, what its rules look at, who made a key. */
export const journalApproving: JournalApproving = {
  existingJournal: mustGetJournal,
  saved: (uow, companyId, before, after, response) => uow.commit([replaceJournalOp(companyId, before, after)], response),
  approvalPolicy: getApprovalPolicy,
  accounts: accountLines,
  costCenters: costCenterLines,
  settings: settledSettings,
  apiKeyCreator: async (companyId, keyId) => (await getApiKeyById(companyId, keyId))?.createdBy,
};
