import { Duration, type Size } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import type { Monitoring } from './monitoring.ts';
import { serviceFunction, type ServiceFunction } from './service-function.ts';
import { grantTable, type GrantableTable } from './table-grants.ts';

export interface JobWorkerProps {
  /** The worker's module (functions/ops/run-*.ts). */
  entry: string;
  /** The entity of the unfinished-job items whose insertion starts it (`UnfinishedImport`). */
  unfinishedEntity: string;
  memorySize: number;
  /** Room in /tmp beyond Lambda's 512 MB (the export worker spools a SAF-T file's journals there). */
  ephemeralStorageSize?: Size;
  main: GrantableTable;
  environment: Record<string, string>;
  monitoring: Monitoring;
  /** Its name among the watched functions. */
  name: string;
}

/**
 * A background job's worker in AWS (imports, export jobs), one shape for both: started by the
 * main table's stream when a job is accepted (inserted unfinished-job items of its kind only) and
 * every minute by a schedule (taking up jobs whose worker died or ran out of time), 15 minutes a
 * run, with the main table's item access; its errors and throttles raise the alarms every
 * function has.
 */
export function jobWorker(scope: Construct, props: JobWorkerProps): ServiceFunction {
  const worker = serviceFunction(scope, 'Worker', { entry: props.entry, environment: props.environment, timeout: Duration.minutes(15), memorySize: props.memorySize, ...(props.ephemeralStorageSize ? { ephemeralStorageSize: props.ephemeralStorageSize } : {}), paramsAndSecrets: undefined });
  grantTable(worker, props.main, 'readWrite');
  worker.addEventSource(
    new DynamoEventSource(props.main.table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: 10,
      retryAttempts: 2,
      filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { NewImage: { entity: { S: FilterRule.isEqual(props.unfinishedEntity) } } } })],
    }),
  );
  new Rule(scope, 'Resume', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(worker)] });
  props.monitoring.watchFunction(scope, worker, props.name);
  return worker;
}
