import { randomUUID } from 'node:crypto';
import type { ActorRef } from '../auth/actor.ts';
import { eventRecord } from '../events/event-record.ts';
import type { EventType } from '../events/event-types.ts';
import type { RecoveryUnits, UnitOfWork } from '../unit-of-work.ts';

/**
 * The unit of work of recovery finishing work whose request died: it commits the event that
 * request would have recorded (named after whoever sent it), with the same parameters and body,
 * recording what the commit describes (a reversal's event: the original), else its response.
 */
export function recoveryUnitOfWork(units: RecoveryUnits, companyId: string, actor: ActorRef, type: EventType, params: Record<string, string>, body: unknown): UnitOfWork {
  return units(actor, (recorded) => eventRecord({ eventId: randomUUID(), type, companyId, actor, requestId: null, params: { companyId, ...params }, body, response: recorded, now: new Date() }));
}
