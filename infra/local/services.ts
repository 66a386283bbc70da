/**
 * The service's code the stack runs once DynamoDB Local is up: start.ts loads it while Java
 * starts, as loading it takes about as long.
 */
export { ensureLedgerLayout } from '../../shared/db/migrations/ledger-rebuild.ts';
export { postingFigures } from '../../shared/journals/posting-figures.ts';
export { MAIN_TABLE } from '../../shared/db/table/tables.ts';
export { createTables } from './create-tables.ts';
export { startEventDispatcher } from './event-dispatcher.ts';
export { startGateway } from './gateway.ts';
export { startIdentityProvider, LOCAL_CLIENT_ID } from './identity-provider.ts';
export { startJobRecovery } from './job-recovery.ts';
export { startImportWorker } from './import-worker.ts';
export { startExportWorker } from './export-worker.ts';
export { startScheduleWorker } from './schedule-worker.ts';
export { startEventArchive } from './event-archive.ts';
export { checkArrivedObjects, startAttachmentSweep } from './attachment-arrivals.ts';
