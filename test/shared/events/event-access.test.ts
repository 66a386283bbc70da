import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../shared/auth/permissions.ts';
import { EVENT_READ_PERMISSIONS, mayReadEventData } from '../../../shared/events/event-access.ts';
import { EVENT_TYPES, type EventType } from '../../../shared/events/event-types.ts';
import { ROUTES, type Route } from '../../../shared/routes.ts';

const reads = ROUTES.filter((r) => r.methods.includes('GET'));
const responseName = (r: Route) => (typeof r.response === 'object' ? r.response.page : r.response);
const areaOf = (r: Route) => r.name.split('.')[0];

/**
 * The permissions that guard reading what a writing row's event carries: the GET rows that answer
 * the same record (its response, or the one its `Created...` answer extends), or for a row that
 * answers nothing (deletions, closes) the GET rows of its area.
 */
function guardingReads(row: Route): Set<string> {
  const name = responseName(row);
  const answering = name === undefined ? [] : reads.filter((r) => responseName(r) === name || responseName(r) === name.replace(/^Created/, ''));
  const guards = answering.length > 0 ? answering : reads.filter((r) => areaOf(r) === areaOf(row));
  return new Set(guards.map((r) => r.access));
}

/** Events no route's write names (a job, or a read that checks an upload, records them: a journals import the files it attaches, the schedule worker an occurrence it blocks), each with the read that shows their records. */
const JOB_EVENTS: Partial<Record<EventType, string>> = { BankStatementImported: 'bankAccounts.statementLines', AttachmentAdded: 'attachments.get', AttachmentRejected: 'attachments.get', AttachmentAttached: 'attachments.get', ScheduleOccurrenceBlocked: 'schedules.occurrences' };

describe('who may read an event\'s data', () => {
  it('needs, for each event type, the permission that guards reading its record over REST', () => {
    const writing = ROUTES.filter((r) => r.event);
    expect(new Set([...writing.map((r) => r.event), ...Object.keys(JOB_EVENTS)])).toEqual(new Set(EVENT_TYPES));
    for (const [type, readName] of Object.entries(JOB_EVENTS)) expect(EVENT_READ_PERMISSIONS[type as EventType], type).toEqual([ROUTES.find((r) => r.name === readName)!.access]);
    for (const row of writing) {
      const needed = EVENT_READ_PERMISSIONS[row.event!];
      const guards = guardingReads(row);
      expect(guards.size, row.name).toBeGreaterThan(0);
      for (const guard of guards) expect(needed, `${row.event} (${row.name}) must need ${guard}`).toContain(guard);
      // Nothing beyond a permission that guards some read.
      for (const permission of needed) expect(reads.map((r) => r.access), `${row.event}: ${permission}`).toContain(permission);
    }
  });

  it('shows data only to a reader holding every listed permission', () => {
    expect(mayReadEventData('JournalPosted', ['events:read', 'journals:read'])).toBe(true);
    expect(mayReadEventData('JournalPosted', ['events:read', 'accounts:read'])).toBe(false);
    expect(mayReadEventData('CompanyCreated', ['companies:read', 'settings:read'])).toBe(false);
    for (const type of EVENT_TYPES) {
      expect(mayReadEventData(type, PERMISSIONS), type).toBe(true);
      expect(mayReadEventData(type, ['events:read']), type).toBe(false);
    }
  });
});
