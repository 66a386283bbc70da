import type { ActorRef } from '../auth/actor.ts';
import { config } from '../config.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { DeliveryRecord, WebhookRecord } from './records.ts';
import type { DeliveryList, WebhookDeleting, WebhookList, WebhookReads, WebhookReplacing } from './store.ts';
import { NotFound, ValidationError, VersionConflict } from '../errors.ts';
import type { ListQuery, Page, PageQuery } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { UpdateWebhookInput } from './schemas.ts';
import { webhookUrlProblem } from './url-rules.ts';

/**
 * Webhook subscriptions: a company's URLs that receive its events, each with the event types it
 * wants and a signing secret shown once. A new subscription receives events from the moment it
 * is created (its mark starts at the feed's current end). It delivers what its principal may
 * read: whoever last set it (created it, or changed it: that one chose where the events go),
 * resolved at each delivery (shared/webhooks/dispatcher.ts). Each use case takes the port it
 * reads and writes through (store.ts).
 */
export type WebhookView = ResponseOf<'WebhookResponse'>;
export type DeliveryView = ResponseOf<'DeliveryResponse'>;

export const MAX_WEBHOOKS = 20;

/** A subscription as answered. */
export const webhookView = (w: WebhookRecord): WebhookView => ({
  id: w.webhookId,
  url: w.url,
  eventTypes: w.eventTypes,
  description: w.description,
  active: w.active,
  status: w.status,
  failingSince: w.failingSince ?? null,
  deliversAs: w.deliversAs ?? null,
  version: w.version,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
});

const deliveryView = (d: DeliveryRecord): DeliveryView => ({
  eventId: d.eventId,
  sequence: d.sequence,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode ?? null,
  lastError: d.lastError ?? null,
  lastAttemptAt: d.lastAttemptAt ?? null,
  nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt ?? null) : null,
  deliveredAt: d.deliveredAt ?? null,
  createdAt: d.createdAt,
});

/** Errors: ValidationError naming `url`. */
export function checkUrl(url: string): void {
  const problem = webhookUrlProblem(url, config.webhooksAllowLoopback);
  if (problem) throw ValidationError.field('url', problem);
}

async function mustGet(webhooks: WebhookReads, companyId: string, webhookId: string, version?: number): Promise<WebhookRecord> {
  const webhook = (await webhooks.get(companyId, webhookId)) ?? NotFound.throw('The webhook');
  if (version !== undefined && webhook.version !== version) throw new VersionConflict();
  return webhook;
}

/** Errors: NotFound. */
export async function readWebhook(webhooks: WebhookReads, companyId: string, webhookId: string): Promise<WebhookView> {
  return webhookView(await mustGet(webhooks, companyId, webhookId));
}

/** orderBy `CreatedAt`; the keyword matches the URL. Errors: ValidationError (InvalidCursor). */
export async function listCompanyWebhooks(webhooks: WebhookList, companyId: string, query: ListQuery<'CreatedAt'>): Promise<Page<WebhookView>> {
  const all = (await webhooks.all(companyId)).filter((w) => !query.keyword || w.url.includes(query.keyword));
  const page = await webhooks.pageOf(companyId, all, query);
  return { ...page, results: page.results.map(webhookView) };
}

/** Errors: NotFound, VersionConflict, ValidationError (url). The subscription then delivers what `by` may read. */
export async function updateWebhook(webhooks: WebhookReplacing, uow: UnitOfWork, companyId: string, webhookId: string, input: UpdateWebhookInput, by: NonNullable<ActorRef>): Promise<WebhookView> {
  checkUrl(input.url);
  const before = await mustGet(webhooks, companyId, webhookId, input.version);
  const after: WebhookRecord = { ...before, url: input.url, eventTypes: input.eventTypes, description: input.description, active: input.active, deliversAs: by, version: before.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit([webhooks.replaceChange(before, after)], webhookView(after));
}

/** Errors: NotFound, VersionConflict. Deliveries already made stay in the log until they expire. */
export async function deleteWebhook(webhooks: WebhookDeleting, uow: UnitOfWork, companyId: string, webhookId: string, version: number): Promise<null> {
  return uow.commit(webhooks.deleteChanges(await mustGet(webhooks, companyId, webhookId, version)), null);
}

/** The subscription's deliveries, newest first. Errors: NotFound, ValidationError (InvalidCursor). */
export async function listDeliveries(webhooks: DeliveryList, companyId: string, webhookId: string, query: PageQuery): Promise<Page<DeliveryView>> {
  await mustGet(webhooks, companyId, webhookId);
  const page = await webhooks.deliveriesPage(companyId, webhookId, query.pageSize, query.page);
  return { ...page, results: page.results.map(deliveryView) };
}
