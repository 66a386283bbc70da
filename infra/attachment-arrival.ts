import { resolve } from 'node:path';
import { type CfnResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { EventType, type Bucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { ATTACHMENT_OBJECTS_PREFIX, grantDocumentAccess } from './documents-bucket.ts';
import type { Monitoring } from './monitoring.ts';
import { LOG_RETENTION, serviceFunction, type ServiceFunction } from './service-function.ts';
import { grantTable, type GrantableTable } from './table-grants.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface AttachmentArrivalProps {
  main: GrantableTable;
  documents: Bucket;
  environment: Record<string, string>;
  monitoring: Monitoring;
}

/**
 * The check of uploads as they land (functions/ops/attachment-arrived.ts): the documents
 * bucket notifies the function of every object created under the attachments' prefix, and a
 * schedule every five minutes runs its sweep of attachments still pending. It reads the
 * bucket's objects and locks those found as declared, as the attachment read does, and writes
 * the main table; its errors and
 * throttles raise the alarms every function has.
 */
export class AttachmentArrival extends Construct {
  readonly checker: ServiceFunction;

  constructor(scope: Construct, id: string, props: AttachmentArrivalProps) {
    super(scope, id);
    this.checker = serviceFunction(this, 'Checker', {
      entry: resolve(ROOT, 'functions/ops/attachment-arrived.ts'),
      environment: { ...props.environment, DOCUMENTS_BUCKET: props.documents.bucketName },
      // A check reads at most one 25 MB object (where S3 kept no checksum); a sweep takes 100.
      timeout: Duration.minutes(2),
      paramsAndSecrets: undefined,
    });
    grantTable(this.checker, props.main, 'readWrite');
    grantDocumentAccess(this.checker, props.documents, 'check');
    props.documents.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.checker), { prefix: ATTACHMENT_OBJECTS_PREFIX });
    this.keepNotificationsHandlerLogs();
    new Rule(this, 'PendingSweep', { schedule: Schedule.rate(Duration.minutes(5)), targets: [new LambdaFunction(this.checker)] });
    props.monitoring.watchFunction(this, this.checker, 'attachmentArrival');
  }

  /**
   * CDK's own function that sets the bucket's notifications at deployment (one a stack): its
   * logs kept LOG_RETENTION in a log group of its own, as every function's are, and its basic
   * execution role acknowledged. It runs only when the stack deploys, so it has no alarms.
   */
  private keepNotificationsHandlerLogs(): void {
    const stack = Stack.of(this);
    const handler = stack.node.tryFindChild(NOTIFICATIONS_HANDLER_ID) as Construct | undefined;
    if (!handler) throw new Error(`CDK's bucket notifications handler (${NOTIFICATIONS_HANDLER_ID}) is not in the stack: its id changed with aws-cdk-lib`);
    const logs = new LogGroup(this, 'NotificationsHandlerLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    (handler.node.findChild('Resource') as CfnResource).addPropertyOverride('LoggingConfig', { LogGroup: logs.logGroupName });
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "CDK's bucket notifications handler comes with the basic execution role; it runs at deployment only, to set the documents bucket's notification.",
    });
  }
}

/** The construct id aws-cdk-lib gives its bucket notifications handler (BucketNotificationsHandler.singleton). */
const NOTIFICATIONS_HANDLER_ID = 'BucketNotificationsHandler050a0587b7544547bf325f094a3db834';
