import * as z from './zod.ts';
import { lazy } from './lazy.ts';
import { described } from './described.ts';
import { ACCOUNT_TYPES, CASH_FLOW_CATEGORIES, CLASSIFICATIONS } from './account-values.ts';
import { COST_CENTER_STATUSES } from './cost-center-values.ts';
import { PERIOD_STATUSES, YEAR_STATUSES } from './financial-year-values.ts';
import { JOURNAL_STATUSES } from './journal-values.ts';
import { ATTACHMENT_CONTENT_TYPES, ATTACHMENT_STATUSES } from './attachment-values.ts';
import { IMPORT_FORMATS, IMPORT_KINDS, IMPORT_MODES, IMPORT_STATUSES } from './import-values.ts';
import { EXPORT_JOB_FORMATS, EXPORT_JOB_STATUSES } from './export-job-values.ts';
import { buildReportResponses } from './report-responses.ts';
import { buildAuditDataResponses } from './audit-data-responses.ts';
import { EMIRATES, TAX_JURISDICTIONS } from './tax-registration-values.ts';
import { TAX_DIRECTIONS, TAX_KINDS } from './tax-code-values.ts';
import { omittedFlag, type OneTimeSecretField } from './one-time-secrets.ts';

/**
 * A secret shown once (schemas/one-time-secrets.ts) and its flag: the secret on the first
 * response; null, flagged true, on a replay of its stored copy.
 */
function shownOnceFields<F extends OneTimeSecretField>(field: F, secret: z.ZodMiniString<string>) {
  return { [field]: z.nullable(secret), [omittedFlag(field)]: z.boolean() } as { [K in F]: z.ZodMiniNullable<z.ZodMiniString<string>> } & { [K in `${F}Omitted`]: z.ZodMiniBoolean<boolean> };
}

/**
 * Response bodies, for the OpenAPI document and the contract test that checks real responses
 * against them, and the response types the use cases return. Objects are strict: a field the
 * service returns must be listed here. Built on first use: handlers never build them.
 */
function buildResponses() {
  const id = z.uuid();
  const instant = z.iso.datetime({ offset: true });
  const date = z.iso.date();
  /** A SHA-256 digest in lowercase hex. */
  const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
  const name = z.strictObject({ arabic: z.string(), english: z.string() }).register(z.globalRegistry, { description: 'The name, in Arabic and English.' } as never);


  const node = { id, code: z.string(), path: z.string(), parentId: z.nullable(id), name, version: z.int(), createdAt: instant, updatedAt: instant };
  /** The fields accounts and cost centers share. */
  const NodeResponse = z.strictObject(node);

  const AccountResponse = z.strictObject({
    ...node,
    type: z.enum(ACCOUNT_TYPES),
    classification: z.enum(CLASSIFICATIONS),
    currency: z.nullable(z.string()),
    cashFlowCategory: z.enum(CASH_FLOW_CATEGORIES),
    standardAccountCode: z.nullable(z.string()),
    groupingCategory: z.nullable(z.string()),
    groupingCode: z.nullable(z.string()),
  });
  const CostCenterResponse = z.strictObject({ ...node, status: z.enum(COST_CENTER_STATUSES) });

  const SettingsResponse = z.strictObject({
    baseCurrency: z.string(),
    decimalPrecision: z.union([z.literal(2), z.literal(3)]),
    retainedEarningsAccountId: z.nullable(id),
    fxRoundingAccountId: z.nullable(id),
    unrealizedFxGainLossAccountId: z.nullable(id),
    taxJurisdiction: z.nullable(z.enum(TAX_JURISDICTIONS)),
    taxRegistrationNumber: z.nullable(z.string()),
    defaultEmirate: z.nullable(z.enum(EMIRATES)),
    documentRetentionYears: z.int(),
    version: z.int(),
    updatedAt: instant,
  });
  const company = { id, name: z.string(), createdAt: instant, version: z.int() };
  const CompanyResponse = z.strictObject(company);
  const CreatedCompanyResponse = z.strictObject({ ...company, settings: SettingsResponse, roleId: id, permissions: z.array(z.string()) });
  const MembershipResponse = z.strictObject({ ...company, roleId: id });

  /** The chain's head when a period or year was closed, or a report stored. */
  const auditHead = z.nullable(z.strictObject({ sequence: z.int(), hash: z.nullable(sha256) }));
  const PeriodResponse = z.strictObject({
    id,
    financialYearId: id,
    number: z.int(),
    name: z.string(),
    startDate: date,
    endDate: date,
    status: z.enum(PERIOD_STATUSES),
    version: z.int(),
    auditHead,
  });
  const YearResponse = z.strictObject({
    id,
    name: z.string(),
    startDate: date,
    endDate: date,
    status: z.enum(YEAR_STATUSES),
    version: z.int(),
    periods: z.array(PeriodResponse),
    closingJournalId: z.optional(id),
    auditHead,
    createdAt: instant,
    updatedAt: instant,
  });

  /** Who acted, or whose reads a subscription delivers: a user or an API key, by id. */
  const actor = () => z.strictObject({ type: z.enum(['user', 'apiKey']).register(z.globalRegistry, { description: 'user (a signed-in user) or apiKey.' } as never), id: z.string() });
  /** Who did what to a journal (null: not done, or done before the service kept it and not filled from its History since: journals/fill-authors.ts). */
  const journalActors = () => {
    const who = (description: string) => z.nullable(actor()).register(z.globalRegistry, { description } as never);
    const when = (description: string) => z.nullable(instant).register(z.globalRegistry, { description } as never);
    return {
      createdBy: who('Who created the journal (for a reversing journal, who reversed its original).'),
      editedBy: who('Who last wrote its date, lines or texts (Create or Update): the approval rules count them as its author.'),
      updatedBy: who('Who made its last change of any kind (with updatedAt).'),
      submittedBy: who('Who asked its approval (Submit); null unless submitted or approved (an edit drops it).'),
      submittedAt: when('When its approval was asked.'),
      approvals: z.array(z.strictObject({ by: actor().register(z.globalRegistry, { description: 'Who approved.' } as never), at: z.iso.datetime({ offset: true }).register(z.globalRegistry, { description: 'When.' } as never) })).register(z.globalRegistry, { description: 'The approvals given since it was submitted, oldest first (an edit or an Adjust drops them).' } as never),
      approvedBy: who('Who gave the approval that completed it (the last of `approvals` once approved).'),
      approvedAt: when('When its approval was completed.'),
      rejection: z.nullable(z.strictObject({ by: actor().register(z.globalRegistry, { description: 'Who refused it.' } as never), at: z.iso.datetime({ offset: true }).register(z.globalRegistry, { description: 'When.' } as never), reason: z.string().register(z.globalRegistry, { description: 'Why, as the approver gave it.' } as never) })).register(z.globalRegistry, { description: 'The last refusal of its approval (Reject), with its reason; kept on the draft it sent back.' } as never),
      postedBy: who('Who posted it (kept through a void or reversal).'),
      postedAt: when('When it was posted.'),
      voidedBy: who('Who voided it.'),
      voidedAt: when('When it was voided.'),
    };
  };
  const JournalResponse = z.strictObject({
    id,
    serialNumber: z.int(),
    entryNumber: z.optional(z.int()).register(z.globalRegistry, {
      description:
        "The journal's place in the company's gapless run of numbers (1, 2, 3...), given in the order its events are numbered (the events feed's sequence) to each journal as it reaches the books: posted, or a reversing or revaluation journal posted, or a journal posted before these numbers were kept once it is voided or adjusted. Kept through a void, an Adjust or a reversal. Read-only, on the journal's reads (GET, the list, its files), never in a write's answer. Absent until the event that gives it has been numbered (usually within moments of the write): a draft never posted has none. serialNumber, drawn at creation, may have gaps; this has none (GET .../Audit/JournalNumbers checks).",
    } as never),
    date: instant,
    description: z.nullable(z.string()),
    reference: z.nullable(z.string()),
    entries: z.array(
      z.strictObject({
        accountId: id,
        costCenterId: z.nullable(id),
        side: z.union([z.literal(1), z.literal(2)]),
        amount: z.number(),
        currency: z.nullable(z.string()),
        exchangeRate: z.string(),
        baseAmount: z.number(),
        fxRounding: z.boolean(),
        tax: z.nullable(
          z.strictObject({
            taxCode: z.string(),
            taxCodeId: id,
            kind: z.enum(TAX_KINDS),
            direction: z.enum(TAX_DIRECTIONS),
            percent: z.string(),
            taxAmount: z.number(),
            taxAmountSent: z.boolean(),
            baseBoxes: z.array(z.string()),
            taxBoxes: z.array(z.string()),
            emirate: z.nullable(z.enum(EMIRATES)),
            taxLines: z.array(z.int()),
          }),
        ),
        taxOf: z.nullable(z.int()),
        counterpartyId: z.nullable(id),
      }),
    ),
    amountsIncludeTax: z.boolean(),
    totals: z.strictObject({ debit: z.number(), credit: z.number() }),
    status: z.enum(JOURNAL_STATUSES),
    postingDate: z.nullable(date),
    financialYearId: z.nullable(id),
    periodId: z.nullable(id),
    reversalOf: z.nullable(id),
    reversedBy: z.nullable(id),
    revaluationDate: z.nullable(date),
    openingOf: z.nullable(id),
    importId: z.nullable(id).register(z.globalRegistry, { description: 'The import that wrote the journal (GET .../Imports/{id}); null for one written otherwise. Its creator is createdBy.' } as never),
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
    ...journalActors(),
  });

  const MemberResponse = z.strictObject({
    userId: id,
    email: z.string(),
    roleId: id,
    role: z.string(),
    permissions: z.array(z.string()),
    joinedAt: instant,
    version: z.int(),
  });
  const RoleResponse = z.strictObject({
    id,
    name: z.string(),
    description: z.string(),
    permissions: z.array(z.string()),
    builtIn: z.boolean(),
    memberCount: z.nullable(z.int()),
    version: z.int(),
    createdAt: z.nullable(instant),
    updatedAt: z.nullable(instant),
  });
  const RolesResponse = z.strictObject({ results: z.array(RoleResponse) });

  const apiKey = {
    id,
    name: z.string(),
    prefix: z.string(),
    permissions: z.array(z.string()),
    roleId: z.nullable(id),
    ipAllowlist: z.array(z.string()),
    expiresAt: z.nullable(instant),
    revokedAt: z.nullable(instant),
    createdBy: id,
    createdAt: instant,
    version: z.int(),
  };
  const ApiKeyResponse = z.strictObject(apiKey);
  const CreatedApiKeyResponse = z.strictObject({ ...apiKey, ...shownOnceFields('key', z.string().check(z.startsWith('sk-svc_'))) });

  const EventResponse = z.strictObject({
    id,
    sequence: z.int(),
    type: z.string(),
    companyId: id,
    recordId: z.string(),
    version: z.int(),
    actor: z.nullable(actor()),
    occurredAt: instant,
    data: z.nullable(z.record(z.string(), z.unknown())),
    dataOmitted: z.boolean(),
    dataOmittedReason: z.nullable(z.enum(['size', 'permission'])),
    requestId: z.nullable(z.string()),
    recordDigest: z.nullable(sha256),
    previousHash: z.nullable(sha256),
    hash: z.nullable(sha256),
  });

  const HistoryResponse = z.strictObject({
    version: z.int(),
    type: z.string(),
    actor: z.nullable(z.strictObject({ ...actor().shape, createdBy: z.nullable(z.string()).register(z.globalRegistry, { description: 'For an API key: the user who created the key; null for a user.' } as never) })),
    requestId: z.nullable(z.string()),
    occurredAt: instant,
    sequence: z.int(),
    hash: z.nullable(sha256),
    state: z.nullable(z.record(z.string(), z.unknown())).register(z.globalRegistry, { description: 'The record as it stood after the change, as its GET showed it then; null after a deletion.' } as never),
  });

  const RestatementResponse = z.strictObject({
    journalId: id,
    serialNumber: z.int(),
    type: z.string().register(z.globalRegistry, { description: 'The event that made the change: JournalPosted, JournalVoided, JournalAdjusted, JournalReversed or RevaluationPosted.' } as never),
    effect: z.enum(['added', 'takenBack']),
    occurredAt: instant,
    sequence: z.int(),
    postingDate: date,
    financialYearId: id,
    periodId: id,
    periodStatus: z.enum(['open', 'locked', 'closed']).register(z.globalRegistry, { description: 'The period’s state at `since`: `open` only when the change is listed for the VAT return filed over its date (`vatReturnId`).' } as never),
    vatReturnId: z.nullable(id).register(z.globalRegistry, { description: 'The VAT return filed by `since` whose range holds the posting date, when the change moved VAT figures (it shows in the next return’s corrections); else null.' } as never),
    debit: z.string().register(z.globalRegistry, { description: 'The total of the journal’s debit lines that moved, in the company currency (exact decimal).' } as never),
    credit: z.string().register(z.globalRegistry, { description: 'The total of the journal’s credit lines that moved, in the company currency (exact decimal).' } as never),
  });

  // (`described` is declared further down, with the schemas most of its uses describe.)
  const about = <T extends z.ZodMiniType>(schema: T, description: string): T => {
    z.globalRegistry.add(schema, { description });
    return schema;
  };
  const AuditVerifyResponse = z.strictObject({
    verified: z.boolean(),
    checked: z.int(),
    fromSequence: z.int(),
    toSequence: z.int(),
    headSequence: z.int(),
    headHash: z.nullable(sha256),
    firstBrokenSequence: z.nullable(z.int()),
    reason: z.nullable(z.string()),
    nextPage: z.nullable(z.string()).register(z.globalRegistry, {
      description: 'When one request did not finish the range: the cursor to send as `page` (with the same fromSequence and toSequence) to verify on from toSequence + 1; the answer so far counts from the run’s first event (checked, fromSequence). null once the range is done or a break is found.',
    } as never),
    attachments: about(
      z.nullable(
        z.strictObject({
          checked: about(z.int(), 'Files of available attachments checked in storage so far in the run.'),
          problemsFound: about(z.int(), 'Files found not as checked so far in the run (verified is false when any is).'),
          problems: about(
            z.array(
              z.strictObject({
                journalId: id,
                attachmentId: id,
                problem: about(z.enum(['missing', 'replaced', 'altered']), 'missing: no file under its key; replaced: another version of the file is current (the reason says whether the version checked is still kept); altered: the file read has other bytes than the ones checked.'),
                reason: z.string(),
              }),
            ),
            'The files this request found not as checked (earlier requests of the run answered theirs).',
          ),
        }),
      ),
      "The files of the company's available source documents, checked against their recorded SHA-256, size and version once the run has checked the balances, when its range reaches the head; null before that, or for a range ending below the head.",
    ),
  });

  const AuditJournalNumbersResponse = z.strictObject({
    count: about(z.int(), 'How many entry numbers the books have given: the run tested is 1 to count (numbers given after the count was read are left to the next test).'),
    first: about(z.nullable(z.int()), 'The run’s first number, 1; null before any journal was numbered.'),
    last: about(z.nullable(z.int()), 'The run’s last number, count; null before any journal was numbered.'),
    found: about(z.int(), 'Journals holding a number of the run (count when complete).'),
    missing: about(z.int(), 'Numbers of the run no journal holds.'),
    gaps: about(z.array(z.strictObject({ from: about(z.int(), 'The stretch’s first missing number.'), to: about(z.int(), 'The stretch’s last missing number.') })), 'The stretches of missing numbers, lowest first, the first 100 (from and to included).'),
    repeated: about(z.array(z.int()), 'Numbers held by more than one journal, lowest first, the first 100.'),
    complete: about(z.boolean(), 'true when every number of the run is held by exactly one journal.'),
  });

  const webhook = {
    id,
    url: z.string(),
    eventTypes: z.array(z.string()),
    description: z.string(),
    active: z.boolean(),
    status: z.enum(['healthy', 'failing']),
    failingSince: z.nullable(instant),
    deliversAs: z.nullable(actor()),
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
  };
  const WebhookResponse = z.strictObject(webhook);
  const CreatedWebhookResponse = z.strictObject({ ...webhook, ...shownOnceFields('secret', z.string().check(z.startsWith('whsec_'))) });
  const DeliveryResponse = z.strictObject({
    eventId: id,
    sequence: z.int(),
    type: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.int(),
    lastStatusCode: z.nullable(z.int()),
    lastError: z.nullable(z.string()),
    lastAttemptAt: z.nullable(instant),
    nextAttemptAt: z.nullable(instant),
    deliveredAt: z.nullable(instant),
    createdAt: instant,
  });

  const ExchangeRateResponse = z.strictObject({
    id,
    currency: z.string(),
    date,
    rate: z.string(),
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
  });

  const TaxCodeResponse = z.strictObject({
    id,
    code: z.string(),
    name: z.strictObject({ arabic: z.string(), english: z.string() }),
    kind: z.enum(TAX_KINDS),
    direction: z.enum(TAX_DIRECTIONS),
    rates: z.array(z.strictObject({ effectiveFrom: date, percent: z.string() })),
    taxAccountId: z.nullable(id),
    reverseChargeAccountId: z.nullable(id),
    baseBoxes: z.array(z.string()),
    taxBoxes: z.array(z.string()),
    active: z.boolean(),
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
  });
  const TaxCodesResponse = z.strictObject({ results: z.array(TaxCodeResponse) });

  const CounterpartyResponse = z.strictObject({
    id,
    name: z.strictObject({ arabic: z.string(), english: z.string() }),
    country: z.string(),
    taxRegistrationNumber: z.nullable(z.string()),
    active: z.boolean(),
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
  });

  const ApprovalPolicyResponse = z.strictObject({
    rules: z.array(
      z.strictObject({
        name: z.string().register(z.globalRegistry, { description: 'What the rule is called: a refused posting names it.' } as never),
        minAmount: z.nullable(z.string()).register(z.globalRegistry, { description: 'Applies to journals whose debit total, in the company currency, is at least this (exact decimal); null: any total.' } as never),
        accountIds: z.nullable(z.array(id)).register(z.globalRegistry, { description: 'Applies to journals with a line on one of these accounts or under it (a category: its subtree); null: any account.' } as never),
        costCenterIds: z.nullable(z.array(id)).register(z.globalRegistry, { description: 'Applies to journals with a line carrying one of these cost centers or one under it; null: any.' } as never),
        sources: z.nullable(z.array(z.enum(['user', 'apiKey', 'import', 'closing']))).register(z.globalRegistry, { description: 'Applies to journals entered through the API by a user (user) or an API key (apiKey), written by an import (import), or generated to close a year (closing); null: any of these. Reversals and revaluations, which the service posts at once, are not held by approval.' } as never),
        currencies: z.nullable(z.array(z.string())).register(z.globalRegistry, { description: 'Applies to journals with a line in one of these currencies (a line in the company currency counts as that); null: any.' } as never),
        approvers: z.union([z.literal(1), z.literal(2)]).register(z.globalRegistry, { description: 'How many people must approve, none of them the journal’s creator or last editor (an API key counts as the user who made it).' } as never),
      }),
    ),
    version: z.int(),
    updatedAt: z.nullable(instant),
    updatedBy: z.nullable(actor()),
  });

  const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
  const RevaluationResponse = z.strictObject({
    date,
    dryRun: z.boolean(),
    journalId: z.nullable(id),
    reversalId: z.nullable(id),
    accounts: z.array(
      z.strictObject({
        accountId: id,
        currency: z.string(),
        foreignBalance: decimal,
        rate: z.string(),
        baseBefore: decimal,
        baseAfter: decimal,
        difference: decimal,
      }),
    ),
  });

  const budget = {
    id,
    name: z.string().register(z.globalRegistry, { description: 'The budget’s name.' } as never),
    financialYearId: id,
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
  };
  const BudgetSummaryResponse = z.strictObject({ ...budget, lineCount: z.int() });
  const BudgetResponse = z.strictObject({ ...budget, lines: z.array(z.strictObject({ accountId: id, costCenterId: z.nullable(id), amounts: z.array(decimal) })) });
  const recurrence = z.union([
    z.strictObject({ frequency: z.enum(['monthly', 'quarterly', 'yearly']), dayOfMonth: z.union([z.int(), z.literal('last')]) }),
    z.strictObject({ frequency: z.literal('everyNDays'), days: z.int() }),
  ]);
  const plannedOccurrence = z.strictObject({
    date,
    period: described(z.int(), 'The month of the allocation, 1 for the start date\'s.'),
    amount: described(decimal, 'The journal\'s amount: the month\'s share (or, reversed, its accrual\'s).'),
    reversal: described(z.boolean(), 'An accrual\'s reversal, on the first day of the next month.'),
    carriesResidue: described(z.boolean(), 'The share holds the rounding residue (the last month\'s, when there is one).'),
  });
  const allocation = z.strictObject({
    kind: described(z.enum(['prepayment', 'deferredRevenue', 'accrual']), 'prepayment: a prepaid asset released to an expense; deferredRevenue: a deferred revenue released to a revenue; accrual: accrued at each month end, reversed on the next month\'s first day.'),
    method: described(z.enum(['straightLine', 'daysInPeriod', 'givenAmounts']), 'straightLine: equal shares; daysInPeriod: by the days each month covers; givenAmounts: as given.'),
    totalAmount: described(decimal, 'The amount spread; the shares sum to it exactly.'),
    periods: described(z.int(), 'Calendar months the total is spread over, from the start date\'s.'),
    amounts: described(z.nullable(z.array(decimal)), 'givenAmounts\' amounts, one a month; null for the other methods.'),
    balanceSheetAccountId: described(id, 'The balance-sheet account the total sits on.'),
    profitAndLossAccountId: described(id, 'The expense or revenue account each share is recognised on.'),
    costCenterId: described(z.nullable(id), 'The cost center of the profit-and-loss line.'),
    residue: described(decimal, 'The rounding residue: the total less the shares rounded down to the precision, added to the last month\'s share (0 when none).'),
    occurrences: described(z.array(plannedOccurrence), 'Every journal of the plan, in date order, with its amount; those generated never change.'),
    respread: described(
      z.nullable(z.strictObject({
        allocated: described(decimal, 'What the occurrences generated already allocated (skipped ones allocate nothing).'),
        remainder: described(decimal, 'The new total less allocated: what the months not yet generated now share.'),
        keptThrough: described(date, 'The last month kept as it was.'),
      })),
      'What the last write re-spread: the amounts were edited after occurrences were generated, so the remainder was spread over the months not yet generated; null when it re-spread nothing.',
    ),
  });
  const ScheduleResponse = z.strictObject({
    id,
    description: z.string(),
    lines: described(z.array(z.strictObject({ accountId: id, costCenterId: z.nullable(id), side: z.union([z.literal(1), z.literal(2)]), amount: decimal, currency: described(z.nullable(z.string()), 'The line\'s currency (ISO 4217); null: the base currency.'), exchangeRate: described(z.nullable(decimal), 'A foreign line\'s fixed rate; null: the company\'s rate in effect on each occurrence\'s date (always null on a base line).') })), 'The journal each occurrence of a recurring template makes: accounts and cost centers by UUID, sides, amounts in each line\'s currency (empty for an allocation schedule).'),
    allocation: described(z.nullable(allocation), 'An allocation schedule\'s terms and plan; null for a recurring template.'),
    recurrence,
    startDate: date,
    endDate: z.nullable(date),
    count: described(z.nullable(z.int()), 'How many occurrences the template makes in all; null: no count.'),
    action: z.enum(['draft', 'post', 'submit']),
    state: described(z.enum(['active', 'paused', 'ended']), 'active: generating as occurrences fall due; paused; ended (final).'),
    lastSettledDate: described(z.nullable(date), 'The last occurrence generated or skipped; every occurrence up to it is settled.'),
    nextOccurrenceDate: described(z.nullable(date), 'The next occurrence to generate (null once the schedule has none left, or has ended).'),
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
  });
  const occurrenceState = z.enum(['generated', 'posting', 'blocked', 'skipped']);
  const ScheduleOccurrenceResponse = z.strictObject({
    scheduleId: id,
    date,
    state: described(occurrenceState, 'generated: its journal made (and posted, or submitted for approval, as the template says); posting: drafted, its posting or submission under way; blocked: refused by the books, see reason; skipped: passed over by request.'),
    journalId: described(z.nullable(id), 'The journal made for the occurrence (its reference names the schedule and the date).'),
    reason: described(z.nullable(z.strictObject({ name: z.string(), reason: z.string(), code: z.string() })), 'Why it is blocked, as the journal use case refused it.'),
    updatedAt: instant,
  });
  const SchedulePreviewResponse = z.strictObject({
    scheduleId: id,
    state: described(z.enum(['active', 'paused', 'ended']), 'The template\'s state.'),
    until: date,
    occurrences: described(
      z.array(z.strictObject({ date, number: described(z.int(), 'The occurrence\'s number, 1 for the first of the schedule.'), reference: z.string(), amount: described(z.nullable(decimal), 'The journal\'s total (its debit lines, in base); null when a debit line is in another currency at the rate in effect on the occurrence\'s date, not known ahead.'), reversal: described(z.boolean(), 'An allocation\'s accrual reversal (false for every other occurrence).'), carriesResidue: described(z.boolean(), 'An allocation\'s share holding the rounding residue (false for every other occurrence).'), state: described(z.enum(['due', 'blocked', 'posting']), 'due: not yet generated; blocked: refused at its last try; posting: drafted, its posting or submission under way.') })),
      'What would be generated, in order, from the next occurrence to settle up to until; skipped ones left out.',
    ),
  });
  const ImportErrorResponse = z.strictObject({
    row: described(z.int(), 'The 1-based data row of the file (the header row not counted; for JSON, the array position + 1); 0: the file as a whole.'),
    field: described(z.string(), 'The column (field) the problem is in.'),
    reason: described(z.string(), 'What is wrong, in words.'),
    code: described(z.string(), 'What is wrong, as a code: Required, ValidationError, DuplicateCode, NotFound, ParentNotCategory, InvalidParent, CategoryAccount, Unbalanced, NoFinancialYear, ... (docs/decisions.md, Imports).'),
  });
  const ImportResponse = z.strictObject({
    id,
    kind: described(z.enum(IMPORT_KINDS), 'What the file holds.'),
    format: described(z.enum(IMPORT_FORMATS), 'csv or json; for bank statements also camt053 (ISO 20022) or mt940 (SWIFT).'),
    mode: described(z.enum(IMPORT_MODES), 'atomic (nothing written unless every row is valid) or perItem (valid rows written, invalid ones reported).'),
    dryRun: described(z.boolean(), 'true: rows checked and reported, nothing written.'),
    post: described(z.boolean(), 'journals: posted on their posting dates (false: drafts).'),
    financialYearId: described(z.nullable(id), 'openingBalances: the year the opening journal opens; budgetLines: the budget\'s year; null otherwise.'),
    budgetName: described(z.nullable(z.string()), 'budgetLines: the name of the budget the file becomes; null otherwise.'),
    bankAccountId: described(z.nullable(id), 'bankStatements: the bank account the statements are of; null otherwise.'),
    status: described(z.enum(IMPORT_STATUSES), 'queued (accepted, not started), running, succeeded, partiallySucceeded (some rows invalid or failed, the others written) or failed (nothing written: an atomic import with an invalid row, or no valid row).'),
    counts: described(
      z.strictObject({
        rows: described(z.int(), 'Data rows of the file.'),
        valid: described(z.int(), 'Rows that passed every check (known once the job has checked them).'),
        invalid: described(z.int(), 'Rows with an error, or in a journal (or under a parent) with one.'),
        written: described(z.int(), 'Rows written by this job so far (a journal counts all its rows).'),
        skippedDuplicates: described(z.int(), 'Valid rows already in the books and left alone: an account or cost center with the same code, parent and names, a journal whose reference the company already has, every line of a budget whose name the year already has.'),
      }),
      'How many rows, and what became of them.',
    ),
    errors: described(z.array(ImportErrorResponse), 'The first 20 errors; GET .../Imports/{id}/Errors pages through all of them.'),
    errorCount: described(z.int(), 'How many errors the job found in all.'),
    payload: described(z.strictObject({ bytes: described(z.int(), 'Size of the file as sent (for JSON, of its array as JSON text).'), storedBytes: described(z.int(), 'Size of the file as stored, compressed.') }), 'The file as received and as kept.'),
    createdBy: described(actor(), 'Who asked for the import: its writes and events are made in their name.'),
    createdAt: instant,
    updatedAt: instant,
    startedAt: described(z.nullable(instant), 'When a worker first took it up; null while queued.'),
    finishedAt: described(z.nullable(instant), 'When it ended; null until then.'),
  });

  const ExportResponse = z.strictObject({
    id,
    route: described(z.string(), 'The exportable route whose file the job writes, by its name in the route table (journals.list, reports.generalLedger, ...).'),
    format: described(z.enum(EXPORT_JOB_FORMATS), 'csv or xlsx.'),
    parameters: described(z.record(z.string(), z.string()), 'The route\'s query parameters the file is written with, as text.'),
    status: described(z.enum(EXPORT_JOB_STATUSES), 'queued (accepted, not started), running (the file being written), available (downloadUrl fetches it) or failed (reason says why).'),
    reason: described(z.nullable(z.string()), 'failed: why, naming the parameter at fault as parameters.<field> where one is (a range too wide, a file past the job\'s limits, the creator\'s access gone); null otherwise.'),
    code: described(z.nullable(z.string()), 'failed: the reason as a code (ExportTooLarge, CreatorAccessRevoked, NotFound, ...); null otherwise.'),
    fileName: described(z.nullable(z.string()), 'available: the file\'s name, as the route names its file (`journals_2026-01-01_2026-12-31_en.csv`); null otherwise.'),
    lines: described(z.nullable(z.int()), 'available: the file\'s rows below its header (a ledger\'s opening and closing rows among them); null otherwise.'),
    bytes: described(z.nullable(z.int()), 'available: the file\'s size in bytes; null otherwise.'),
    downloadUrl: described(z.nullable(z.string()), 'available: a presigned GET of the file, good until downloadUrlExpiresAt (read the job again for a fresh one); null otherwise, and once the file is deleted.'),
    downloadUrlExpiresAt: described(z.nullable(instant), 'When downloadUrl stops working (5 minutes after this answer); null without one.'),
    fileExpiresAt: described(z.nullable(instant), 'available: when the file is deleted (7 days after it was written); null otherwise.'),
    createdBy: described(actor(), 'Who asked for the export: the file shows what their permissions show, and only they read the job.'),
    createdAt: instant,
    startedAt: described(z.nullable(instant), 'When a worker first took it up; null while queued.'),
    completedAt: described(z.nullable(instant), 'When it ended (available or failed); null until then.'),
  });

  const ImportApprovalResponse = z.strictObject({
    importId: described(id, 'The import whose journals were approved.'),
    approvedBy: described(actor(), 'Who approved them: one approval per journal, in their name.'),
    approvedAt: described(instant, 'When the approval began: the time each approval records.'),
    asking: described(z.int(), 'The journals of the import that were asking approval (submitted) when the approval began.'),
    approved: described(z.int(), 'Those given this approval, each with its JournalApproved event.'),
    completed: described(z.int(), 'Of those approved, how many now hold every approval the policy asks (status approved, for Post); the others wait for a second person.'),
    skipped: described(
      z.array(z.strictObject({ journalId: id, serialNumber: z.int(), code: described(z.string(), 'Why: SelfApproval (the approver last edited it), AlreadyApproved, or Conflict (changed by another request meanwhile).'), reason: z.string() })),
      'The journals asking approval that were not given it, each with why (at most 100 listed).',
    ),
    skippedCount: described(z.int(), 'How many were skipped in all.'),
  });

  const BankAccountResponse = z.strictObject({
    id: described(id, "The bank account's id: its account's id."),
    accountId: described(id, 'The leaf account that is the bank account in the books.'),
    iban: described(z.string(), 'The IBAN in electronic form (upper case, no spaces), its check digits verified.'),
    bankName: described(z.string(), 'The name of the bank.'),
    currency: described(z.string(), "The account's currency, or the company's base currency for an account without one: statements of the account are in it."),
    matchingRules: described(
      z.array(z.strictObject({ name: z.string(), matchOn: described(z.enum(['reference', 'amountAndDate', 'text']), 'reference: a journal reference the statement line carries, amounts equal (one to one, one to many, many to one); amountAndDate: the only line of that amount on each side, neither naming a reference the other lacks; text: a line whose texts contain `contains` becomes a journal on accountId.'), dateWindowDays: described(z.optional(z.int()), 'Days a booking date and a posting date may be apart (reference and amountAndDate).'), contains: described(z.optional(z.string()), 'text: what the line\'s description, counterparty or references contain (any case).'), accountId: described(z.optional(id), 'text: the account the journal made from the line puts its other side on.'), post: described(z.optional(z.boolean()), 'text: true posts the journal and matches it; false leaves a draft linked to the line.'), amountTolerance: described(z.optional(z.string()), 'How far apart the two sides may be; the difference is posted to differenceAccountId and matched with them. Absent: amounts equal.'), differenceAccountId: described(z.optional(id), 'The account a difference within the tolerance is posted to.') })),
      'The rules automatic matching tries, in order (the default ones unless the bank account was given its own).',
    ),
    version: z.int(),
    createdAt: instant,
    updatedAt: instant,
  });

  const signed = (description: string) => described(z.string(), `${description} Signed, as an exact decimal string in the bank account's currency: positive is money into the account.`);
  const balance = (description: string) => described(z.strictObject({ amount: signed('The balance.'), date }), description);
  const StatementResponse = z.strictObject({
    id: described(z.string(), 'The statement within the service: its bank account and its place in the chain.'),
    bankAccountId: id,
    sequence: described(z.int(), "The statement's place in the bank account's chain: 1 for the first, each one continuing the previous one's closing balance."),
    statementId: described(z.string(), "The bank's id for the statement."),
    openingBalance: balance('The balance the statement opens at.'),
    closingBalance: balance('The balance the statement closes at: its opening balance plus its lines.'),
    lineCount: described(z.int(), 'Lines the statement holds.'),
    importId: described(id, 'The import that brought it in.'),
    createdAt: instant,
  });
  const StatementLineResponse = z.strictObject({
    bankReference: described(z.string(), "The bank's reference of the line: how a re-run recognises it, and how a match names it."),
    statementId: described(z.string(), "The bank's id for the statement the line came in."),
    bookingDate: date,
    valueDate: date,
    amount: signed('The line.'),
    description: z.string(),
    endToEndId: described(z.nullable(z.string()), "The payer's end-to-end reference, when the bank gives one."),
    structuredReference: described(z.nullable(z.string()), "The creditor's structured reference (an invoice number), when the bank gives one."),
    counterpartyName: described(z.nullable(z.string()), 'Who paid or was paid, when the bank gives it.'),
    reversal: described(z.boolean(), 'The bank reversed an earlier line with this one.'),
    opening: described(z.boolean(), "The first statement's opening balance, kept as a line to match with the books' opening of the account."),
    matchId: described(z.nullable(id), 'The match holding the line; null: unmatched.'),
    journalId: described(z.nullable(id), 'The journal made from the line (POST .../StatementLineJournals); null: none.'),
    importId: id,
  });
  const ledgerRef = { journalId: id, line: described(z.int(), "The line's index in the journal (0 the first).") };
  const MatchResponse = z.strictObject({
    id,
    bankAccountId: id,
    statementLines: described(z.array(z.string()), "The statement lines matched, by the bank's reference."),
    ledgerLines: described(z.array(z.strictObject({ ...ledgerRef, amount: signed('The ledger line as the bank sees it.'), postingDate: date })), 'The ledger lines of the bank account matched.'),
    amount: signed('What both sides add to.'),
    rule: described(z.string(), 'manual, or the name of the rule that found the match.'),
    reason: described(z.string(), 'Why the lines were matched, in words.'),
    difference: described(z.nullable(z.strictObject({ journalId: id, amount: signed('The statement lines less the other ledger lines: the bank line of the journal posted for it.') })), 'The journal posted for the difference of a match within a tolerance (or by hand); null: the sides agreed.'),
    matchedBy: actor(),
    matchedAt: instant,
    version: z.int(),
  });
  const StatementLineJournalResponse = z.strictObject({
    journal: described(JournalResponse, 'The journal made from the statement line: a draft, or posted on its booking date.'),
    match: described(z.nullable(MatchResponse), 'The match of the line with the journal; null: the journal is a draft (post it, then send the request again with post).'),
  });
  const AutoMatchResponse = z.strictObject({
    bankAccountId: id,
    date: described(z.nullable(date), 'The day matched up to; null: every item.'),
    dryRun: described(z.boolean(), 'true: the matches were proposed, none written.'),
    proposed: described(z.int(), 'Matches the rules found.'),
    matched: described(z.int(), 'Of those, matches written.'),
    journalsMade: described(z.int(), 'Journals made from statement lines by text rules: posted and matched (each also a match), or left drafts.'),
    skipped: described(z.int(), 'Of those, matches not written: another match took a line meanwhile.'),
    remaining: described(z.int(), 'Of those, matches left for the next call: one call writes at most 2,000 (call again until it is 0).'),
    matches: described(z.array(z.strictObject({ ...MatchResponse.shape, id: described(z.nullable(id), 'The match written; null in a dry run or when skipped.'), difference: described(z.nullable(z.strictObject({ journalId: described(z.nullable(id), 'The journal posted for it; null in a dry run or when skipped.'), amount: signed('The statement lines less the ledger lines.') })), "A difference within the rule's tolerance, posted to its differenceAccountId; null: the sides agree."), journal: described(z.nullable(z.strictObject({ id: described(z.nullable(id), 'The journal made; null in a dry run or when skipped.'), status: described(z.nullable(z.string()), 'posted (and matched), or draft (the rule leaves drafts); null in a dry run or when skipped.') })), "A text rule's journal made from the statement line; null for the other rules.") })), 'The matches found (the first 1,000), each with its rule and reason.'),
  });
  const ReconciledPeriodResponse = z.strictObject({
    date: described(date, 'The day the bank account was marked reconciled at.'),
    statementBalance: signed('The statement balance then.'),
    ledgerBalance: signed("The books' balance then."),
    unmatchedStatement: described(z.strictObject({ count: z.int(), total: signed('Their sum.') }), 'The statement lines left unmatched then.'),
    unmatchedLedger: described(z.strictObject({ count: z.int(), total: signed('Their sum.') }), 'The ledger lines left unmatched then.'),
    reconciledBy: actor(),
    reconciledAt: instant,
  });
  const ReconciliationResponse = z.strictObject({
    bankAccountId: id,
    date: described(date, 'The day the reconciliation is at: statement lines booked and ledger lines posted on or before it.'),
    knownAt: described(z.nullable(instant), 'The moment the reconciliation was asked as known at (the knownAt parameter), in UTC to the millisecond: the books, the statements and the matches as they stood then. null for now.'),
    currency: described(z.string(), "The bank account's currency: every amount is in it."),
    statementBalance: signed("The bank's balance: every statement line booked by the date, the first statement's opening balance included."),
    ledgerBalance: signed("The books' balance of the account: every line posted by the date."),
    difference: signed('statementBalance - ledgerBalance, always equal to unmatchedStatement.total - unmatchedLedger.total.'),
    unmatchedStatement: described(
      z.strictObject({
        count: z.int(),
        total: signed('Their sum.'),
        lines: z.array(z.strictObject({ bankReference: z.string(), statementId: z.string(), bookingDate: date, valueDate: date, amount: signed('The line.'), description: z.string(), matchId: described(z.nullable(id), 'A match holding the line that does not hold whole at the date (its other side later, or gone); null: none.') })),
      }),
      'Statement lines not reconciled at the date (the first 1,000 listed; count and total cover all).',
    ),
    unmatchedLedger: described(
      z.strictObject({
        count: z.int(),
        total: signed('Their sum.'),
        lines: z.array(z.strictObject({ ...ledgerRef, serialNumber: z.int(), postingDate: date, amount: signed('The line as the bank sees it.'), description: z.nullable(z.string()), reference: z.nullable(z.string()) })),
      }),
      'Ledger lines of the account not reconciled at the date (the first 1,000 listed; count and total cover all).',
    ),
    reconciled: described(z.boolean(), 'No unmatched item on either side.'),
    brokenMatches: described(z.array(z.strictObject({ matchId: id, reason: z.string() })), 'Matches a later change broke (a ledger line they name is gone: its journal voided or adjusted).'),
    reconciledPeriods: described(
      z.array(z.strictObject({ ...ReconciledPeriodResponse.shape, changedSince: described(z.boolean(), 'An item up to that date changed after it was marked (a posting into it, a void, a line imported, a match made or undone): an exception to look at.') })),
      'The periods marked reconciled on or before the date, the latest first (at most 12).',
    ),
  });

  const LoginResponse = z.strictObject({ redirectTo: z.url() });
  const TokenResponse = z.strictObject({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.int(),
    refresh_expires_in: z.int(),
    token_type: z.literal('Bearer'),
    companies: z.array(z.strictObject({ companyId: id, roleId: id, permissions: z.array(z.string()) })),
  });

  const attachment = {
    id,
    journalId: described(z.nullable(id), 'The journal the file belongs to; null for a file uploaded to the company that no journal holds yet (a journals import names it in attachmentIds, and it is then on that journal).'),
    fileName: described(z.string(), "The file's name as declared (shown, never a key)."),
    contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
    size: described(z.int(), 'Bytes, as declared: the upload must be exactly this long.'),
    sha256: described(z.string().check(z.regex(/^[0-9a-f]{64}$/)), "The SHA-256 of the file's bytes, as declared, in lower-case hex: storage refuses an upload of other bytes, and the service checks the file against it."),
    status: described(z.enum(ATTACHMENT_STATUSES), 'pending: declared, its file not in storage (or not checked) yet; available: the file is in storage, as declared; rejected: the file in storage is not the one declared (see rejection); removed: taken off the journal while it was unposted (the record and the stored file are kept).'),
    rejection: described(z.nullable(z.string()), 'Why a rejected attachment was refused; null otherwise.'),
    createdBy: z.nullable(actor()),
    createdAt: instant,
    checkedAt: described(z.nullable(z.iso.datetime({ offset: true })), 'When the service found the file in storage and checked it; null while pending.'),
    retainUntil: described(
      z.nullable(z.iso.datetime({ offset: true })),
      "Until when storage keeps the file locked (Object Lock, COMPLIANCE mode: no one deletes or overwrites it before): the company's documentRetentionYears after the end of the financial year of the journal's date (its posting date once posted, the later of the two), at 00:00 UTC, never before the bucket's default counted from the upload. Set when the file becomes available; null before, and for a rejected file (kept for the bucket's default).",
    ),
    version: z.int(),
  };
  const expiringUrl = (what: string) => ({ url: described(z.string(), what), expiresAt: described(z.iso.datetime({ offset: true }), 'When the URL stops working: ask again (GET the attachment) for a new one.') });
  /** An attachment's record without a URL: in lists and in its events. */
  const AttachmentSummaryResponse = z.strictObject(attachment);
  const AttachmentsResponse = z.strictObject({ results: described(z.array(AttachmentSummaryResponse), "The journal's attachments, oldest first (at most 25).") });
  const AttachmentResponse = z.strictObject({
    ...attachment,
    download: described(z.nullable(z.strictObject(expiringUrl('A presigned GET of the file (the version checked), valid for 5 minutes.'))), 'How to get the file; null unless available.'),
  });
  const CreatedAttachmentResponse = z.strictObject({
    ...attachment,
    upload: described(
      z.strictObject({
        ...expiringUrl('A presigned PUT that takes exactly the declared file, valid for 15 minutes: its Content-Type, Content-Length and x-amz-checksum-sha256 are signed, so storage refuses another type, length or body.'),
        method: z.literal('PUT'),
        headers: described(z.record(z.string(), z.string()), 'Headers to send with the PUT as they are (Content-Type and x-amz-checksum-sha256: the SHA-256 in base64, as S3 takes it); Content-Length is the body\'s, which must be `size` bytes.'),
      }),
      'How to upload the file: straight to storage, never through the API. GET the attachment afterwards: it is then checked and becomes available.',
    ),
  });

  return { NodeResponse, AccountResponse, CostCenterResponse, SettingsResponse, CompanyResponse, CreatedCompanyResponse, MembershipResponse, PeriodResponse, YearResponse, JournalResponse, MemberResponse, RoleResponse, RolesResponse, EventResponse, WebhookResponse, CreatedWebhookResponse, DeliveryResponse, ExchangeRateResponse, RevaluationResponse, BudgetResponse, BudgetSummaryResponse, ScheduleResponse, ScheduleOccurrenceResponse, SchedulePreviewResponse, ApiKeyResponse, CreatedApiKeyResponse, ImportResponse, ImportErrorResponse, ImportApprovalResponse, ExportResponse, BankAccountResponse, StatementResponse, StatementLineResponse, MatchResponse, StatementLineJournalResponse, AutoMatchResponse, ReconciledPeriodResponse, ReconciliationResponse, LoginResponse, TokenResponse, AuditVerifyResponse, AuditJournalNumbersResponse, HistoryResponse, RestatementResponse, TaxCodeResponse, TaxCodesResponse, CounterpartyResponse, ApprovalPolicyResponse, AttachmentSummaryResponse, AttachmentsResponse, AttachmentResponse, CreatedAttachmentResponse, ...buildReportResponses(), ...buildAuditDataResponses() };
}

export const responses = /* @__PURE__ */ lazy(buildResponses);
export type Responses = ReturnType<typeof responses>;
/** The type of a documented response body. */
export type ResponseOf<K extends keyof Responses> = z.output<Responses[K]>;

/** The schema of a route's documented 200 body: a named response, or the paginated envelope around one. */
export function responseSchema(response: keyof Responses | { page: keyof Responses }): z.ZodMiniType {
  if (typeof response === 'string') return responses()[response];
  return z.strictObject({ currentPage: z.nullable(z.string()), results: z.array(responses()[response.page]), nextPage: z.nullable(z.string()) });
}
