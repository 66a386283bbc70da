/**
 * Business metrics, emitted in CloudWatch embedded metric format (EMF) inside the request's
 * log line: CloudWatch turns the line into metrics without an API call or an extra package in
 * the bundle (Powertools' metrics would add 13 KB to every function; docs/decisions.md,
 * "Operations"). Pure: the request log line merges what emfFields() returns.
 */
export const METRICS_NAMESPACE = 'Ledger';
export const SERVICE_DIMENSION = { Service: 'ledger' };

export const BUSINESS_METRICS = {
  journalsPosted: 'JournalsPosted',
  postingsFailed: 'PostingsFailed',
  idempotentReplays: 'IdempotentReplays',
} as const;

/** Counts an operator is alarmed on (infra/monitoring.ts), emitted outside any request's line. */
export const OPERATIONS_METRICS = {
  /** Events numbered with text that had to be repaired to be hashed (db/events/repaired-text.ts). */
  eventTextRepaired: 'EventTextRepaired',
} as const;

/** What the import worker counts (shared/imports/import-worker.ts): runs that failed, and jobs stopped after failing again and again (an alarm: infra/import-worker.ts). */
export const IMPORT_METRICS = {
  importRunsFailed: 'ImportRunsFailed',
  importsStopped: 'ImportsStopped',
} as const;

type MetricName =
  | (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS]
  | (typeof OPERATIONS_METRICS)[keyof typeof OPERATIONS_METRICS]
  | (typeof IMPORT_METRICS)[keyof typeof IMPORT_METRICS];

/** What one request counts: a post of a journal that succeeded or not, a replayed response. */
export function businessMetrics(routeName: string, status: number, replayed: boolean): Partial<Record<MetricName, number>> {
  const counts: Partial<Record<MetricName, number>> = {};
  if (routeName === 'journals.post' && !replayed) counts[status === 200 ? BUSINESS_METRICS.journalsPosted : BUSINESS_METRICS.postingsFailed] = 1;
  if (replayed) counts[BUSINESS_METRICS.idempotentReplays] = 1;
  return counts;
}

/** The EMF fields for these counts (none when there is nothing to count). */
export function emfFields(counts: Partial<Record<MetricName, number>>, timestamp = Date.now()): Record<string, unknown> {
  const names = Object.keys(counts);
  if (names.length === 0) return {};
  return {
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [Object.keys(SERVICE_DIMENSION)], Metrics: names.map((Name) => ({ Name, Unit: 'Count' })) }],
    },
    ...SERVICE_DIMENSION,
    ...counts,
  };
}
