import type { DeliveryList, WebhookCreating, WebhookDeleting, WebhookList, WebhookReads, WebhookReplacing } from '../../webhooks/store.ts';
import { eventHead } from '../events/event-store.ts';
import { paginateArray } from '../table/paginate-array.ts';
import {
  createWebhookOps,
  deleteWebhookOps,
  deliveriesPage,
  getWebhook,
  listWebhooks,
  updateWebhookOp,
} from './webhook-store.ts';

/** The subscriptions' ports (webhooks/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
export const webhookReads: WebhookReads = { get: getWebhook };

export const webhookCreating: WebhookCreating = {
  // The sequencer loads with the numbering it does, once per new subscription (webhooks.ts).
  sequence: async (rules, companyId) => (await import('../events/sequencer.ts')).sequenceEvents(rules, companyId),
  lastEventSequence: async (companyId) => (await eventHead(companyId)).next - 1,
  createChanges: createWebhookOps,
};

export const webhookReplacing: WebhookReplacing = { get: getWebhook, replaceChange: updateWebhookOp };

export const webhookDeleting: WebhookDeleting = { get: getWebhook, deleteChanges: deleteWebhookOps };

export const webhookList: WebhookList = {
  all: listWebhooks,
  pageOf: (companyId, webhooks, query) =>
    paginateArray(webhooks, (w) => `${w.createdAt} ${w.webhookId}`, query, { companyId, endpoint: 'webhooks.list', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { keyword: query.keyword ?? '' } }),
};

export const deliveryList: DeliveryList = { get: getWebhook, deliveriesPage };
