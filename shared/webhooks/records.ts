import type { ActorRef } from '../auth/actor.ts';

/**
 * Webhook subscriptions and their deliveries. Pure types; shared/db/stores/webhook-store.ts
 * stores and reads them.
 */
export interface WebhookRecord {
  companyId: string;
  webhookId: string;
  url: string;
  eventTypes: string[];
  description: string;
  active: boolean;
  status: 'healthy' | 'failing';
  failingSince?: string;
  sealedSecret: string;
  /** Whose reads the subscription delivers: who last set it (absent on subscriptions saved before this was kept). */
  deliversAs?: NonNullable<ActorRef>;
  /** Deliveries exist for every matching event up to this sequence. */
  fannedOut: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event's delivery to one subscription. */
export interface DeliveryRecord {
  companyId: string;
  webhookId: string;
  eventId: string;
  sequence: number;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  firstAttemptAt?: string;
  nextAttemptAt?: string;
  lastAttemptAt?: string;
  lastStatusCode?: number;
  lastError?: string;
  deliveredAt?: string;
  /** Who holds the delivery while sending it (so two dispatchers never send it at once). */
  leaseUntil?: number;
  createdAt: string;
}
