import type { ImportWork } from '../../imports/store.ts';
import type { NodeRecord } from '../../tree/records.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { importedPosting } from '../ledger/import-postings.ts';
import { journalMarks } from '../ledger/journal-references.ts';
import { getApprovalPolicy } from './approval-policy-store.ts';
import { putNewJournalOp } from '../ledger/journal-items.ts';
import { drawSerials } from '../ledger/journal-serials.ts';
import { existingJournalIds } from '../ledger/journal-store.ts';
import { LedgerFold } from '../ledger/ledger-fold.ts';
import { ledgerItems } from '../ledger/ledger-store.ts';
import { periodsOpenCheckOp } from '../ledger/open-periods.ts';
import { bulkWrite } from '../table/batch-write.ts';
import { MAX_TRANSACTION_ITEMS, transactWrite } from '../table/transact.ts';
import { companyAccess } from './access-ports.ts';
import { budgetsPage, createBudgetOps } from './budget-store.ts';
import { createCounterpartyOp, getCounterparties } from './counterparty-store.ts';
import { attachOps, companyAttachments } from './attachment-store.ts';
import { documentBucket } from '../documents/document-bucket.ts';
import { rateInEffect } from './exchange-rate-store.ts';
import { advanceJobOp, checkedOp, claimJob, deletePayload, errorOp, finishJobOps, firstErrors, putErrors, readPayload, recordFault, releaseJob, stopJobOps, unfinishedJobs } from './import-store.ts';
import { jobUnderWayOp } from './job-store.ts';
import { allNodes } from './nodes/node-reads.ts';
import { accountNodes, costCenterNodes } from './nodes/kind-stores.ts';
import { accountLines, costCenterLines } from './nodes/line-nodes.ts';
import type { NodeKindRef } from './nodes/node-record.ts';
import { importUsageItem, unusableNodes } from './nodes/node-references.ts';
import { createNodeOps } from './nodes/node-writes.ts';
import { getSettings } from './settings-store.ts';
import { getTaxCodesByCode } from './tax-code-store.ts';
import { getRegistry, getYear, periodPostingsOp } from './year-store.ts';
import { statementImporting } from './reconciliation-ports.ts';
import type { YearRecord } from '../../financial-years/records.ts';

const NODES: Record<'accounts' | 'costCenters', NodeKindRef> = { accounts: accountLines, costCenters: costCenterLines };

/** A node a journal line may name, as its item says: a leaf account, an active cost center. */
const USABLE: Record<'accounts' | 'costCenters', (item: Record<string, unknown>) => boolean> = { accounts: (item) => item.accountType === 'leaf', costCenters: (item) => item.status === 'active' };

/** The import worker's port (imports/store.ts, ImportWork), as the table keeps jobs and books. */
export const importWork: ImportWork = {
  unfinishedJobs,
  claim: claimJob,
  release: releaseJob,
  recordFault,
  file: readPayload,
  deleteFile: deletePayload,
  putErrors,
  firstErrors,
  checkedChange: checkedOp,
  advanceChange: advanceJobOp,
  errorChange: errorOp,
  finishChanges: finishJobOps,
  stopChanges: stopJobOps,
  eventChange: pendingEventOp,
  commit: transactWrite,
  bulk: async (puts, deletes = []) => void (await bulkWrite([...puts.map((put) => ({ put })), ...deletes.map((item) => ({ delete: { pk: String(item.pk), sk: String(item.sk) } }))])),
  transactionLimit: MAX_TRANSACTION_ITEMS,
  access: companyAccess,

  settings: getSettings,
  nodes: (kind, companyId) => allNodes(NODES[kind].kind, companyId),
  year: getYear,
  years: async (companyId) => (await Promise.all(Object.keys((await getRegistry(companyId)).years).map((id) => getYear(companyId, id)))).filter((y): y is YearRecord => y !== undefined),
  journalMarks,
  approvalPolicy: getApprovalPolicy,
  rateOn: async (companyId, currency, date) => (await rateInEffect(companyId, currency, date))?.rate,
  taxCodes: getTaxCodesByCode,
  counterparties: getCounterparties,
  companyAttachments,
  attachChanges: attachOps,
  lockAttachment: (record, until) => documentBucket.lock(record.objectKey, record.versionId, until),
  budgetLineNodes: { accounts: accountNodes, costCenters: costCenterNodes },
  statements: statementImporting,
  budgetsPage: (companyId, page) => budgetsPage(companyId, { pageSize: 100, orderBy: 'CreatedAt', orderAsc: true, page }),

  nodeChanges: (kind, companyId, node: NodeRecord, searchText, parentChain, parentMust) => createNodeOps(NODES[kind], companyId, node, searchText, parentChain, parentMust),
  budgetChanges: createBudgetOps,
  counterpartyChange: createCounterpartyOp,
  newJournalChange: putNewJournalOp,
  existingJournalIds,
  drawSerials,
  importedPosting,
  balanceItems: (companyId, posted, figuresOf, packDays) => {
    const fold = new LedgerFold(companyId, figuresOf);
    for (const journal of posted) {
      fold.add(journal);
      fold.takeLedgerItems();
    }
    return packDays ? fold.packedBalanceItems() : fold.balanceItems();
  },
  ledgerItems,
  usageItem: (kind, companyId, nodeId, groupId, journalIds, importId) => importUsageItem(NODES[kind], companyId, nodeId, groupId, journalIds, importId),
  unusableNodes: (kind, companyId, ids) => unusableNodes(NODES[kind], companyId, ids, USABLE[kind]),
  periodsOpenCheck: periodsOpenCheckOp,
  periodPostingsChange: periodPostingsOp,
  jobUnderWayChange: jobUnderWayOp,
};
