import { resolve } from 'node:path';
import { Duration, Names, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Function as LambdaFunctionType } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Route } from '../shared/routes.ts';
import type { Monitoring } from './monitoring.ts';
import { serviceFunction, type ServiceFunction } from './service-function.ts';
import type { GrantableTable } from './table-grants.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** Where the archived segments are (shared/db/documents/archive-objects.ts keys them `companies/<c>/events/<first>.jsonl.gz`). */
const SEGMENTS = 'companies/*/events/*';

/** The wildcard acknowledged on a role reaching the segments: the bucket's ARN as the role's stack sees it. */
function acknowledgeSegments(fn: LambdaFunctionType, bucket: Bucket): void {
  // In a nested stack the bucket's ARN is the parameter CDK passes it in by; in the bucket's own stack, its attribute.
  const arn = Stack.of(fn) === Stack.of(bucket) ? `${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as never)}.Arn` : `referenceto${Names.uniqueId(bucket.node.defaultChild!)}Arn`;
  Validations.of(fn.role!).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${arn}>/${SEGMENTS}]`,
    reason: "Archived segments are objects named by company and first event number, made as the archive goes: the wildcard covers the bucket's segment objects and the actions the function takes on them.",
  });
}

/** Lets S3 answer a missing segment 404 rather than 403: listing the segments' prefix only. */
const listSegments = (bucket: Bucket) => new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': [SEGMENTS] } } });

/**
 * Lets a route's function read the archived segments when its row says so (`archivedEvents`:
 * Verify): get them at the version recorded, and list their prefix, nothing else of the bucket.
 */
export function grantArchiveReads(fn: LambdaFunctionType, bucket: Bucket, route: Route): void {
  if (!route.archivedEvents) return;
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:GetObjectVersion'], resources: [bucket.arnForObjects(SEGMENTS)] }));
  fn.addToRolePolicy(listSegments(bucket));
  acknowledgeSegments(fn, bucket);
}

export interface EventArchiveProps {
  main: GrantableTable;
  documents: Bucket;
  environment: Record<string, string>;
  monitoring: Monitoring;
}

/**
 * The event archive (functions/ops/archive-events.ts; docs/decisions.md, Audit, "Events archived
 * before they expire"): a function run every hour by a schedule, for up to 15 minutes, that
 * reads the main table (the company listing in gsi1, events, counters, settings; one scan, once,
 * lists companies made before the listing), writes the archive's index items and the listing,
 * and in the documents bucket puts segment objects with their retention and reads them back,
 * under `companies/*\/events/` only. Its errors raise the alarms every function has.
 */
export class EventArchive extends Construct {
  readonly archiver: ServiceFunction;

  constructor(scope: Construct, id: string, props: EventArchiveProps) {
    super(scope, id);
    this.archiver = serviceFunction(this, 'Archiver', {
      entry: resolve(ROOT, 'functions/ops/archive-events.ts'),
      environment: { ...props.environment, DOCUMENTS_BUCKET: props.documents.bucketName },
      timeout: Duration.minutes(15),
      memorySize: 1024,
      paramsAndSecrets: undefined,
    });
    const { table, indexes } = props.main;
    // The item actions it takes, no delete; the scan of the table only, not of its indexes.
    this.archiver.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [table.tableArn, ...indexes.map((index) => `${table.tableArn}/index/${index}`)],
      }),
    );
    this.archiver.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [table.tableArn] }));
    // s3:PutObjectRetention: a PUT that sets its object's retain-until date needs it besides s3:PutObject.
    this.archiver.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject', 's3:PutObjectRetention', 's3:GetObject'], resources: [props.documents.arnForObjects(SEGMENTS)] }));
    this.archiver.addToRolePolicy(listSegments(props.documents));
    acknowledgeSegments(this.archiver, props.documents);
    new Rule(this, 'Schedule', { schedule: Schedule.rate(Duration.hours(1)), targets: [new LambdaFunction(this.archiver)] });
    props.monitoring.watchFunction(this, this.archiver, 'eventArchive');
  }
}
