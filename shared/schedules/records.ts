import type { ActorRef } from '../auth/actor.ts';
import { StateConflict, type ErrorItem } from '../errors.ts';
import type { AllocationTerms, PlannedOccurrence } from './allocation-plan.ts';
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
  /** Decimal text at its currency's precision: the base currency's unless `currency` names another. */
  amount: string;
  /** Another currency than the base one (templates written before these fields have none: base). */
  currency?: string | null;
  /** The line's fixed rate (base units for one), or null: the company's rate in effect on each occurrence's date. */
  exchangeRate?: string | null;
  /** The amount in base: the amount itself for a base line, null for a foreign one at the date's rate. */
  baseAmount?: string | null;
  description?: string | undefined;
}

/** What an edit of an allocation schedule with occurrences generated did: the remainder re-spread over those not yet generated. */
export interface Respread {
  /** The shares of the periods kept (generated, or their journal made), skipped ones left out. */
  allocated: string;
  /** The new total less `allocated`: what the periods not yet generated now share. */
  remainder: string;
  /** The last period kept as it was; later ones take the remainder. */
  keptThrough: string;
}

/**
 * An allocation schedule's terms, accounts and plan (allocation-plan.ts). Its journals move each
 * share between the balance-sheet account and the profit-and-loss one, on the side of the latter's
 * classification (an expense debited, a revenue credited); an accrual's reversal the other way.
 */
export interface AllocationRecord extends AllocationTerms {
  balanceSheetAccountId: string;
  profitAndLossAccountId: string;
  costCenterId: string | null;
  /** The profit-and-loss line's side in a share's journal: debit for an expense, credit for a revenue. */
  profitAndLossSide: 1 | 2;
  /** The plan's rounding residue, on its last period (decimal text; 0 when there is none). */
  residue: string;
  occurrences: PlannedOccurrence[];
  /** What the last write re-spread, or null when it re-spread nothing. */
  respread: Respread | null;
}

/** draft: a draft journal; post: posted on the date; submit: drafted and submitted for the approval the policy asks. */
export type ScheduleAction = 'draft' | 'post' | 'submit';
export type ScheduleState = 'active' | 'paused' | 'ended';

export interface ScheduleRecord {
  companyId: string;
  scheduleId: string;
  description: string;
  /** A recurring template's lines; empty for an allocation schedule, whose journals its plan makes. */
  lines: ScheduleLine[];
  /** An allocation schedule's (its dates are its plan's), or null for a recurring template. */
  allocation: AllocationRecord | null;
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
 *      │  └─draft made, to post or submit─▶ posting ──posted / submitted──▶ generated
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
