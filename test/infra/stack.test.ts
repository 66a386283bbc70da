import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LedgerStack } from '../../infra/stack.ts';
import { WRITING_READS } from '../../infra/table-access.ts';
import { ROUTES, routePaths } from '../../shared/routes.ts';

describe('CDK stack', () => {
  let template: Template;
  let areas: Template[];
  /** Resources of a type in the root stack and every area's nested stack. */
  const everywhere = (type: string, props?: object) =>
    [template, ...areas].flatMap((t) => Object.entries(t.findResources(type, props)).map(([id, r]) => ({ id, template: t, Properties: r.Properties, DeletionPolicy: r.DeletionPolicy })));

  /** What cdk-nag's synthesis threw, if it found anything not acknowledged. */
  let nagFindings: unknown;

  beforeAll(() => {
    // Skip esbuild bundling: the assertions are about resources, not bundle contents.
    const synthesized = (nag: boolean) => {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
      const stack = new LedgerStack(app, 'Test');
      // As infra/app.ts does: synthesis fails with every unacknowledged finding listed.
      if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      app.synth();
      return stack;
    };
    // One synthesis serves cdk-nag and the assertions (each is seconds of CPU); findings fail the nag test alone.
    let stack: LedgerStack;
    try {
      stack = synthesized(true);
    } catch (error) {
      nagFindings = error;
      stack = synthesized(false);
    }
    template = Template.fromStack(stack);
    areas = stack.areas.map((area) => Template.fromStack(area));
  });

  it('keeps every stack well under CloudFormation\'s 500 resources', () => {
    for (const t of [template, ...areas]) expect(Object.keys(t.toJSON().Resources).length).toBeLessThan(400);
  });

  it('has one function per route, on Node.js 24 ARM64', () => {
    const functions = everywhere('AWS::Lambda::Function', { Properties: { Environment: { Variables: { ROUTE: Match.anyValue() } } } });
    const routeNames = functions.map((f) => f.Properties.Environment.Variables.ROUTE).sort();

    expect(routeNames).toEqual(ROUTES.map((r) => r.name).sort());
    for (const f of functions) {
      expect(f.Properties.Runtime).toBe('nodejs24.x');
      expect(f.Properties.Architectures).toEqual(['arm64']);
      // The Parameters and Secrets extension serves the service secret (shared/secrets.ts).
      expect(f.Properties.Layers).toHaveLength(1);
      expect(f.Properties.Environment.Variables.PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED).toBe('true');
      // Source maps ship with the bundle but are not enabled at run time (docs/decisions.md, "Bundling").
      expect(f.Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
    }
  });

  it('routes every path of the route table, aliases included, the reference pages, and a not-found default', () => {
    const routeKeys = everywhere('AWS::ApiGatewayV2::Route').map((r) => r.Properties.RouteKey);
    const expected = ROUTES.flatMap((r) => routePaths(r).flatMap((p) => r.methods.map((m) => `${m} ${p}`)));
    const reference = ['GET /', 'GET /favicon.ico', 'GET /docs', 'GET /docs/{asset}', 'GET /openapi.json'];

    expect(routeKeys.sort()).toEqual([...expected, ...reference, 'ANY /{proxy+}'].sort());
  });

  /** The DynamoDB actions a route's function may take, by table (`main`, `ttl`). */
  function tableActions(routeName: string): { main: string[]; ttl: string[] } {
    const fn = everywhere('AWS::Lambda::Function', { Properties: { Environment: { Variables: { ROUTE: routeName } } } })[0]!;
    const role = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(fn.template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actionsOn = (tableId: string) =>
      statements.filter((s) => JSON.stringify(s.Resource).includes(tableId)).flatMap((s) => [s.Action].flat()).filter((a: string) => a.startsWith('dynamodb:'));
    return { main: actionsOn('referencetoTestledgerCFBF93F3Arn'), ttl: actionsOn('idempotency') };
  }

  it('gives each function only the table access its route needs (least privilege)', () => {
    const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    for (const route of ROUTES) {
      const actions = tableActions(route.name);
      const signIn = route.name.startsWith('authentication.');
      expect(actions.main, route.name).toContain('dynamodb:Query');
      expect(actions.main.some((a) => ['dynamodb:Scan', 'dynamodb:GetRecords', 'dynamodb:*'].includes(a)), route.name).toBe(false);
      if (route.methods.every((m) => m === 'GET') && !signIn && !WRITING_READS.includes(route.name)) {
        expect(actions.main.filter((a) => writes.includes(a)), `${route.name} writes the main table`).toEqual([]);
      } else {
        expect(actions.main, route.name).toEqual(expect.arrayContaining(writes));
      }
      // The TTL table only where idempotency keys are claimed or sign-in state is kept.
      expect(actions.ttl.length > 0, `${route.name} and the TTL table`).toBe(Boolean(route.idempotentOperation) || signIn);
    }
  });

  it('keeps source documents in one locked bucket: versioned, Object Lock in COMPLIANCE mode for 6 years, encrypted, private, TLS only, logged, colder after a year', () => {
    const buckets = template.findResources('AWS::S3::Bucket', { Properties: { ObjectLockEnabled: true } });
    expect(Object.keys(buckets)).toHaveLength(1);
    const [id, bucket] = Object.entries(buckets)[0]!;
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 365 * 6 + 2 } } },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: { DestinationBucketName: expect.anything(), LogFilePrefix: 'documents/' },
    });
    expect(bucket.Properties.LifecycleConfiguration.Rules[0].Transitions).toEqual([{ StorageClass: 'GLACIER_IR', TransitionInDays: 365 }]);
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find((p) => JSON.stringify(p.Properties.Bucket).includes(id))!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    expect(() => new LedgerStack(new App({ context: { 'aws:cdk:bundling-stacks': [], documentRetentionYears: 5 } }), 'ShortRetention')).toThrow(/at least 6/);
  });

  /** The S3 statements of a function's role. */
  function s3Statements(fn: { template: Template; Properties: any }) {
    const role = fn.Properties.Role['Fn::GetAtt'][0];
    return Object.values(fn.template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .filter((s) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
  }
  /** How many times the statements name the archived segments' prefix (objects, and the listing's condition). */
  const segmentPrefixes = (statements: unknown[]) => JSON.stringify(statements).split('companies/*/events/*').length - 1;

  it('lets only the attachment functions and Verify reach the documents bucket: the declaration puts objects, the read and Verify get them, the read locks those it finds as declared, Verify the archived event segments too, the list neither', () => {
    for (const route of ROUTES) {
      const fn = everywhere('AWS::Lambda::Function', { Properties: { Environment: { Variables: { ROUTE: route.name } } } })[0]!;
      const statements = s3Statements(fn);
      const actions = statements.flatMap((s) => [s.Action].flat()).sort();
      const reads = ['s3:GetObject', 's3:GetObjectVersion', 's3:ListBucket'];
      // Verify reads attachments' files as a read does, and the archived segments under their own grant.
      // The read checks a pending upload it finds, and locks its file for the company's retention: s3:PutObjectRetention, nothing broader.
      const declares = ['attachments.create', 'attachments.createForCompany'].includes(route.name);
      const checks = ['attachments.get', 'attachments.getForCompany'].includes(route.name);
      const expected = declares ? ['s3:PutObject'] : checks ? [...reads, 's3:PutObjectRetention'].sort() : route.name === 'audit.verify' ? [...reads, ...reads].sort() : [];
      // The export jobs' reads sign downloads of the exports bucket's files, not the documents'.
      const documentActions = statements.filter((s) => !JSON.stringify(s.Resource).includes('ExportsBucket')).flatMap((s) => [s.Action].flat()).sort();
      expect({ actions: documentActions, bucketNamed: 'DOCUMENTS_BUCKET' in fn.Properties.Environment.Variables }, route.name).toEqual({ actions: expected, bucketNamed: expected.length > 0 });
      expect(actions.length - documentActions.length, route.name).toBe(route.exportFiles ? 1 : 0);
      if (checks) expect(statements.find((s) => [s.Action].flat().includes('s3:PutObjectRetention')).Resource).toEqual(statements.find((s) => [s.Action].flat().includes('s3:GetObject')).Resource);
      // Verify reaches the segments' prefix only; the attachment functions, not the segments.
      expect(segmentPrefixes(statements), route.name).toBe(route.name === 'audit.verify' ? 2 : 0);
    }
  });

  it('keeps export files in a bucket of their own: no Object Lock, unversioned, encrypted, private, TLS only, logged, each file deleted after 7 days and unfinished uploads after 1', () => {
    const buckets = Object.entries(template.findResources('AWS::S3::Bucket')).filter(([id]) => id.startsWith('ExportsBucket'));
    expect(buckets).toHaveLength(1);
    const [id, bucket] = buckets[0]!;
    expect(bucket.Properties.ObjectLockEnabled).toBeUndefined();
    expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
    expect(bucket.Properties).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: { DestinationBucketName: expect.anything(), LogFilePrefix: 'exports/' },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 7, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }] },
    });
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find((p) => JSON.stringify(p.Properties.Bucket).includes(id))!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('lets the export routes that sign downloads get export files and the export worker put them, nothing else reaching the exports bucket', () => {
    const reaching = everywhere('AWS::Lambda::Function').filter((fn) => fn.Properties.Role && JSON.stringify(s3Statements(fn)).includes('ExportsBucket'));
    const worker = reaching.find((f) => /^ExportJobsWorker[0-9A-F]{8}$/.test(f.id));
    const routes = reaching.filter((f) => f !== worker).map((f) => f.Properties.Environment.Variables.ROUTE).sort();

    expect(routes).toEqual(ROUTES.filter((r) => r.exportFiles).map((r) => r.name).sort());
    expect(routes).toEqual(['exports.get', 'exports.list']);
    for (const fn of reaching.filter((f) => f !== worker)) {
      expect(s3Statements(fn).filter((s) => JSON.stringify(s.Resource).includes('ExportsBucket')).flatMap((s) => [s.Action].flat())).toEqual(['s3:GetObject']);
      expect(fn.Properties.Environment.Variables.EXPORTS_BUCKET).toBeDefined();
    }
    expect(s3Statements(worker!).flatMap((s) => [s.Action].flat()).sort()).toEqual(['s3:AbortMultipartUpload', 's3:PutObject']);
    expect(JSON.stringify(s3Statements(worker!).map((s) => s.Resource))).toContain('/companies/*');
  });

  it('gives the export worker 2 GiB of /tmp, where a SAF-T file’s journals are spooled up to a job’s 1 GiB', () => {
    const worker = everywhere('AWS::Lambda::Function').find((f) => /^ExportJobsWorker[0-9A-F]{8}$/.test(f.id))!;

    expect(worker.Properties.EphemeralStorage).toEqual({ Size: 2048 });
  });

  it('checks uploads as they land: the bucket notifies one function of objects created under the attachments\' prefix, a schedule sweeps what it missed, and the function reads objects and locks those it finds as declared', () => {
    const checker = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('AttachmentArrivalChecker'))!;
    expect(checker, 'the function checking uploads').toBeDefined();
    const [checkerId, fn] = checker;
    expect(fn.Properties.Environment.Variables.DOCUMENTS_BUCKET.Ref).toMatch(/^DocumentsBucket/);
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: Match.stringLikeRegexp('^DocumentsBucket') },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [{ Events: ['s3:ObjectCreated:*'], Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'companies/' }] } }, LambdaFunctionArn: { 'Fn::GetAtt': [checkerId, 'Arn'] } }],
      },
    });
    // S3 may invoke it for this bucket only.
    template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 's3.amazonaws.com', FunctionName: { 'Fn::GetAtt': [checkerId, 'Arn'] }, SourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DocumentsBucket'), 'Arn'] } });
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(5 minutes)', Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [checkerId, 'Arn'] } })] });
    const role = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const s3 = statements.flatMap((s) => [s.Action].flat()).filter((a: string) => a.startsWith('s3:'));
    expect(s3.sort()).toEqual(['s3:GetObject', 's3:GetObjectVersion', 's3:ListBucket', 's3:PutObjectRetention']);
    // An attachment's lock is never set below the bucket's default, which the function is told.
    expect(fn.Properties.Environment.Variables.DOCUMENTS_RETENTION_YEARS).toBe('6');
    expect(JSON.stringify(statements.filter((s) => [s.Action].flat().includes('s3:GetObject')).map((s) => s.Resource))).toContain('/companies/*');
  });

  it('archives events every hour for up to 15 minutes a run, putting locked segments under their prefix only and writing the table without deleting', () => {
    const archiver = everywhere('AWS::Lambda::Function').find((f) => /^EventArchiveArchiver[0-9A-F]{8}$/.test(f.id))!;
    expect(archiver.Properties).toMatchObject({ Timeout: 900, Environment: { Variables: { DOCUMENTS_BUCKET: expect.anything() } } });
    const schedules = Object.values(template.findResources('AWS::Events::Rule', { Properties: { ScheduleExpression: 'rate(1 hour)' } }));
    expect(schedules.some((rule) => JSON.stringify(rule.Properties.Targets).includes(archiver.id))).toBe(true);
    const statements = s3Statements(archiver);
    expect(statements.flatMap((s) => [s.Action].flat()).sort()).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject', 's3:PutObjectRetention']);
    expect(segmentPrefixes(statements)).toBe(2);
    const role = archiver.Properties.Role['Fn::GetAtt'][0];
    const tableActions = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .flatMap((s) => [s.Action].flat())
      .filter((a: string) => a.startsWith('dynamodb:'));
    expect(tableActions.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:UpdateItem']);
  });

  it('passes cdk-nag\'s AwsSolutions rules: nothing left but findings acknowledged in code with their reasons', () => {
    expect(nagFindings === undefined ? 'no findings' : String(nagFindings)).toBe('no findings');
  });

  it('keeps the books safe: tables on demand, point-in-time recovery and deletion protection on, retained with the stack', () => {
    const tables = template.findResources('AWS::DynamoDB::GlobalTable');
    expect(Object.keys(tables)).toHaveLength(2);
    for (const t of Object.values(tables)) {
      expect(t.DeletionPolicy).toBe('Retain');
      expect(t.UpdateReplacePolicy).toBe('Retain');
      expect(t.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(t.Properties.Replicas[0].PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled).toBe(true);
      expect(t.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
    }
  });

  it('alarms to one SNS topic: API 5xx rate, every function\'s errors and throttles, both tables\' system errors and throttling', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasOutput('AlarmTopicArn', {});
    const functions = everywhere('AWS::Lambda::Function');
    const alarms = everywhere('AWS::CloudWatch::Alarm');
    // The topic's construct path: its logical id in the root stack, its parameter's name in nested stacks.
    for (const alarm of alarms) expect(JSON.stringify(alarm.Properties.AlarmActions)).toContain('MonitoringAlarms');
    const metricOf = (a: (typeof alarms)[number]) => a.Properties.MetricName ?? JSON.stringify(a.Properties.Metrics);
    // Every function but CDK's own deployment-time ones (the custom resource framework, the bucket notifications handler) is watched, in its own stack.
    const deploymentOnly = ['AWS CDK resource provider framework', 'Custom::S3BucketNotifications'];
    const watched = functions.filter((f) => !deploymentOnly.some((what) => JSON.stringify(f.Properties.Description ?? '').includes(what)));
    expect(alarms.filter((a) => metricOf(a) === 'Errors')).toHaveLength(watched.length);
    expect(alarms.filter((a) => metricOf(a) === 'Throttles')).toHaveLength(watched.length);
    expect(alarms.filter((a) => metricOf(a).includes('SystemErrors'))).toHaveLength(2);
    expect(alarms.filter((a) => metricOf(a).includes('ThrottledRequests'))).toHaveLength(2);
    expect(alarms.filter((a) => metricOf(a).includes('5xx'))).toHaveLength(1);
  });

  it('keeps every log group for a set time, gives every function its own, and throttles the API stage from parameters', () => {
    const logGroups = everywhere('AWS::Logs::LogGroup');
    for (const group of logGroups) expect(group.Properties.RetentionInDays).toBe(90);
    for (const f of everywhere('AWS::Lambda::Function')) expect(f.Properties.LoggingConfig?.LogGroup, f.id).toBeDefined();
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: { Ref: 'ApiRateLimit' }, ThrottlingBurstLimit: { Ref: 'ApiBurstLimit' }, DetailedMetricsEnabled: true },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('has a dashboard with postings per minute and latency p50/p99 for every route', () => {
    const body = JSON.stringify(template.findResources('AWS::CloudWatch::Dashboard'));
    expect(body).toContain('JournalsPosted');
    for (const route of ROUTES) for (const method of route.methods) expect(body, route.name).toContain(`${method} ${route.path}`);
    expect(body).toContain('p99');
  });

  it('points every function at a restored main table when given -c mainTableName', () => {
    const streamArn = 'arn:aws:dynamodb:eu-west-1:123456789012:table/ledger-restored-2026-11-22/stream/2026-11-22T10:00:00.000';
    expect(() => new LedgerStack(new App({ context: { 'aws:cdk:bundling-stacks': [], mainTableName: 'ledger-restored-2026-11-22' } }), 'NoStream')).toThrow(/mainTableStreamArn/);
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [], mainTableName: 'ledger-restored-2026-11-22', mainTableStreamArn: streamArn } });
    const stack = new LedgerStack(app, 'Restored');
    const root = Template.fromStack(stack);
    const journals = Template.fromStack(stack.areas.find((a) => a.node.id === 'Routes-journals')!);

    root.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    const post = Object.values(journals.findResources('AWS::Lambda::Function', { Properties: { Environment: { Variables: { ROUTE: 'journals.post' } } } }))[0]!;
    expect(JSON.stringify(post.Properties.Environment.Variables.TABLE_NAME)).toContain('ledger-restored-2026-11-22');
    expect(JSON.stringify(journals.findResources('AWS::IAM::Policy'))).toContain('table/ledger-restored-2026-11-22');
    root.hasResourceProperties('AWS::Lambda::EventSourceMapping', { EventSourceArn: streamArn });
  });

  it('dispatches webhooks from the main table\'s stream (new pending events only), sweeps retries every minute, dead-letters failed batches with an alarm', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FilterCriteria: { Filters: [{ Pattern: Match.stringLikeRegexp('PendingEvent') }] },
    });
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties.MetricName);
    expect(alarms).toContain('ApproximateNumberOfMessagesVisible');
  });

  it('runs imports from the main table\'s stream (new unfinished imports only) and resumes them every minute, for up to 15 minutes a run', () => {
    const worker = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => /^ImportsWorker[0-9A-F]{8}$/.test(id));
    expect(worker?.[1].Properties).toMatchObject({ Timeout: 900, MemorySize: 2048 });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker![0] },
      FilterCriteria: { Filters: [{ Pattern: Match.stringLikeRegexp('UnfinishedImport') }] },
      StartingPosition: 'LATEST',
    });
    const schedules = Object.values(template.findResources('AWS::Events::Rule', { Properties: { ScheduleExpression: 'rate(1 minute)' } }));
    expect(schedules.some((rule) => JSON.stringify(rule.Properties.Targets).includes(worker![0]))).toBe(true);
    // A job stopped after failing again and again alarms at once; failures going on for 15 minutes too.
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'Ledger', MetricName: 'ImportsStopped', Threshold: 0, EvaluationPeriods: 1 });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'Ledger', MetricName: 'ImportRunsFailed', Threshold: 0, EvaluationPeriods: 3 });
    // It locks the files a journals import attaches, and does nothing else in the documents bucket.
    const statements = s3Statements({ template, Properties: worker![1].Properties });
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['s3:PutObjectRetention']);
    expect(JSON.stringify(statements[0].Resource)).toContain('/companies/*');
    expect(worker![1].Properties.Environment.Variables.DOCUMENTS_BUCKET.Ref).toMatch(/^DocumentsBucket/);
  });

  it('runs export jobs from the main table\'s stream (new unfinished export jobs only) and takes them up every minute, for up to 15 minutes a run', () => {
    const worker = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => /^ExportJobsWorker[0-9A-F]{8}$/.test(id));
    expect(worker?.[1].Properties).toMatchObject({ Timeout: 900, MemorySize: 1024, Environment: { Variables: { EXPORTS_BUCKET: expect.anything() } } });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker![0] },
      FilterCriteria: { Filters: [{ Pattern: Match.stringLikeRegexp('UnfinishedExport') }] },
      StartingPosition: 'LATEST',
    });
    const schedules = Object.values(template.findResources('AWS::Events::Rule', { Properties: { ScheduleExpression: 'rate(1 minute)' } }));
    expect(schedules.some((rule) => JSON.stringify(rule.Properties.Targets).includes(worker![0]))).toBe(true);
  });

  it('generates recurring journals every 5 minutes, for up to 10 minutes a run, with the main table\'s item access', () => {
    const worker = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => /^SchedulesWorker[0-9A-F]{8}$/.test(id));
    expect(worker?.[1].Properties).toMatchObject({ Timeout: 600 });
    const rules = Object.values(template.findResources('AWS::Events::Rule', { Properties: { ScheduleExpression: 'rate(5 minutes)' } }));
    expect(rules.some((rule) => JSON.stringify(rule.Properties.Targets).includes(worker![0]))).toBe(true);
  });

  it('rotates the access-token signing key every 30 days with its rotation function', () => {
    template.hasResourceProperties('AWS::SecretsManager::RotationSchedule', {
      RotationLambdaARN: Match.anyValue(),
      RotationRules: { ScheduleExpression: 'rate(30 days)' },
      RotateImmediatelyOnUpdate: false,
    });
  });

  it('has the main table with its indexes and the TTL table', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 2);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
      GlobalSecondaryIndexes: Match.arrayWith([Match.objectLike({ IndexName: 'gsi1' }), Match.objectLike({ IndexName: 'gsi2' })]),
    });
    const ttlTables = template.findResources('AWS::DynamoDB::GlobalTable', {
      Properties: { KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } },
    });
    expect(Object.keys(ttlTables)).toHaveLength(1);
  });

  it('has a Cognito user pool with a hosted domain and a code-flow client whose issuer the functions get', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email']),
      GenerateSecret: false,
    });
    const fn = everywhere('AWS::Lambda::Function', { Properties: { Environment: { Variables: { ROUTE: 'authentication.callback' } } } })[0]!;
    expect(JSON.stringify(fn.Properties.Environment.Variables.OIDC_ISSUER)).toContain('cognito-idp');
    expect(fn.Properties.Environment.Variables.OIDC_CLIENT_ID).toBeDefined();
  });

  it('answers CORS preflights for browser clients, exposing the replay and request id headers', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['*'],
        AllowHeaders: Match.arrayWith(['authorization', 'idempotency-key']),
        ExposeHeaders: Match.arrayWith(['idempotent-replayed', 'x-request-id']),
      }),
    });
  });

  it('gives functions the secret by ARN, never key material in the environment', () => {
    for (const f of everywhere('AWS::Lambda::Function')) {
      const variables = f.Properties.Environment?.Variables ?? {};
      expect(Object.keys(variables)).not.toContain('SECRETS_FILE');
      expect(JSON.stringify(variables)).not.toMatch(/"d":|BEGIN PRIVATE KEY/);
    }
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
  });
});
