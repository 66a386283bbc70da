import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LedgerStack } from '../../infra/stack.ts';
import { ROUTES, routePaths } from '../../shared/routes.ts';

describe('CDK stack', () => {
  let template: Template;
  let areas: Template[];
  /** Resources of a type in the root stack and every area's nested stack. */
  const everywhere = (type: string, props?: object) =>
    [template, ...areas].flatMap((t) => Object.entries(t.findResources(type, props)).map(([id, r]) => ({ id, template: t, Properties: r.Properties })));

  beforeAll(() => {
    // Skip esbuild bundling: the assertions are about resources, not bundle contents.
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new LedgerStack(app, 'Test');
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
    const reference = ['GET /', 'GET /docs', 'GET /docs/{asset}', 'GET /openapi.json'];

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
      if (route.methods.every((m) => m === 'GET') && !signIn) {
        expect(actions.main.filter((a) => writes.includes(a)), `${route.name} writes the main table`).toEqual([]);
      } else {
        expect(actions.main, route.name).toEqual(expect.arrayContaining(writes));
      }
      // The TTL table only where idempotency keys are claimed or sign-in state is kept.
      expect(actions.ttl.length > 0, `${route.name} and the TTL table`).toBe(Boolean(route.idempotentOperation) || signIn);
    }
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
