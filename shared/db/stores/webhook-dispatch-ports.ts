import type { WebhookDispatching } from '../../webhooks/store.ts';
import { eventsPage, getEvent } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { transactWrite } from '../table/transact.ts';
import { companyAccess } from './access-ports.ts';
import { dueDeliveries, FanOutMoved, fanOutOps, getWebhook, leaseDeliveryOp, listWebhooks, recordAttemptOp, webhookHealthOp } from './webhook-store.ts';

/** The dispatcher's port (webhooks/store.ts): apart from the subscriptions' ports, so their functions load no sequencer. */
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
