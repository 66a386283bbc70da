import { resolve } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { grantDocumentAccess } from './documents-bucket.ts';
import { IMPORT_METRICS, METRICS_NAMESPACE, SERVICE_DIMENSION } from '../shared/metrics.ts';
import { jobWorker } from './job-worker.ts';
import type { Monitoring } from './monitoring.ts';
import type { ServiceFunction } from './service-function.ts';
import type { GrantableTable } from './table-grants.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface ImportWorkerProps {
  main: GrantableTable;
  /** The documents bucket: a journals import locks the files it attaches for their journal's year. */
  documents: Bucket;
  environment: Record<string, string>;
  monitoring: Monitoring;
}

/**
 * The import worker in AWS (functions/ops/run-imports.ts), a job worker (job-worker.ts): started
 * by the main table's stream when a job is accepted (inserted unfinished-import items only) and
 * every minute by a schedule (resuming jobs whose worker died or ran out of time), with the main
 * table's item access, 15 minutes and 2 GB (a file of 100,000 rows is checked in memory), and the
 * lock of the files a journals import attaches (s3:PutObjectRetention on the attachments' objects). Its
 * errors and throttles raise the alarms every function has. A run that fails is retried after a wait; a job that fails again
 * and again at one point is stopped (shared/imports/run-import.ts), which raises an alarm, and
 * failures that go on for 15 minutes (a job that cannot even be stopped) raise another.
 */
export class ImportWorker extends Construct {
  readonly worker: ServiceFunction;

  constructor(scope: Construct, id: string, props: ImportWorkerProps) {
    super(scope, id);
    const { documents, ...job } = props;
    this.worker = jobWorker(this, { entry: resolve(ROOT, 'functions/ops/run-imports.ts'), unfinishedEntity: 'UnfinishedImport', memorySize: 2048, ...job, environment: { ...props.environment, DOCUMENTS_BUCKET: documents.bucketName }, name: 'importWorker' });
    // s3:PutObjectRetention on the attachments' objects, nothing else of the bucket.
    grantDocumentAccess(this.worker, documents, 'lock');
    const metric = (name: string) => new Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: SERVICE_DIMENSION, statistic: 'Sum', period: Duration.minutes(5) });
    props.monitoring.alarm(this, 'importWorker-Stopped', metric(IMPORT_METRICS.importsStopped), 0, 'An import job failed again and again and was stopped: its report names why');
    props.monitoring.alarm(this, 'importWorker-Failing', metric(IMPORT_METRICS.importRunsFailed), 0, 'Import runs have failed for 15 minutes: a job cannot finish nor be stopped', 3);
  }
}
