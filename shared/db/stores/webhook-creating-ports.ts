import type { WebhookCreating } from '../../webhooks/store.ts';
import { eventHead } from '../events/event-store.ts';
import { createWebhookOps } from './webhook-store.ts';

/** Creating a subscription's port (webhooks/store.ts), apart from the others: it alone numbers the events pending. */
export const webhookCreating: WebhookCreating = {
  // The sequencer loads with the numbering it does, once per new subscription (create-webhook.ts).
  sequence: async (rules, companyId) => (await import('../events/sequencer.ts')).sequenceEvents(rules, companyId),
  lastEventSequence: async (companyId) => (await eventHead(companyId)).next - 1,
  createChanges: createWebhookOps,
};
