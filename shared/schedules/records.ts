import type { ActorRef } from '../auth/actor.ts';
import { StateConflict, type ErrorItem } from '../errors.ts';
import type { Recurrence } from './occurrence-dates.ts';

/**
 * A recurring journal template: its lines, when it falls due (occurrence-dates.ts), and what
 * each occurrence makes (a draft, or a posted journal). Occurrences are settled in date order;
 * `settledThrough` is the last one settled (generated or skipped), `nextDate` the one after it
 * (null once the schedule has no more).
 */
export interface ScheduleLine {
  accountId: string;
  costCenterId: string | null;
  side: 1 | 2;
  /** Decimal text at the company's precision, in its base currency. */
  amount: string;
  description?: string | undefined;
}

export type ScheduleAction = 'draft' | 'post';
export type ScheduleState = 'active' | 'paused' | 'ended';

export interface ScheduleRecord {
  companyId: string;
  scheduleId: string;
  description: string;
  lines: ScheduleLine[];
  recurrence: Recurrence;
  startDate: string;
  endDate: string | null;
  count: number | null;
  action: ScheduleAction;
  state: ScheduleState;
  settledThrough: string | null;
  nextDate: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Who the generated journals are made for: the template's last writer. */
  updatedBy: ActorRef;
}

/**
 *   (none) ──journal made──────────────▶ generated
 *      │  └─draft made, to post─▶ posting ──posted──▶ generated
 *      ├──refused (year, period, account)──▶ blocked ──retried, made──▶ generated / posting
 *      └──Skip (also from blocked)────────▶ skipped
 */
export type OccurrenceState = 'generated' | 'posting' | 'blocked' | 'skipped';

export interface OccurrenceRecord {
  companyId: string;
  scheduleId: string;
  date: string;
  state: OccurrenceState;
  /** The journal made for it (generated, posting, or blocked while posting it). */
  journalId: string | null;
  /** Why it is blocked: the refusal of the journal use case, as an error body names it. */
  reason: ErrorItem | null;
  updatedAt: string;
}

/** The worker settled an occurrence of the template meanwhile: a write based on the template as read is tried again on the new one. */
export class ScheduleMoved extends StateConflict {
  constructor() {
    super('Conflict', 'The schedule generated an occurrence meanwhile; read it again.');
  }
}

/** Another run settled or changed the occurrence, or the template changed, meanwhile: this run leaves it to the next. */
export class OccurrenceMoved extends StateConflict {
  constructor() {
    super('Conflict', 'The occurrence or its schedule changed meanwhile; read them again.', 'date');
  }
}
