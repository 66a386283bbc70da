import { startExportWorker } from '../infra/local/export-worker.ts';

/**
 * The export worker in a process of its own, as its function runs apart from the routes' in AWS
 * (bench/heavy-readers.ts spawns it with the stack's environment): the files it renders do not
 * hold the gateway's event loop. Stops on SIGTERM once the job under way has ended.
 */
const worker = startExportWorker({ everyMs: 500 });
process.on('SIGTERM', () => void worker.close().then(() => process.exit(0)));
