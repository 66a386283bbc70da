import { resolve } from 'node:path';
import { NestedStack, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct, IDependable } from 'constructs';
import { routePaths, type Route } from '../shared/routes.ts';
import { grantDocuments } from './documents-bucket.ts';
import { grantExportFiles } from './exports-bucket.ts';
import { grantArchiveReads } from './event-archive.ts';
import type { Monitoring } from './monitoring.ts';
import { serviceFunction } from './service-function.ts';
import { tableAccess } from './table-access.ts';
import { grantTable, type GrantableTable } from './table-grants.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface RouteAreaProps {
  routes: readonly Route[];
  api: HttpApi;
  main: GrantableTable;
  ttl: GrantableTable;
  secret: ISecret;
  /** The bucket of journals' source documents and archived events: granted and named only to the functions whose row has `documents` or `archivedEvents`. */
  documents: Bucket;
  /** The bucket of export jobs' files: granted and named only to the functions whose row has `exportFiles`. */
  exports: Bucket;
  environment: Record<string, string>;
  monitoring: Monitoring;
  /** Created before any function runs (the service secret's value). */
  after: IDependable;
}

/**
 * One area of the route table (shared/routes/<area>.ts) in a nested stack: a function per row,
 * its role allowed only what tableAccess() says (and in the documents bucket, grantDocuments()), its errors and throttles alarmed, and an API
 * route per method and path. Areas live in nested stacks because a route costs about eleven
 * resources and one stack holds 500.
 */
export class RouteAreaStack extends NestedStack {
  constructor(scope: Construct, id: string, props: RouteAreaProps) {
    super(scope, id);
    for (const route of props.routes) {
      const fn = serviceFunction(this, `Fn-${route.name}`, {
        entry: resolve(ROOT, route.handler),
        environment: { ...props.environment, ...(route.documents || route.archivedEvents ? { DOCUMENTS_BUCKET: props.documents.bucketName } : {}), ROUTE: route.name },
      });
      fn.node.addDependency(props.after);
      const access = tableAccess(route);
      grantTable(fn, props.main, access.main);
      grantTable(fn, props.ttl, access.ttl);
      props.secret.grantRead(fn);
      grantDocuments(fn, props.documents, route);
      grantArchiveReads(fn, props.documents, route);
      if (route.exportFiles) grantExportFiles(fn, props.exports, route.exportFiles);
      props.monitoring.watchFunction(this, fn, route.name);
      const integration = new HttpLambdaIntegration(`Int-${route.name}`, fn);
      for (const path of routePaths(route)) {
        for (const method of route.methods) {
          new HttpRoute(this, `Route-${route.name}-${method}-${path === route.path ? 'v1' : 'alias'}`, { httpApi: props.api, routeKey: HttpRouteKey.with(path, HttpMethod[method]), integration });
        }
      }
    }
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Every route authenticates in its function (shared/http/authentication.ts): access tokens signed by the service (ES256, kid), API keys checked by their hash with IP allowlists and expiry, and the permission inside the path\'s company, which an API Gateway authorizer cannot know without a second function call per request. Sign-in routes are public by design.',
    });
  }
}
