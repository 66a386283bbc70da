import { permissionsOfActor } from '../auth/access-in-company.ts';
import { config } from '../config.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import type { DeliveryRecord, WebhookRecord } from './records.ts';
import { EVENTS_PERMISSION } from '../events/event-access.ts';
import { eventView } from '../events/event-view.ts';
import { numberPending } from '../events/numbering-rules.ts';
import type { WebhookDispatching } from './store.ts';
import { unseal } from './secret-box.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import { postToReceiver, type PostOutcome } from './post-to-receiver.ts';

/**
 * Webhook delivery, run by the dispatcher (a function on the main table's stream in AWS; a
 * stream poller beside `npm start` locally) and by the retry sweep:
 * 1. number the company's pending events (the feed's sequencer, which also chains them), whether
 *    or not it has subscriptions;
 * 2. fan out: give each active subscription one delivery per new matching event (the
 *    subscription's mark moves in the same transaction, so never twice);
 * 3. send each delivery under a short lease (so two dispatchers never send it at once), signed,
 *    as the subscription's principal may read it (its permissions read at each dispatch: a
 *    shrunk role withholds more, a principal without access sends nothing); a failure is
 *    retried with exponential backoff for 24 hours, then the delivery fails and the
 *    subscription is marked failing. A success marks it healthy again.
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

/** The items in consecutive chunks of `size`. */
const inChunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const matches = (webhook: WebhookRecord, type: string) => webhook.eventTypes.length === 0 || webhook.eventTypes.includes(type);

/** Deliveries for the events after the subscription's mark; returns those it created, with their events. */
async function fanOut(store: WebhookDispatching, start: WebhookRecord): Promise<Array<{ delivery: DeliveryRecord; event: SequencedEvent }>> {
  const created: Array<{ delivery: DeliveryRecord; event: SequencedEvent }> = [];
  let webhook = start;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const results = await store.eventsAfter(webhook.companyId, webhook.fannedOut, FAN_OUT_BATCH);
    if (results.length === 0) break;
    const now = new Date().toISOString();
    const pairs = results
      .filter((e) => matches(webhook, e.type))
      .map((event) => ({
        event,
        delivery: { companyId: webhook.companyId, webhookId: webhook.webhookId, eventId: event.eventId, sequence: event.sequence, type: event.type, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now } satisfies DeliveryRecord,
      }));
    const upTo = results.at(-1)!.sequence;
    if (await store.fanOut(webhook, pairs.map((p) => p.delivery), upTo)) {
      created.push(...pairs);
      webhook = { ...webhook, fannedOut: upTo };
    } else {
      const current = await store.get(webhook.companyId, webhook.webhookId);
      if (!current) break;
      webhook = current;
    }
  }
  return created;
}

/** Takes the delivery for one attempt, or returns undefined when another sender holds it or it is done. */
async function lease(store: WebhookDispatching, d: DeliveryRecord): Promise<number | undefined> {
  const until = Date.now() + LEASE_MS;
  try {
    await store.lease(d, until, Date.now());
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

/**
 * What the subscription's principal may read in the company now, or null when it may not read
 * the company's events at all (removed, revoked, expired, without `events:read`, or none recorded).
 */
async function readerOf(store: WebhookDispatching, webhook: WebhookRecord | undefined): Promise<readonly string[] | null> {
  if (!webhook?.deliversAs) return null;
  const granted = await permissionsOfActor(store.access, webhook.deliversAs, webhook.companyId);
  return granted?.includes(EVENTS_PERMISSION) ? granted : null;
}

const NO_READER = "the subscription's principal may no longer read the company's events (whoever changes the subscription becomes its principal)";

/** One attempt of a delivery (its event given when at hand), as `reader` may see it; its outcome is recorded only while the lease is still ours. */
async function attempt(store: WebhookDispatching, d: DeliveryRecord, webhook: WebhookRecord | undefined, reader: readonly string[] | null, known?: SequencedEvent): Promise<void> {
  const heldUntil = await lease(store, d);
  if (heldUntil === undefined) return;
  const now = new Date();
  const event = known ?? (await store.getEvent(d.companyId, d.sequence));
  const outcome: { status?: number; error?: string } =
    !webhook || !webhook.active ? { error: webhook ? 'the subscription is inactive' : 'the subscription was deleted' }
    : !event ? { error: 'the event has expired' }
    : !reader ? { error: NO_READER }
    : await send(webhook, JSON.stringify(eventView(event, reader)), d.eventId);
  const delivered = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const attempts = d.attempts + 1;
  const firstAttemptAt = d.firstAttemptAt ?? now.toISOString();
  const givingUp = !delivered && (!webhook || !webhook.active || !event || !reader || now.getTime() - Date.parse(firstAttemptAt) >= config.webhookRetryWindowMs);
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
  const health = webhook && (delivered ? webhook.status === 'failing' : givingUp && webhook.active) ? { failing: !delivered, at: now.toISOString() } : undefined;
  await store.recordAttempt(next, heldUntil, health).catch(() => undefined);
}

/**
 * After a company's writes: number (and chain) its events, webhooks or not, so the feed and the
 * audit chain keep up with the writes; then fan them out to its active subscriptions and send them.
 */
export async function dispatchCompany(store: WebhookDispatching, companyId: string): Promise<void> {
  await numberPending(store, companyId);
  const webhooks = (await store.all(companyId)).filter((w) => w.active);
  if (webhooks.length === 0) return;
  await Promise.all(
    webhooks.map(async (webhook) => {
      const created = await fanOut(store, webhook);
      const reader = created.length > 0 ? await readerOf(store, webhook) : null;
      for (const batch of inChunks(created, SEND_CONCURRENCY)) await Promise.all(batch.map(({ delivery, event }) => attempt(store, delivery, webhook, reader, event)));
    }),
  );
}

/** The retry sweep: every delivery due by now, oldest first, a bounded number per call. */
export async function retryDueDeliveries(store: WebhookDispatching, limit = 100): Promise<number> {
  const due = await store.dueDeliveries(new Date().toISOString(), limit);
  const subscriptions = new Map<string, Promise<{ webhook: WebhookRecord | undefined; reader: readonly string[] | null }>>();
  const subscriptionOf = (d: DeliveryRecord) => {
    const key = `${d.companyId} ${d.webhookId}`;
    if (!subscriptions.has(key)) subscriptions.set(key, store.get(d.companyId, d.webhookId).then(async (webhook) => ({ webhook, reader: await readerOf(store, webhook) })));
    return subscriptions.get(key)!;
  };
  for (const batch of inChunks(due, SEND_CONCURRENCY)) {
    await Promise.all(
      batch.map(async (d) => {
        const { webhook, reader } = await subscriptionOf(d);
        return attempt(store, d, webhook, reader);
      }),
    );
  }
  return due.length;
}
