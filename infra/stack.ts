import { join, resolve } from 'node:path';
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { IDEMPOTENCY_TABLE, MAIN_TABLE } from '../shared/db/table/tables.ts';
import { routes } from '../shared/routes.ts';
import { AttachmentArrival } from './attachment-arrival.ts';
import { DOCS_ASSETS, swaggerUiDir } from './docs-page.ts';
import { DEFAULT_DOCUMENT_RETENTION_YEARS, DocumentsBucket } from './documents-bucket.ts';
import { EventArchive } from './event-archive.ts';
import { EventDispatch } from './event-dispatch.ts';
import { JobRecovery } from './job-recovery.ts';
import { ImportWorker } from './import-worker.ts';
import { ExportWorker } from './export-worker.ts';
import { ScheduleWorker } from './schedule-worker.ts';
import { ExportsBucket } from './exports-bucket.ts';
import { LedgerHttpApi } from './http-api.ts';
import { Monitoring } from './monitoring.ts';
import { RouteAreaStack } from './route-area-stack.ts';
import { ServiceSecret } from './service-secret.ts';
import { serviceFunction } from './service-function.ts';
import { SignIn } from './sign-in.ts';
import { table } from './tables.ts';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The whole service: the two tables from shared/db/table/tables.ts, the documents bucket
 * (infra/documents-bucket.ts), the exports bucket (infra/exports-bucket.ts), the service secret, the Cognito
 * user pool users sign in with, and an HTTP API with one function per row of the route table
 * (plus the reference pages and a not-found function for every other path), each area of the
 * route table in a nested stack (infra/route-area-stack.ts); the webhook dispatcher on the
 * main table's stream (infra/event-dispatch.ts); the import worker on the same stream and a
 * schedule (infra/import-worker.ts), and the export worker likewise (infra/export-worker.ts); the event archive, hourly (infra/event-archive.ts); alarms to an SNS topic and a dashboard
 * (infra/monitoring.ts).
 */
export class LedgerStack extends Stack {
  /** The nested stacks of the route table's areas. */
  readonly areas: RouteAreaStack[];

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    // After a point-in-time restore, `-c mainTableName=<restored table>` points the stack at it
    // (README, "Restoring the main table"); its own table, retained, leaves the stack.
    const restored: unknown = this.node.tryGetContext('mainTableName');
    const restoredStream: unknown = this.node.tryGetContext('mainTableStreamArn');
    if (restored && typeof restoredStream !== 'string') throw new Error('-c mainTableName needs -c mainTableStreamArn: the restored table\'s stream (NEW_IMAGE) feeds the webhook dispatcher');
    const main =
      typeof restored === 'string' && restored && typeof restoredStream === 'string'
        ? TableV2.fromTableAttributes(this, 'RestoredMainTable', { tableName: restored, tableStreamArn: restoredStream })
        : table(this, MAIN_TABLE);
    const idempotency = table(this, IDEMPOTENCY_TABLE);
    // `-c documentRetentionYears=<n>`: a longer default retention than the jurisdictions' minimum.
    const retentionYears = Number(this.node.tryGetContext('documentRetentionYears') ?? DEFAULT_DOCUMENT_RETENTION_YEARS);
    if (!Number.isInteger(retentionYears) || retentionYears < DEFAULT_DOCUMENT_RETENTION_YEARS) throw new Error(`-c documentRetentionYears must be a whole number of years, at least ${DEFAULT_DOCUMENT_RETENTION_YEARS}`);
    const documents = new DocumentsBucket(this, 'Documents', { retentionYears });
    const exportFiles = new ExportsBucket(this, 'Exports', { accessLogs: documents.logs });
    const signIn = new SignIn(this, 'SignIn');
    const serviceSecret = new ServiceSecret(this, 'ServiceSecrets');
    const { api, stage } = new LedgerHttpApi(this, 'Http');
    const monitoring = new Monitoring(this, 'Monitoring');

    const environment = {
      TABLE_NAME: main.tableName,
      IDEMPOTENCY_TABLE_NAME: idempotency.tableName,
      OIDC_ISSUER: signIn.issuer,
      OIDC_CLIENT_ID: signIn.clientId,
      OIDC_REDIRECT_URI: signIn.redirectUri,
      SERVICE_SECRET_ARN: serviceSecret.secret.secretArn,
      // An attachment's own lock is never set below the bucket's default (shared/db/documents/lock-settings.ts).
      DOCUMENTS_RETENTION_YEARS: String(retentionYears),
    };
    const mainGrants = { table: main, indexes: MAIN_TABLE.indexes.map((i) => i.name) };
    this.areas = Object.entries(routes).map(
      ([area, rows]) =>
        new RouteAreaStack(this, `Routes-${area}`, {
          routes: Object.values(rows),
          api,
          main: mainGrants,
          ttl: { table: idempotency, indexes: IDEMPOTENCY_TABLE.indexes.map((i) => i.name) },
          secret: serviceSecret.secret,
          documents: documents.bucket,
          exports: exportFiles.bucket,
          environment,
          monitoring,
          after: serviceSecret.ready,
        }),
    );

    // The reference (`/`, `/favicon.ico`, `/docs`, its assets, `/openapi.json`): one function outside the route
    // table, with Swagger UI's two files copied next to its bundle.
    const reference = serviceFunction(this, 'Fn-apiReference', {
      entry: resolve(ROOT, 'functions/ops/api-reference.ts'),
      paramsAndSecrets: undefined,
      copies: Object.fromEntries(Object.keys(DOCS_ASSETS).map((name) => [name, join(swaggerUiDir(), name)])),
    });
    const referenceIntegration = new HttpLambdaIntegration('Int-apiReference', reference);
    for (const path of ['/', '/favicon.ico', '/docs', '/docs/{asset}', '/openapi.json']) api.addRoutes({ path, methods: [HttpMethod.GET], integration: referenceIntegration });

    const notFound = serviceFunction(this, 'Fn-notFound', { entry: resolve(ROOT, 'functions/not-found.ts'), paramsAndSecrets: undefined });
    api.addRoutes({ path: '/{proxy+}', methods: [HttpMethod.ANY], integration: new HttpLambdaIntegration('Int-notFound', notFound) });
    Validations.of(api).acknowledge({ id: 'AwsSolutions-APIG4', reason: 'The reference pages and the not-found answer are public; the route table\'s routes authenticate in their functions (infra/route-area-stack.ts).' });

    for (const [name, fn] of Object.entries({ apiReference: reference, notFound, ...serviceSecret.functions })) {
      monitoring.watchFunction(this, fn, name);
    }
    new EventDispatch(this, 'Webhooks', { main: mainGrants, secret: serviceSecret.secret, environment, monitoring, after: serviceSecret.ready });
    new JobRecovery(this, 'Jobs', { main: mainGrants, environment, monitoring });
    new ImportWorker(this, 'Imports', { main: mainGrants, documents: documents.bucket, environment, monitoring });
    new ExportWorker(this, 'ExportJobs', { main: mainGrants, exports: exportFiles.bucket, environment, monitoring });
    new ScheduleWorker(this, 'Schedules', { main: mainGrants, environment, monitoring });
    new AttachmentArrival(this, 'AttachmentArrival', { main: mainGrants, documents: documents.bucket, environment, monitoring });
    new EventArchive(this, 'EventArchive', { main: mainGrants, documents: documents.bucket, environment, monitoring });
    monitoring.watchTable(main, 'MainTable');
    monitoring.watchTable(idempotency, 'TtlTable');
    monitoring.watchApi(api, stage.stageName, routes);

    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: signIn.userPool.userPoolId });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn, description: 'Subscribe operators (email, chat, paging) to every alarm here' });
    new CfnOutput(this, 'MainTableName', { value: main.tableName });
    new CfnOutput(this, 'DocumentsBucketName', { value: documents.bucket.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: exportFiles.bucket.bucketName });
    new CfnOutput(this, 'DashboardName', { value: monitoring.dashboard.dashboardName });
  }
}
