import { resolve } from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IDependable } from 'constructs';
import type { Monitoring } from './monitoring.ts';
import { grantTable, type GrantableTable } from './table-grants.ts';
import { serviceFunction, type ServiceFunction } from './service-function.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface EventDispatchProps {
  main: GrantableTable;
  secret: ISecret;
  environment: Record<string, string>;
  monitoring: Monitoring;
  after: IDependable;
}

/**
 * Webhook delivery in AWS: the dispatcher function on the main table's stream (new pending
 * events only), a schedule every minute for retries, and a dead-letter queue for stream batches
 * that keep failing; its messages, the function's errors and throttles raise alarms.
 */
export class EventDispatch extends Construct {
  readonly dispatcher: ServiceFunction;

  constructor(scope: Construct, id: string, props: EventDispatchProps) {
    super(scope, id);
    this.dispatcher = serviceFunction(this, 'Dispatcher', {
      entry: resolve(ROOT, 'functions/ops/dispatch-events.ts'),
      environment: props.environment,
      timeout: Duration.minutes(5),
    });
    this.dispatcher.node.addDependency(props.after);
    grantTable(this.dispatcher, props.main, 'readWrite');
    props.secret.grantRead(this.dispatcher);

    const deadLetters = new Queue(this, 'DeadLetters', { enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(deadLetters).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is the dead-letter queue of the dispatcher\'s stream batches; its messages raise an alarm.' });
    this.dispatcher.addEventSource(
      new DynamoEventSource(props.main.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 5,
        onFailure: new SqsDlq(deadLetters),
        filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { NewImage: { entity: { S: FilterRule.isEqual('PendingEvent') } } } })],
      }),
    );
    new Rule(this, 'RetrySweep', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(this.dispatcher)] });

    props.monitoring.watchFunction(this, this.dispatcher, 'eventDispatcher');
    props.monitoring.alarm(this, 'DeadLetters-Visible', deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }), 0, 'Webhook dispatch batches failed for good (dead-letter queue); their events stay in the feed');
  }
}
