import type { Route } from '../shared/routes.ts';

export type Access = 'none' | 'read' | 'readWrite';

/**
 * GET routes that write: the event feed numbers pending events before it reads, and so do the
 * reports as known at a moment (`knownAt`, the bank reconciliation's too) and the restatements, which read what numbering records,
 * Verify (it checks the chain up to the head of now, and takes one of the company's run slots),
 * the gap test of the entry numbers and the auditors' journals (every journal posted before them has its number),
 * the histories (numbering writes them), and every route that answers a file (a file holds one
 * of the company's export slots while it is written: exports/export-runs.ts).
 */
export const SEQUENCES_EVENTS = [
  'events.list',
  'audit.verify',
  'audit.journalNumbers',
  'auditData.journals',
  'journals.history',
  'accounts.history',
  'costCenters.history',
  'reports.trialBalance',
  'reports.incomeStatement',
  'reports.balanceSheet',
  'reports.cashFlow',
  'reports.budgetVsActual',
  'reports.generalLedger',
  'reports.restatements',
  'reports.vatReturn',
  'reports.ftaAuditFile',
  'auditFiles.safT',
  'reports.get',
  'journals.list',
  'taxCodes.history',
  'counterparties.history',
  'approvalPolicies.history',
  'bankAccounts.reconciliation',
];

/** GET routes that write besides those: an attachment's read marks a pending one checked once its file is in storage (attachments/attachments.ts). */
export const CHECKS_RECORDS = ['attachments.get', 'attachments.getForCompany'];

/** Every GET route that writes the main table. */
export const WRITING_READS = [...SEQUENCES_EVENTS, ...CHECKS_RECORDS];

/**
 * What a route's function may do to each table (least privilege, asserted in the CDK test):
 * - main table: read only when every method is GET, except sign-in (its callback records the user)
 *   and the WRITING_READS (the event feed numbers pending events before reading,
 *   shared/db/events/sequencer.ts; an attachment's read checks its upload);
 * - TTL table: only where idempotency keys are claimed or sign-in state is kept.
 */
export function tableAccess(route: Route): { main: Access; ttl: Access } {
  const signIn = route.name.startsWith('authentication.');
  const readOnly = route.methods.every((m) => m === 'GET') && !signIn && !WRITING_READS.includes(route.name);
  return {
    main: readOnly ? 'read' : 'readWrite',
    ttl: signIn || route.idempotentOperation ? 'readWrite' : 'none',
  };
}
