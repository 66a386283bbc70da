import { type CfnElement, Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_FILE_DAYS } from '../shared/exports/jobs/rules.ts';

/**
 * The bucket of export jobs' files (docs/decisions.md, Reports, "Export jobs"): copies of what
 * the books say, written by the export worker and read through presigned links, so nothing of
 * the documents bucket's lock: no Object Lock, no versions (a run after a crash overwrites the
 * job's one object), every object deleted EXPORT_FILE_DAYS after it was written, and unfinished
 * multipart uploads (a worker that died mid-file) dropped after a day. S3-managed encryption, no
 * public access, TLS only, server access logs (who downloaded which file) into the documents
 * bucket's log bucket. Retained when the stack is deleted, as CloudFormation cannot delete a
 * bucket that still holds files (they expire within the week).
 */
export class ExportsBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { accessLogs: IBucket }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'exports/',
      lifecycleRules: [{ expiration: Duration.days(EXPORT_FILE_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}

/** Where export files are (db/documents/export-files.ts keys them `companies/<c>/exports/<job>`). */
const OBJECTS = 'companies/*';

/**
 * Lets a function reach the export files, and names the bucket in its environment: `read` signs
 * downloads of them (a presigned GET runs with the signer's role: the export routes whose row has
 * `exportFiles`), `write` sends them in (the export worker: a put, a multipart upload's parts, its
 * abort).
 */
export function grantExportFiles(fn: LambdaFunction, bucket: Bucket, access: 'read' | 'write'): void {
  fn.addEnvironment('EXPORTS_BUCKET', bucket.bucketName);
  const actions = access === 'read' ? ['s3:GetObject'] : ['s3:PutObject', 's3:AbortMultipartUpload'];
  fn.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects(OBJECTS)] }));
  // The bucket's ARN as a nested stack sees it (the parameter CDK passes it in by), or in its own stack, its attribute.
  const bucketArn = Stack.of(fn) === Stack.of(bucket) ? `${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn` : `referenceto${Names.uniqueId(bucket.node.defaultChild!)}Arn`;
  Validations.of(fn.role!).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucketArn}>/${OBJECTS}]`,
    reason: "Export files are objects named by company and job, made as jobs come: the wildcard covers the exports bucket's objects, the only ones it holds, and the actions the function takes on them.",
  });
}
