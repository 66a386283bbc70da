import type { Permission } from '../auth/permissions.ts';
import type { EventType } from './event-types.ts';

/**
 * Who may read an event's data (pure). `events:read` shows the envelope of every event (type,
 * record id, version, actor, time, sequence); the data, the record as its write answered it,
 * only to a reader holding every permission listed here: the permission that guards reading that
 * record over REST (the access of its GET rows in shared/routes/*.ts; a test holds the two
 * together). An event never shows a reader more than the reads that reader is allowed.
 */
export const EVENT_READ_PERMISSIONS: Readonly<Record<EventType, readonly Permission[]>> = {
  // The new company's answer also shows its settings and its creator's role (a membership).
  CompanyCreated: ['companies:read', 'settings:read', 'members:manage'],
  SettingsChanged: ['settings:read'],
  RoleCreated: ['companies:read'],
  RoleChanged: ['companies:read'],
  RoleDeleted: ['companies:read'],
  MemberAdded: ['members:manage'],
  MemberChanged: ['members:manage'],
  MemberRemoved: ['members:manage'],
  ApiKeyCreated: ['api-keys:manage'],
  ApiKeyRevoked: ['api-keys:manage'],
  AccountCreated: ['accounts:read'],
  AccountChanged: ['accounts:read'],
  AccountDeleted: ['accounts:read'],
  CostCenterCreated: ['cost-centers:read'],
  CostCenterChanged: ['cost-centers:read'],
  CostCenterActivated: ['cost-centers:read'],
  CostCenterDeactivated: ['cost-centers:read'],
  CostCenterDeleted: ['cost-centers:read'],
  FinancialYearCreated: ['financial-years:read'],
  FinancialYearChanged: ['financial-years:read'],
  FinancialYearDeleted: ['financial-years:read'],
  FinancialYearClosed: ['financial-years:read'],
  // Its record is the journal it generated.
  ClosingJournalGenerated: ['journals:read'],
  PeriodLocked: ['financial-years:read'],
  PeriodClosed: ['financial-years:read'],
  PeriodReopened: ['financial-years:read'],
  JournalCreated: ['journals:read'],
  JournalUpdated: ['journals:read'],
  JournalPosted: ['journals:read'],
  JournalVoided: ['journals:read'],
  JournalAdjusted: ['journals:read'],
  JournalReversed: ['journals:read'],
  RevaluationPosted: ['journals:read'],
  ReportCreated: ['reports:read'],
  TaxCodeCreated: ['tax-codes:read'],
  TaxCodeChanged: ['tax-codes:read'],
  StandardTaxCodesLoaded: ['tax-codes:read'],
  VatReturnFiled: ['vat-returns:read'],
  CounterpartyCreated: ['counterparties:read'],
  CounterpartyChanged: ['counterparties:read'],
  ApprovalPolicyChanged: ['approval-policies:read'],
  JournalSubmitted: ['journals:read'],
  JournalApproved: ['journals:read'],
  JournalRejected: ['journals:read'],
  WebhookCreated: ['webhooks:manage'],
  WebhookChanged: ['webhooks:manage'],
  WebhookDeleted: ['webhooks:manage'],
  ExchangeRateCreated: ['exchange-rates:read'],
  ExchangeRateChanged: ['exchange-rates:read'],
  ExchangeRateDeleted: ['exchange-rates:read'],
  BudgetCreated: ['budgets:read'],
  BudgetChanged: ['budgets:read'],
  BudgetDeleted: ['budgets:read'],
  // Recurring journals are read as journals are; the occurrence events' record is the schedule, their data the occurrence.
  ScheduleCreated: ['journals:read'],
  ScheduleChanged: ['journals:read'],
  ScheduleOccurrenceBlocked: ['journals:read'],
  ScheduleOccurrenceSkipped: ['journals:read'],
  ImportCreated: ['imports:manage'],
  ImportApproved: ['imports:manage'],
  BankAccountCreated: ['bank:read'],
  BankAccountChanged: ['bank:read'],
  BankStatementImported: ['bank:read'],
  BankMatchCreated: ['bank:read'],
  BankMatchDeleted: ['bank:read'],
  // The answer shows the journal made as well as the match.
  BankLineJournalMade: ['bank:read', 'journals:read'],
  BankAutoMatched: ['bank:read'],
  BankPeriodReconciled: ['bank:read'],
  AttachmentDeclared: ['attachments:read'],
  AttachmentAdded: ['attachments:read'],
  AttachmentRejected: ['attachments:read'],
  AttachmentRemoved: ['attachments:read'],
  AttachmentAttached: ['attachments:read'],
  // A job is its creator's (another caller reads it as 404): the feed shows who asked for which file
  // to the company's administrators only, the others seeing the envelope (type, actor, time).
  ExportCreated: ['exports:read', 'members:manage'],
};

/** The permission that shows the envelopes of a company's events (the feed's, a subscription's). */
export const EVENTS_PERMISSION: Permission = 'events:read';

/** Whether a reader holding `granted` may see the data of an event of this type. */
export function mayReadEventData(type: EventType, granted: readonly string[]): boolean {
  return EVENT_READ_PERMISSIONS[type].every((p) => granted.includes(p));
}
