/**
 * The events the service records, one per kind of committed change. A row of the route table
 * names the event its successful write records (`event`), so the list here and the rows cannot
 * drift: the route test checks that every writing row names one.
 */
export const EVENT_TYPES = [
  'CompanyCreated',
  'SettingsChanged',
  'RoleCreated',
  'RoleChanged',
  'RoleDeleted',
  'MemberAdded',
  'MemberChanged',
  'MemberRemoved',
  'ApiKeyCreated',
  'ApiKeyRevoked',
  'AccountCreated',
  'AccountChanged',
  'AccountDeleted',
  'CostCenterCreated',
  'CostCenterChanged',
  'CostCenterActivated',
  'CostCenterDeactivated',
  'CostCenterDeleted',
  'FinancialYearCreated',
  'FinancialYearChanged',
  'FinancialYearDeleted',
  'FinancialYearClosed',
  'ClosingJournalGenerated',
  'PeriodLocked',
  'PeriodClosed',
  'PeriodReopened',
  'JournalCreated',
  'JournalUpdated',
  'JournalPosted',
  'JournalVoided',
  'JournalAdjusted',
  'JournalReversed',
  'RevaluationPosted',
  'ReportCreated',
  'WebhookCreated',
  'WebhookChanged',
  'WebhookDeleted',
  'ExchangeRateCreated',
  'ExchangeRateChanged',
  'ExchangeRateDeleted',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
