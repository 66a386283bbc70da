import { randomUUID } from 'node:crypto';
import type { ActorRef } from '../auth/actor.ts';
import { shownOnce } from '../schemas/one-time-secrets.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { WebhookRecord } from './records.ts';
import type { CreateWebhookInput } from './schemas.ts';
import { newWebhookSecret, seal } from './secret-box.ts';
import type { WebhookCreating } from './store.ts';
import { checkUrl, MAX_WEBHOOKS, webhookView } from './webhooks.ts';

/*
 * Creating a subscription, apart from the other use cases (webhooks.ts): it alone numbers the
 * events pending, so the other functions reach no numbering.
 */

/** Errors: ValidationError (url), StateConflict (TooManyWebhooks). The secret is in this response only. */
export async function createWebhook(webhooks: WebhookCreating, uow: UnitOfWork, companyId: string, input: CreateWebhookInput, by: NonNullable<ActorRef>): Promise<ResponseOf<'CreatedWebhookResponse'>> {
  checkUrl(input.url);
  const secret = newWebhookSecret();
  const now = new Date().toISOString();
  // Changes committed before now are not sent: number them, then start after the last. The
  // numbering (12 KB with the audit projections it writes) loads on this rare path only.
  const { numberPending } = await import('../events/numbering-rules.ts');
  await numberPending(webhooks, companyId);
  const lastSequence = await webhooks.lastEventSequence(companyId);
  const record: WebhookRecord = {
    companyId,
    webhookId: randomUUID(),
    url: input.url,
    eventTypes: input.eventTypes,
    description: input.description,
    active: input.active,
    status: 'healthy',
    sealedSecret: await seal(secret),
    deliversAs: by,
    fannedOut: lastSequence,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  return uow.commit(webhooks.createChanges(record, MAX_WEBHOOKS), { ...webhookView(record), ...shownOnce('secret', secret) });
}
