import { resolve } from 'node:path';
import { Size } from 'aws-cdk-lib';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { grantExportFiles } from './exports-bucket.ts';
import { jobWorker } from './job-worker.ts';
import type { Monitoring } from './monitoring.ts';
import type { ServiceFunction } from './service-function.ts';
import type { GrantableTable } from './table-grants.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface ExportWorkerProps {
  main: GrantableTable;
  exports: Bucket;
  environment: Record<string, string>;
  monitoring: Monitoring;
}

/**
 * The export worker in AWS (functions/ops/run-exports.ts), a job worker as the import worker is
 * (job-worker.ts): started by the main table's stream when an export job is accepted (inserted
 * unfinished-export items only) and every minute by a schedule (writing again, from the start, a
 * file whose worker died), 15 minutes a run, reading the books as the exportable routes do and
 * sending files into the exports bucket. 1 GB: a file is streamed in parts, the reads merged a
 * page at a time (the routes' own 256 MB peaks measured at 200-270 MB for XLSX). 2 GiB of /tmp: a
 * SAF-T file's journals are spooled there before the header giving their totals is written
 * (shared/exports/disk-spool.ts), up to a job's 1 GiB cap.
 */
export class ExportWorker extends Construct {
  readonly worker: ServiceFunction;

  constructor(scope: Construct, id: string, props: ExportWorkerProps) {
    super(scope, id);
    this.worker = jobWorker(this, { entry: resolve(ROOT, 'functions/ops/run-exports.ts'), unfinishedEntity: 'UnfinishedExport', memorySize: 1024, ephemeralStorageSize: Size.gibibytes(2), ...props, name: 'exportWorker' });
    grantExportFiles(this.worker, props.exports, 'write');
  }
}
