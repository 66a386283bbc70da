import type { JournalApproving } from '../../journals/approve-journal.ts';
import { settledSettings } from '../capacity/settled-settings.ts';
import { apiKeyCreator } from './api-key-store.ts';
import { getApprovalPolicy } from './approval-policy-store.ts';
import { accountLines, costCenterLines } from './nodes/line-nodes.ts';
import { mustGetJournal, savedJournal } from '../ledger/journal-store.ts';

/** Submit, Approve and Reject's port (journals/approve-journal.ts): the journal, the policy, what its rules look at, who made a key. */
export const journalApproving: JournalApproving = {
  existingJournal: mustGetJournal,
  saved: savedJournal,
  approvalPolicy: getApprovalPolicy,
  accounts: accountLines,
  costCenters: costCenterLines,
  settings: settledSettings,
  apiKeyCreator,
};
