import type { DeliveryList, WebhookDeleting, WebhookList, WebhookReads, WebhookReplacing } from '../../webhooks/store.ts';
import { paginateArray } from '../table/paginate-array.ts';
import {
  deleteWebhookOps,
  deliveriesPage,
  getWebhook,
  listWebhooks,
  updateWebhookOp,
} from './webhook-store.ts';

/**
 * The subscriptions' ports (webhooks/store.ts), one per use case (plain properties: a bundler keeps a
 * spread it cannot prove pure). Creating one has its own module (webhook-creating-ports.ts): it
 * alone reaches the sequencer.
 */
export const webhookReads: WebhookReads = { get: getWebhook };

export const webhookReplacing: WebhookReplacing = { get: getWebhook, replaceChange: updateWebhookOp };

export const webhookDeleting: WebhookDeleting = { get: getWebhook, deleteChanges: deleteWebhookOps };

export const webhookList: WebhookList = {
  all: listWebhooks,
  pageOf: (companyId, webhooks, query) =>
    paginateArray(webhooks, (w) => `${w.createdAt} ${w.webhookId}`, query, { companyId, endpoint: 'webhooks.list', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { keyword: query.keyword ?? '' } }),
};

export const deliveryList: DeliveryList = { get: getWebhook, deliveriesPage };
