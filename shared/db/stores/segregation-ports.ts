import type { SegregationReads } from '../../reports/store.ts';
import { settledSettings } from '../capacity/settled-settings.ts';
import { allJournals } from '../ledger/journal-queries.ts';
import { apiKeyCreator } from './api-key-store.ts';
import { approvalPolicyVersions } from './approval-policy-store.ts';
import { accountLines, costCenterLines } from './nodes/line-nodes.ts';

/** The segregation report's port (reports/store.ts): the range's journals by date, the policy's history, what its rules look at, who made a key. */
export const segregationReads: SegregationReads = {
  approvalPolicyVersions,
  journals: (companyId, range) => allJournals(companyId, { dateFrom: range.from, dateTo: range.to, keyword: '' }),
  accounts: accountLines,
  costCenters: costCenterLines,
  settings: settledSettings,
  apiKeyCreator,
};
