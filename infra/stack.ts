import { join, resolve } from 'node:path';
import { CfnOutput, CfnParameter, CustomResource, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, Billing, TableV2, type GlobalSecondaryIndexPropsV2 } from 'aws-cdk-lib/aws-dynamodb';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { OAuthScope, UserPool, UserPoolClientIdentityProvider } from 'aws-cdk-lib/aws-cognito';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { IDEMPOTENCY_TABLE, MAIN_TABLE, type TableDefinition } from '../shared/db/tables.ts';
import { CORS } from '../shared/http/cors.ts';
import { routes } from '../shared/routes.ts';
import { FUNCTION_DEFAULTS } from './function-defaults.ts';
import { RouteAreaStack } from './route-area-stack.ts';
import { DOCS_ASSETS, swaggerUiDir } from './docs-page.ts';

const ROOT = resolve(import.meta.dirname, '..');

function table(scope: Construct, definition: TableDefinition): TableV2 {
  const key = (name: string) => ({ name, type: AttributeType.STRING });
  return new TableV2(scope, definition.id, {
    partitionKey: key(definition.partitionKey),
    ...(definition.sortKey ? { sortKey: key(definition.sortKey) } : {}),
    globalSecondaryIndexes: definition.indexes.map<GlobalSecondaryIndexPropsV2>((index) => ({
      indexName: index.name,
      partitionKey: key(index.partitionKey),
      sortKey: key(index.sortKey),
    })),
    ...(definition.ttlAttribute ? { timeToLiveAttribute: definition.ttlAttribute } : {}),
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

/**
 * The whole service: the two tables from shared/db/tables.ts, the service secret, the Cognito
 * user pool users sign in with, and an HTTP API with one function per row of the route table
 * (plus a not-found function for every other path), each area of the route table in a nested
 * stack (infra/route-area-stack.ts).
 */
export class LedgerStack extends Stack {
  /** The nested stacks of the route table's areas. */
  readonly areas: RouteAreaStack[];

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const main = table(this, MAIN_TABLE);
    const idempotency = table(this, IDEMPOTENCY_TABLE);

    // Users sign in at Cognito's hosted pages; the service is its OAuth client (code + PKCE).
    const redirectUri = new CfnParameter(this, 'RedirectUri', {
      description: "The client application's registered redirect URI; the browser returns there with code and state",
      default: 'https://app.example.com/auth/callback',
    });
    const domainPrefix = new CfnParameter(this, 'AuthDomainPrefix', {
      description: 'Prefix of the Cognito hosted sign-in domain (globally unique)',
      default: 'ledger-signin',
    });
    const userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    userPool.addDomain('SignIn', { cognitoDomain: { domainPrefix: domainPrefix.valueAsString } });
    const appClient = userPool.addClient('Service', {
      generateSecret: false,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL],
        callbackUrls: [redirectUri.valueAsString],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
    });

    const secret = new Secret(this, 'ServiceSecrets', {
      description: 'Access-token signing key and cursor key of the ledger service (filled at creation)',
    });
    const initializer = new NodejsFunction(this, 'InitializeSecrets', {
      ...FUNCTION_DEFAULTS,
      entry: resolve(ROOT, 'functions/ops/initialize-secrets.ts'),
    });
    secret.grantWrite(initializer);
    const secretsReady = new CustomResource(this, 'ServiceSecretsValue', {
      serviceToken: new Provider(this, 'InitializeSecretsProvider', { onEventHandler: initializer }).serviceToken,
      properties: { SecretArn: secret.secretArn },
    });

    const environment = {
      TABLE_NAME: main.tableName,
      IDEMPOTENCY_TABLE_NAME: idempotency.tableName,
      OIDC_ISSUER: `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
      OIDC_CLIENT_ID: appClient.userPoolClientId,
      OIDC_REDIRECT_URI: redirectUri.valueAsString,
      SERVICE_SECRET_ARN: secret.secretArn,
    };
    const api = new HttpApi(this, 'Api', {
      description: 'Ledger service',
      corsPreflight: {
        allowOrigins: [...CORS.allowOrigins],
        allowMethods: CORS.allowMethods.map((m) => CorsHttpMethod[m]),
        allowHeaders: [...CORS.allowHeaders],
        exposeHeaders: [...CORS.exposeHeaders],
        maxAge: Duration.seconds(CORS.maxAgeSeconds),
      },
    });

    this.areas = Object.entries(routes).map(([area, rows]) =>
      new RouteAreaStack(this, `Routes-${area}`, { routes: Object.values(rows), api, main, ttl: idempotency, secret, environment, after: secretsReady }),
    );

    // The reference (`/`, `/docs`, its assets, `/openapi.json`): one function outside the route
    // table, with Swagger UI's two files copied next to its bundle.
    const reference = new NodejsFunction(this, 'Fn-apiReference', {
      ...FUNCTION_DEFAULTS,
      entry: resolve(ROOT, 'functions/ops/api-reference.ts'),
      paramsAndSecrets: undefined,
      bundling: {
        ...FUNCTION_DEFAULTS.bundling,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_input: string, output: string) => Object.keys(DOCS_ASSETS).map((name) => `cp ${join(swaggerUiDir(), name)} ${output}/${name}`),
        },
      },
    });
    const referenceIntegration = new HttpLambdaIntegration('Int-apiReference', reference);
    for (const path of ['/', '/docs', '/docs/{asset}', '/openapi.json']) api.addRoutes({ path, methods: [HttpMethod.GET], integration: referenceIntegration });

    const notFound = new NodejsFunction(this, 'Fn-notFound', { ...FUNCTION_DEFAULTS, entry: resolve(ROOT, 'functions/not-found.ts') });
    api.addRoutes({ path: '/{proxy+}', methods: [HttpMethod.ANY], integration: new HttpLambdaIntegration('Int-notFound', notFound) });

    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
  }
}
