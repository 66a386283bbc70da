import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LedgerStack } from '../../infra/stack.ts';
import { ROUTES, routePaths } from '../../shared/routes.ts';

describe('CDK stack', () => {
  let template: Template;

  beforeAll(() => {
    // Skip esbuild bundling: the assertions are about resources, not bundle contents.
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    template = Template.fromStack(new LedgerStack(app, 'Test'));
  });

  it('has one function per route, on Node.js 24 ARM64', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { ROUTE: Match.anyValue() } } },
    });
    const routeNames = Object.values(functions).map((f) => f.Properties.Environment.Variables.ROUTE).sort();

    expect(routeNames).toEqual(ROUTES.map((r) => r.name).sort());
    for (const f of Object.values(functions)) {
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
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    const expected = ROUTES.flatMap((r) => routePaths(r).flatMap((p) => r.methods.map((m) => `${m} ${p}`)));
    const reference = ['GET /', 'GET /docs', 'GET /docs/{asset}', 'GET /openapi.json'];

    expect(routeKeys.sort()).toEqual([...expected, ...reference, 'ANY /{proxy+}'].sort());
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
    const fn = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { Environment: { Variables: { ROUTE: 'authentication.callback' } } } }))[0]!;
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
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    for (const f of functions) {
      const variables = f.Properties.Environment?.Variables ?? {};
      expect(Object.keys(variables)).not.toContain('SECRETS_FILE');
      expect(JSON.stringify(variables)).not.toMatch(/"d":|BEGIN PRIVATE KEY/);
    }
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
  });
});
