import { resolve } from 'node:path';
import { NestedStack } from 'aws-cdk-lib';
import { HttpRoute, HttpRouteKey, HttpMethod, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct, IDependable } from 'constructs';
import { routePaths, type Route } from '../shared/routes.ts';
import { FUNCTION_DEFAULTS } from './function-defaults.ts';
import { tableAccess, type Access } from './table-access.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface RouteAreaProps {
  routes: readonly Route[];
  api: HttpApi;
  main: TableV2;
  ttl: TableV2;
  secret: ISecret;
  environment: Record<string, string>;
  /** Created before any function runs (the service secret's value). */
  after: IDependable;
}

/** The item actions the store uses (no Scan, no stream reads: CDK's grantReadData would add both). */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
export const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

function grant(table: TableV2, access: Access, fn: NodejsFunction): void {
  if (access === 'none') return;
  table.grant(fn, ...READ_ACTIONS, ...(access === 'readWrite' ? WRITE_ACTIONS : []));
}

/**
 * One area of the route table (shared/routes/<area>.ts) in a nested stack: a function per row,
 * its role allowed only what tableAccess() says, and an API route per method and path. Areas
 * live in nested stacks because a route costs about eight resources and one stack holds 500.
 */
export class RouteAreaStack extends NestedStack {
  readonly functions: NodejsFunction[] = [];

  constructor(scope: Construct, id: string, props: RouteAreaProps) {
    super(scope, id);
    for (const route of props.routes) {
      const fn = new NodejsFunction(this, `Fn-${route.name}`, {
        ...FUNCTION_DEFAULTS,
        entry: resolve(ROOT, route.handler),
        environment: { ...props.environment, ROUTE: route.name },
      });
      fn.node.addDependency(props.after);
      const access = tableAccess(route);
      grant(props.main, access.main, fn);
      grant(props.ttl, access.ttl, fn);
      props.secret.grantRead(fn);
      const integration = new HttpLambdaIntegration(`Int-${route.name}`, fn);
      for (const path of routePaths(route)) {
        for (const method of route.methods) {
          new HttpRoute(this, `Route-${route.name}-${method}-${path === route.path ? 'v1' : 'alias'}`, { httpApi: props.api, routeKey: HttpRouteKey.with(path, HttpMethod[method]), integration });
        }
      }
      this.functions.push(fn);
    }
  }
}
