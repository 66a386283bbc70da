import { CfnParameter, Duration, Stack } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { CORS } from '../shared/http/cors.ts';
import { LOG_RETENTION } from './service-function.ts';

/**
 * The HTTP API and its one stage: throttled by the stack's parameters (requests per second and
 * burst, per account and region limits permitting), access-logged, with per-route metrics for
 * the dashboard's latency per route.
 */
export class LedgerHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    const rateLimit = new CfnParameter(stack, 'ApiRateLimit', { type: 'Number', default: 200, minValue: 1, description: 'Steady requests per second the API accepts before answering 429' });
    const burstLimit = new CfnParameter(stack, 'ApiBurstLimit', { type: 'Number', default: 400, minValue: 1, description: 'Requests the API accepts in a burst above the steady rate' });
    this.api = new HttpApi(this, 'Api', {
      description: 'Ledger service',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...CORS.allowOrigins],
        allowMethods: CORS.allowMethods.map((m) => CorsHttpMethod[m]),
        allowHeaders: [...CORS.allowHeaders],
        exposeHeaders: [...CORS.exposeHeaders],
        maxAge: Duration.seconds(CORS.maxAgeSeconds),
      },
    });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: rateLimit.valueAsNumber, burstLimit: burstLimit.valueAsNumber },
      detailedMetricsEnabled: true,
      accessLogSettings: { destination: new LogGroupLogDestination(new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION })) },
    });
  }
}
