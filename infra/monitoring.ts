import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Dashboard, GraphWidget, MathExpression, Metric, TextWidget, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_NAMESPACE, OPERATIONS_METRICS, SERVICE_DIMENSION } from '../shared/metrics.ts';
import type { Route } from '../shared/routes.ts';

/** The DynamoDB operations the service uses (an alarm's metric math holds at most 10 metrics). */
const TABLE_OPERATIONS = [Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.PUT_ITEM, Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.BATCH_WRITE_ITEM, Operation.TRANSACT_WRITE_ITEMS];

/** The API's 5xx share, in percent, that raises the alarm (over two consecutive 5-minute periods). */
export const API_5XX_PERCENT = 1;

/**
 * What operations watch: an SNS topic every alarm notifies, and a dashboard. Alarms: the API's
 * 5xx rate, each function's errors and throttles, each table's system errors and throttled
 * requests, events numbered with repaired text (shared/db/events/repaired-text.ts). The dashboard: requests and errors, postings per minute and the other business
 * metrics the functions emit (shared/http/metrics.ts), latency p50/p99 per route.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Ledger service alarms', enforceSSL: true });
    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    const repaired = new Metric({ namespace: METRICS_NAMESPACE, metricName: OPERATIONS_METRICS.eventTextRepaired, dimensionsMap: SERVICE_DIMENSION, statistic: 'Sum', period: Duration.minutes(5) });
    this.alarm(this, 'Events-TextRepaired', repaired, 0, 'Events were numbered whose text held a lone surrogate (hashed as U+FFFD); find the record it came from');
  }

  /** An alarm on `metric` above `threshold` that notifies the topic. */
  alarm(scope: Construct, id: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1): Alarm {
    const alarm = new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    return alarm;
  }

  /** Errors (uncaught failures, timeouts) and throttles of a function, any in five minutes. */
  watchFunction(scope: Construct, fn: IFunction, name: string): void {
    const period = Duration.minutes(5);
    this.alarm(scope, `${name}-Errors`, fn.metricErrors({ period }), 0, `Function ${name} failed (uncaught error or timeout)`);
    this.alarm(scope, `${name}-Throttles`, fn.metricThrottles({ period }), 0, `Function ${name} was throttled (concurrency limit)`);
  }

  watchTable(table: ITableV2, name: string): void {
    const period = Duration.minutes(5);
    this.alarm(this, `${name}-SystemErrors`, table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period }), 0, `DynamoDB system errors on ${name}`);
    this.alarm(this, `${name}-Throttled`, table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period }), 0, `DynamoDB throttled requests on ${name}`);
  }

  /** The API's 5xx rate alarm and the dashboard's rows. */
  watchApi(api: HttpApi, stageName: string, areas: Record<string, Record<string, Route>>): void {
    const period = Duration.minutes(5);
    const rate = new MathExpression({
      expression: '100 * errors / IF(requests > 0, requests, 1)',
      usingMetrics: { errors: api.metricServerError({ period }), requests: api.metricCount({ period }) },
      period,
      label: '5xx rate (%)',
    });
    this.alarm(this, 'Api-5xxRate', rate, API_5XX_PERCENT, `More than ${API_5XX_PERCENT}% of API requests answered 5xx`, 2);

    const business = (name: string) => new Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: SERVICE_DIMENSION, statistic: 'Sum', period: Duration.minutes(1) });
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Requests and 5xx', left: [api.metricCount({ period: Duration.minutes(1) })], right: [api.metricServerError({ period: Duration.minutes(1) }), api.metricClientError({ period: Duration.minutes(1) })], width: 12 }),
      new GraphWidget({ title: 'Postings per minute, failures and idempotent replays', left: Object.values(BUSINESS_METRICS).map(business), width: 12 }),
    );
    const latency = (route: Route, method: string, statistic: 'p50' | 'p99') =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName: 'Latency',
        dimensionsMap: { ApiId: api.apiId, Stage: stageName, Route: `${method} ${route.path}` },
        statistic,
        period: Duration.minutes(5),
        label: `${route.name} ${statistic}`,
      });
    this.dashboard.addWidgets(new TextWidget({ markdown: '## Latency per route (p50 and p99, ms)', width: 24, height: 1 }));
    this.dashboard.addWidgets(
      ...Object.entries(areas).map(([area, rows]) =>
        new GraphWidget({
          title: `${area}: latency p50 / p99`,
          left: Object.values(rows).flatMap((r) => r.methods.map((m) => latency(r, m, 'p50'))),
          right: Object.values(rows).flatMap((r) => r.methods.map((m) => latency(r, m, 'p99'))),
          width: 12,
        }),
      ),
    );
  }
}
