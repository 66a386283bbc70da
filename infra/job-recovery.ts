import { resolve } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { Monitoring } from './monitoring.ts';
import { serviceFunction, type ServiceFunction } from './service-function.ts';
import { grantTable, type GrantableTable } from './table-grants.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface JobRecoveryProps {
  main: GrantableTable;
  environment: Record<string, string>;
  monitoring: Monitoring;
}

/**
 * Recovery of wide-posting jobs whose request died (shared/journals/recover-jobs.ts): a function
 * run every minute by a schedule, with the main table's item access and nothing else; its errors
 * raise the alarms every function has.
 */
export class JobRecovery extends Construct {
  readonly recoverer: ServiceFunction;

  constructor(scope: Construct, id: string, props: JobRecoveryProps) {
    super(scope, id);
    this.recoverer = serviceFunction(this, 'Recoverer', {
      entry: resolve(ROOT, 'functions/ops/recover-jobs.ts'),
      environment: props.environment,
      timeout: Duration.minutes(5),
      paramsAndSecrets: undefined,
    });
    grantTable(this.recoverer, props.main, 'readWrite');
    new Rule(this, 'Schedule', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(this.recoverer)] });
    props.monitoring.watchFunction(this, this.recoverer, 'jobRecovery');
  }
}
