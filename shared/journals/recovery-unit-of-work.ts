import { randomUUID } from 'node:crypto';
import type { ActorRef } from '../auth/actor.ts';
import { pendingEventOp } from '../db/events/event-store.ts';
import { RequestUnitOfWork } from '../db/table/unit-of-work.ts';
import { eventRecord } from '../events/event-record.ts';
import type { EventType } from '../events/event-types.ts';

/**
 * The unit of work of recovery finishing work whose request died: it commits the event that
 * request would have recorded (named after whoever sent it), with the same parameters and body,
 * recording what the commit describes (a reversal's event: the original), else its response.
 */
export function recoveryUnitOfWork(companyId: string, actor: ActorRef, type: EventType, params: Record<string, string>, body: unknown): RequestUnitOfWork {
  const uow = new RequestUnitOfWork(() => actor);
  uow.hooks.push((response, { described }) => [pendingEventOp(eventRecord({ eventId: randomUUID(), type, companyId, actor, requestId: null, params: { companyId, ...params }, body, response: described ?? response, now: new Date() }))]);
  return uow;
}
