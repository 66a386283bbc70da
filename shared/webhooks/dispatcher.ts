import { config } from '../config.ts';
import { eventsPage, getEvent, type SequencedEvent } from '../db/event-store.ts';
import { inChunks, transactWrite } from '../db/transact.ts';
import { dueDeliveries, FanOutMoved, fanOutOps, getWebhook, leaseDeliveryOp, listWebhooks, recordAttemptOp, webhookHealthOp, type DeliveryRecord, type WebhookRecord } from '../db/webhook-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { unseal } from './secret-box.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import { postToReceiver, type PostOutcome } from './post-to-receiver.ts';

/**
 * Webhook delivery, run by the dispatcher (a function on the main table's stream in AWS; a
 * stream poller beside `npm start` locally) and by the retry sweep:
 * 1. number the company's pending events (the feed's sequencer);
 * 2. fan out: give each active subscription one delivery per new matching event (the
 *    subscription's mark moves in the same transaction, so never twice);
 * 3. send each delivery under a short lease (so two dispatchers never send it at once), signed;
 *    a failure is retried with exponential backoff for 24 hours, then the delivery fails and
 *    the subscription is marked failing. A success marks it healthy again.
 * Delivery is at least once: a receiver drops repeats by the event id.
 */
const MAX_BACKOFF_MS = 3600 * 1000;
const LEASE_MS = 30_000;
const SEND_TIMEOUT_MS = 10_000;
/** Events read per fan-out transaction (the subscription's mark is the hundredth item). */
const FAN_OUT_BATCH = 98;
const MAX_ROUNDS = 10;
/** Deliveries sent at once to one subscription: a slow receiver holds up a dispatch a tenth as long. */
const SEND_CONCURRENCY = 10;

const matches = (webhook: WebhookRecord, type: string) => webhook.eventTypes.length === 0 || webhook.eventTypes.includes(type);

/** Deliveries for the events after the subscription's mark; returns those it created, with their events. */
async function fanOut(start: WebhookRecord): Promise<Array<{ delivery: DeliveryRecord; event: SequencedEvent }>> {
  const created: Array<{ delivery: DeliveryRecord; event: SequencedEvent }> = [];
  let webhook = start;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { results } = await eventsPage(webhook.companyId, { after: webhook.fannedOut, types: [] }, FAN_OUT_BATCH, undefined);
    if (results.length === 0) break;
    const now = new Date().toISOString();
    const pairs = results
      .filter((e) => matches(webhook, e.type))
      .map((event) => ({
        event,
        delivery: { companyId: webhook.companyId, webhookId: webhook.webhookId, eventId: event.eventId, sequence: event.sequence, type: event.type, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now } satisfies DeliveryRecord,
      }));
    const upTo = results.at(-1)!.sequence;
    try {
      await transactWrite(fanOutOps(webhook, pairs.map((p) => p.delivery), upTo));
      created.push(...pairs);
      webhook = { ...webhook, fannedOut: upTo };
    } catch (error) {
      if (!(error instanceof FanOutMoved)) throw error;
      const current = await getWebhook(webhook.companyId, webhook.webhookId);
      if (!current) break;
      webhook = current;
    }
  }
  return created;
}

/** Takes the delivery for one attempt, or returns undefined when another sender holds it or it is done. */
async function lease(d: DeliveryRecord): Promise<number | undefined> {
  const until = Date.now() + LEASE_MS;
  try {
    await transactWrite([leaseDeliveryOp(d, until, Date.now())]);
    return until;
  } catch {
    return undefined;
  }
}

/** POSTs the signed event to an address checked against the URL rules; the HTTP status, or the reason it could not be sent. */
async function send(webhook: WebhookRecord, body: string, eventId: string): Promise<PostOutcome> {
  const timestamp = Math.floor(Date.now() / 1000);
  let secret: string;
  try {
    secret = await unseal(webhook.sealedSecret);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const headers = { 'content-type': 'application/json', 'user-agent': 'ledger-webhooks', [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body), [EVENT_ID_HEADER]: eventId };
  return postToReceiver(new URL(webhook.url), headers, body, { allowLoopback: config.webhooksAllowLoopback, timeoutMs: SEND_TIMEOUT_MS });
}

const backoffMs = (attempts: number) => Math.min(config.webhookRetryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS) * (0.75 + Math.random() / 2);

/** One attempt of a delivery (its event given when at hand); its outcome is recorded only while the lease is still ours. */
async function attempt(d: DeliveryRecord, webhook: WebhookRecord | undefined, known?: SequencedEvent): Promise<void> {
  const heldUntil = await lease(d);
  if (heldUntil === undefined) return;
  const now = new Date();
  const event = known ?? (await getEvent(d.companyId, d.sequence));
  const outcome: { status?: number; error?: string } = !webhook || !webhook.active ? { error: webhook ? 'the subscription is inactive' : 'the subscription was deleted' } : !event ? { error: 'the event has expired' } : await send(webhook, JSON.stringify(eventBody(event)), d.eventId);
  const delivered = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const attempts = d.attempts + 1;
  const firstAttemptAt = d.firstAttemptAt ?? now.toISOString();
  const givingUp = !delivered && (!webhook || !webhook.active || !event || now.getTime() - Date.parse(firstAttemptAt) >= config.webhookRetryWindowMs);
  const next: DeliveryRecord = {
    ...d,
    attempts,
    firstAttemptAt,
    lastAttemptAt: now.toISOString(),
    ...(outcome.status !== undefined ? { lastStatusCode: outcome.status } : {}),
    ...(outcome.error ? { lastError: outcome.error.slice(0, 500) } : { lastError: undefined }),
    status: delivered ? 'delivered' : givingUp ? 'failed' : 'pending',
    ...(delivered ? { deliveredAt: now.toISOString() } : {}),
    nextAttemptAt: delivered || givingUp ? undefined : new Date(now.getTime() + backoffMs(attempts)).toISOString(),
    // The attempt is over: the next one may take the delivery as soon as it is due.
    leaseUntil: undefined,
  };
  const health = webhook && (delivered ? webhook.status === 'failing' : givingUp && webhook.active) ? [webhookHealthOp(d.companyId, d.webhookId, !delivered, now.toISOString())] : [];
  await transactWrite([recordAttemptOp(next, heldUntil), ...health]).catch(() => undefined);
}

/** What a receiver gets: the event as the feed shows it. */
function eventBody(e: SequencedEvent) {
  return { id: e.eventId, sequence: e.sequence, type: e.type, companyId: e.companyId, recordId: e.recordId, version: e.version, actor: e.actor, occurredAt: e.occurredAt, data: e.data, dataOmitted: e.dataOmitted };
}

/** After a company's writes: number its events, fan them out to its active subscriptions, send them. */
export async function dispatchCompany(companyId: string): Promise<void> {
  const webhooks = (await listWebhooks(companyId)).filter((w) => w.active);
  if (webhooks.length === 0) return;
  await sequenceEvents(companyId);
  await Promise.all(
    webhooks.map(async (webhook) => {
      const created = await fanOut(webhook);
      for (const batch of inChunks(created, SEND_CONCURRENCY)) await Promise.all(batch.map(({ delivery, event }) => attempt(delivery, webhook, event)));
    }),
  );
}

/** The retry sweep: every delivery due by now, oldest first, a bounded number per call. */
export async function retryDueDeliveries(limit = 100): Promise<number> {
  const due = await dueDeliveries(new Date().toISOString(), limit);
  const webhooks = new Map<string, Promise<WebhookRecord | undefined>>();
  const webhookOf = (d: DeliveryRecord) => {
    const key = `${d.companyId} ${d.webhookId}`;
    if (!webhooks.has(key)) webhooks.set(key, getWebhook(d.companyId, d.webhookId));
    return webhooks.get(key)!;
  };
  for (const batch of inChunks(due, SEND_CONCURRENCY)) await Promise.all(batch.map(async (d) => attempt(d, await webhookOf(d))));
  return due.length;
}
