import { resolve } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { Monitoring } from './monitoring.ts';
import { serviceFunction, type ServiceFunction } from './service-function.ts';
import { grantTable, type GrantableTable } from './table-grants.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface ScheduleWorkerProps {
  main: GrantableTable;
  environment: Record<string, string>;
  monitoring: Monitoring;
}

/**
 * The schedule worker in AWS (functions/ops/run-schedules.ts): a function run every 5 minutes by
 * a schedule, generating the recurring journals due, with the main table's item access and
 * nothing else. One run at a time is not required: each occurrence is generated once however
 * many run (shared/schedules/generate-occurrences.ts).
 */
export class ScheduleWorker extends Construct {
  readonly worker: ServiceFunction;

  constructor(scope: Construct, id: string, props: ScheduleWorkerProps) {
    super(scope, id);
    this.worker = serviceFunction(this, 'Worker', {
      entry: resolve(ROOT, 'functions/ops/run-schedules.ts'),
      environment: props.environment,
      timeout: Duration.minutes(10),
      paramsAndSecrets: undefined,
    });
    grantTable(this.worker, props.main, 'readWrite');
    new Rule(this, 'Schedule', { schedule: Schedule.rate(Duration.minutes(5)), targets: [new LambdaFunction(this.worker)] });
    props.monitoring.watchFunction(this, this.worker, 'scheduleWorker');
  }
}
