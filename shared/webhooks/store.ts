import type { CompanyAccess } from '../auth/store.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import type { EventNumbering } from '../events/store.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { DeliveryRecord, WebhookRecord } from './records.ts';

/**
 * What the subscription use cases (webhooks.ts) need of the place subscriptions and their
 * deliveries are kept, one port per use case so a handler carries only what it uses; shared/db
 * implements them.
 */

export interface WebhookReads {
  /** The company's subscription with this id, or undefined. */
  get(companyId: string, webhookId: string): Promise<WebhookRecord | undefined>;
}

export interface WebhookCreating extends EventNumbering {
  /** The sequence number of the company's last numbered event (0 before the first). */
  lastEventSequence(companyId: string): Promise<number>;
  /** Errors at commit: StateConflict (TooManyWebhooks). */
  createChanges(webhook: WebhookRecord, max: number): Change[];
}

export interface WebhookReplacing extends WebhookReads {
  /** At the version read. Errors at commit: VersionConflict. */
  replaceChange(before: WebhookRecord, after: WebhookRecord): Change;
}

export interface WebhookDeleting extends WebhookReads {
  /** At the version read. Errors at commit: VersionConflict. */
  deleteChanges(webhook: WebhookRecord): Change[];
}

export interface WebhookList {
  /** Every subscription of the company (a bounded number). */
  all(companyId: string): Promise<WebhookRecord[]>;
  /** One page of these subscriptions of the company, by creation in `query`'s order, its cursor bound to the query's keyword. */
  pageOf(companyId: string, webhooks: WebhookRecord[], query: ListQuery<'CreatedAt'>): Promise<Page<WebhookRecord>>;
}

export interface DeliveryList extends WebhookReads {
  /** A subscription's deliveries, newest first, a page at a time. Errors: ValidationError (InvalidCursor). */
  deliveriesPage(companyId: string, webhookId: string, pageSize: number, page: string | undefined): Promise<Page<DeliveryRecord>>;
}

/** The dispatcher and its retry sweep (dispatcher.ts). */
export interface WebhookDispatching extends EventNumbering {
  /** What a subscription's principal holds in the company now (its reads are delivered). */
  readonly access: CompanyAccess;
  /** Every subscription of the company (a bounded number). */
  all(companyId: string): Promise<WebhookRecord[]>;
  get(companyId: string, webhookId: string): Promise<WebhookRecord | undefined>;
  /** Up to `limit` of the company's numbered events after `after`, in order. */
  eventsAfter(companyId: string, after: number, limit: number): Promise<SequencedEvent[]>;
  getEvent(companyId: string, sequence: number): Promise<SequencedEvent | undefined>;
  /**
   * Creates the deliveries and moves the subscription's mark to `upTo`, in one transaction;
   * false when the mark moved meanwhile (another dispatcher fanned out first).
   */
  fanOut(webhook: WebhookRecord, deliveries: readonly DeliveryRecord[], upTo: number): Promise<boolean>;
  /** Takes the delivery until `until` when nobody holds it and it is still due at `now`. Errors: when it may not be taken. */
  lease(delivery: DeliveryRecord, until: number, now: number): Promise<void>;
  /** Records an attempt while the lease taken until `heldUntil` is still ours, and the subscription's health when it changes. Errors: when the lease was lost. */
  recordAttempt(next: DeliveryRecord, heldUntil: number, health?: { failing: boolean; at: string }): Promise<void>;
  /** Deliveries due by `now`, oldest first. */
  dueDeliveries(now: string, limit: number): Promise<DeliveryRecord[]>;
}
