import { type CfnElement, Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectLockRetention, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Route } from '../shared/routes.ts';

/**
 * The longest minimum the service's jurisdictions set for keeping accounting records and their
 * source documents, in years: Saudi Arabia's, 6 (ZATCA, VAT Implementing Regulations art. 66;
 * the UAE's VAT law asks 5). `-c documentRetentionYears=<n>` sets a longer one. A company held
 * longer (its own jurisdiction's rule) gets its own retention on each of its objects, not here.
 */
export const DEFAULT_DOCUMENT_RETENTION_YEARS = 6;

/** An object unread for a year moves to Glacier Instant Retrieval: a tenth of the storage price, still read in milliseconds (a download URL works as before). */
const COLD_AFTER = Duration.days(365);

/**
 * The bucket of journals' source documents (docs/decisions.md, "Source documents"): versioned,
 * Object Lock on with a default retention in COMPLIANCE mode (no one, the root user included,
 * deletes or overwrites an object version before it ends), S3-managed encryption, no public
 * access, TLS only, server access logs into a bucket of their own, and objects a year old moved
 * to a cheaper class. Retained when the stack is deleted (it could not be emptied anyway).
 */
export class DocumentsBucket extends Construct {
  readonly bucket: Bucket;
  /** The server access logs bucket (the exports bucket logs into it too, under `exports/`). */
  readonly logs: Bucket;

  constructor(scope: Construct, id: string, props: { retentionYears: number }) {
    super(scope, id);
    const logs = (this.logs = new Bucket(this, 'AccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // Who read or wrote which document, kept as long as the documents are.
      lifecycleRules: [{ expiration: Duration.days(365 * props.retentionYears + 2), transitions: [{ storageClass: StorageClass.GLACIER_INSTANT_RETRIEVAL, transitionAfter: COLD_AFTER }] }],
      removalPolicy: RemovalPolicy.RETAIN,
    }));
    Validations.of(logs).acknowledge({ id: 'AwsSolutions-S1', reason: "This is the documents bucket's access log bucket: logging its own access would log the log deliveries." });
    this.bucket = new Bucket(this, 'Bucket', {
      versioned: true,
      objectLockEnabled: true,
      // Whole years of 365 days, plus a day for each leap day they can hold: never shorter than the years the law counts.
      objectLockDefaultRetention: ObjectLockRetention.compliance(Duration.days(365 * props.retentionYears + Math.ceil(props.retentionYears / 4))),
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'documents/',
      lifecycleRules: [{ transitions: [{ storageClass: StorageClass.GLACIER_INSTANT_RETRIEVAL, transitionAfter: COLD_AFTER }], noncurrentVersionTransitions: [{ storageClass: StorageClass.GLACIER_INSTANT_RETRIEVAL, transitionAfter: COLD_AFTER }] }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}

/** Where the attachments' objects are (document-bucket.ts keys them `companies/<c>/journals/<j>/attachments/<a>`). */
export const ATTACHMENT_OBJECTS_PREFIX = 'companies/';
const OBJECTS = `${ATTACHMENT_OBJECTS_PREFIX}*`;

/**
 * Lets a route's function do in the bucket what its row's `documents` says, and nothing else:
 * `upload` puts objects (the presigned PUT runs with its role); `read` heads and gets them, any
 * version, and lists the objects' prefix, without which S3 answers a missing key 403, not 404;
 * `check` reads and sets an object's retain-until date (s3:PutObjectRetention: in COMPLIANCE
 * mode it only ever lengthens a lock, and no grant here may bypass or delete one); `lock` only
 * sets it (the import worker, for the files a journals import attaches).
 */
export function grantDocuments(fn: LambdaFunction, bucket: Bucket, route: Route): void {
  // Verify's reads of objects take what a read takes.
  if (route.documents) grantDocumentAccess(fn, bucket, route.documents === 'evidence' ? 'read' : route.documents);
}

/** What grantDocuments grants a route's function, for a function of another kind (the check of uploads as they land reads). */
export function grantDocumentAccess(fn: LambdaFunction, bucket: Bucket, access: 'upload' | 'read' | 'check' | 'lock'): void {
  const objects = bucket.arnForObjects(OBJECTS);
  if (access === 'upload' || access === 'lock') {
    fn.addToRolePolicy(new PolicyStatement({ actions: [access === 'upload' ? 's3:PutObject' : 's3:PutObjectRetention'], resources: [objects] }));
  } else {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:GetObjectVersion', ...(access === 'check' ? ['s3:PutObjectRetention'] : [])], resources: [objects] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': [OBJECTS] } } }));
  }
  // The bucket's ARN as a nested stack sees it (the parameter CDK passes it in by), or in its own stack, its attribute.
  const bucketArn = Stack.of(fn) === Stack.of(bucket) ? `${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn` : `referenceto${Names.uniqueId(bucket.node.defaultChild!)}Arn`;
  Validations.of(fn.role!).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucketArn}>/${OBJECTS}]`,
    reason: "Attachments are objects named by company, journal and attachment, made as requests come: the wildcard covers the bucket's attachment objects, the only ones it holds, and the actions the function takes on them.",
  });
}
