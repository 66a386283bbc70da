import type { DeliveryList, WebhookCreating, WebhookDeleting, WebhookDispatching, WebhookList, WebhookReads, WebhookReplacing } from '../../webhooks/store.ts';
import { companyAccess } from './access-ports.ts';
import { eventHead, eventsPage, getEvent } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { transactWrite } from '../table/transact.ts';
import { paginateArray } from '../table/paginate-array.ts';
import {
  createWebhookOps,
  deleteWebhookOps,
  deliveriesPage,
  dueDeliveries,
  FanOutMoved,
  fanOutOps,
  getWebhook,
  leaseDeliveryOp,
  listWebhooks,
  recordAttemptOp,
  updateWebhookOp,
  webhookHealthOp,
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

export const webhookDispatching: WebhookDispatching = {
  access: companyAccess,
  sequence: sequenceEvents,
  all: listWebhooks,
  get: getWebhook,
  eventsAfter: async (companyId, after, limit) => (await eventsPage(companyId, { after, types: [] }, limit, undefined)).results,
  getEvent,
  fanOut: async (webhook, deliveries, upTo) => {
    try {
      await transactWrite(fanOutOps(webhook, deliveries, upTo));
      return true;
    } catch (error) {
      if (error instanceof FanOutMoved) return false;
      throw error;
    }
  },
  lease: (delivery, until, now) => transactWrite([leaseDeliveryOp(delivery, until, now)]),
  recordAttempt: (next, heldUntil, health) => transactWrite([recordAttemptOp(next, heldUntil), ...(health ? [webhookHealthOp(next.companyId, next.webhookId, health.failing, health.at)] : [])]),
  dueDeliveries,
};
