import type { DynamoDBStreamEvent, EventBridgeEvent } from 'aws-lambda';
import { webhookDispatching } from '../../shared/db/stores/webhook-dispatch-ports.ts';
import { dispatchCompany, retryDueDeliveries } from '../../shared/webhooks/dispatcher.ts';

/**
 * The webhook dispatcher (shared/webhooks/dispatcher.ts). Two triggers: the main table's stream,
 * filtered to new pending events, dispatches each company named in the batch; a schedule every
 * minute sweeps deliveries due for a retry. A failed batch is retried, split in halves, then sent
 * to the dead-letter queue (alarmed); nothing is lost meanwhile, since the events stay in the feed
 * and the next dispatch of the company picks them up.
 */
export async function handler(event: DynamoDBStreamEvent | EventBridgeEvent<'Scheduled Event', unknown>): Promise<void> {
  if ('Records' in event) {
    const companies = new Set(event.Records.flatMap((r) => r.dynamodb?.NewImage?.companyId?.S ?? []));
    for (const companyId of companies) await dispatchCompany(webhookDispatching, companyId);
    return;
  }
  await retryDueDeliveries(webhookDispatching);
}
