import { describe, expect, it } from 'vitest';
import type { SequencedEvent } from '../../../shared/events/event-record.ts';
import { checkRecord } from '../../../shared/audit/record-rules.ts';
import { recordDigest } from '../../../shared/audit/record-state.ts';

const template = { id: 'a6c0f5d8-4f0b-4c55-9f55-2f4b7f1f8a01', description: 'Rent', version: 2 };
const event = (recordDigestOf: string | null): SequencedEvent => ({
  eventId: 'e1', type: 'ScheduleChanged', companyId: 'c1', recordId: template.id, version: 2, actor: { type: 'user', id: 'u1' }, occurredAt: '2026-11-29T10:00:00Z',
  requestId: null, data: template, dataOmitted: false, recordDigest: recordDigestOf, sequence: 7, previousHash: null, hash: null,
});

describe('a record against the last event of it the audit walked', () => {
  it('is broken when its state differs from the digest the event recorded, and whole when it equals it', () => {
    const changed = { version: 2, answer: { ...template, description: 'Rent (edited in the table)' } };
    expect(checkRecord('schedule', event(recordDigest('ScheduleChanged', template)), changed).broken?.reason).toMatch(/changed outside the service/);
    expect(checkRecord('schedule', event(recordDigest('ScheduleChanged', template)), { version: 2, answer: template })).toEqual({});
  });

  it('is not compared with a digest an event written before its kind was audited never recorded (the chain holds that event)', () => {
    expect(checkRecord('schedule', event(null), { version: 2, answer: { ...template, description: 'anything' } })).toEqual({});
    // Its version is still checked.
    expect(checkRecord('schedule', event(null), { version: 1, answer: template }).broken?.reason).toMatch(/is at version 1/);
  });
});
