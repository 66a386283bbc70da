/**
 * Every error code the API answers, by status: what it means and an example error item (the
 * reason as the service words it). The OpenAPI document shows, per operation and status, an
 * example body for each code the operation can answer (infra/openapi-errors.ts); docs/errors.md
 * is the table of them all. Route rows name the codes their use case raises beyond those every
 * route of its kind can answer (`errors` in shared/routes/route.ts); a test holds the rows to
 * the use cases' "Errors:" comments.
 */
interface ErrorCodeEntry {
  meaning: string;
  /** An error item as the service answers it: the field path (or generalErrors) and the reason. */
  example: { name: string; reason: string };
}

const entry = (meaning: string, name: string, reason: string): ErrorCodeEntry => ({ meaning, example: { name, reason } });

export const ERROR_CODES = {
  '400 ValidationError': entry('A field is missing, malformed or breaks a rule; `name` is its path.', 'entries[1].amount', 'has more than 2 decimal places, the precision of SAR'),
  '400 InvalidJson': entry('The body is not JSON.', 'body', 'is not valid JSON'),
  '400 InvalidText': entry('A text field (or a field name) of the body or query, or a stored header, holds a lone surrogate, a Unicode noncharacter (U+FFFE, U+FFFF, ...) or a control character other than tab, line feed and carriage return.', 'description', 'must be well-formed Unicode text: it holds a lone surrogate (U+D800)'),
  '400 InvalidEncoding': entry('A path segment or query parameter is not valid percent-encoded UTF-8.', 'accountId', 'is not valid percent-encoded UTF-8'),
  '400 InvalidCursor': entry('`page` is not a cursor this list gave for the same company, endpoint, sort and filters.', 'page', 'is not a valid cursor for this list; start again without it'),
  '400 InvalidState': entry('Sign-in: the `state` is unknown, expired or already used.', 'state', 'is unknown, expired or already used; start the sign-in again'),
  '400 InvalidGrant': entry('Sign-in: the identity provider refused the code exchange.', 'code', 'the sign-in could not be completed: invalid_grant (grant request is invalid)'),
  '400 TooDeep': entry('The move or create would place a record deeper than the hierarchy allows.', 'parentId', 'the hierarchy is at most 32 levels deep'),
  '400 Cycle': entry('The move would place a record under itself or one of its descendants.', 'parentId', 'would place the record under itself or one of its descendants'),
  '400 ParentNotCategory': entry('A parent account must be a category.', 'parentId', 'must be a category account; a leaf account cannot have children'),
  '400 CategoryCurrency': entry('Only leaf accounts have a currency.', 'currency', 'is for leaf accounts only: a category account takes no journal lines'),
  '400 AccountCurrency': entry('The line is not in the currency its account requires.', 'entries[0].currency', 'must be USD, the currency of account 1103'),
  '400 CategoryAccount': entry('Journal lines go to leaf accounts only.', 'entries[0].accountId', 'is a category account; only leaf accounts take entries'),
  '400 InactiveCostCenter': entry('A line names an inactive cost center.', 'entries[0].costCenterId', 'is an inactive cost center'),
  '400 UnsupportedCurrency': entry('The currency has more decimals than amounts can hold.', 'entries[0].currency', 'has 4 decimal places; currencies of at most 3 are supported'),
  '400 NoExchangeRate': entry('A foreign-currency amount needs a rate and the company has none on or before the date.', 'entries[0].exchangeRate', 'is needed: the company has no USD rate on or before 2026-03-05'),
  '400 NoFinancialYear': entry('No financial year of the company contains the date.', 'postingDate', 'no financial year contains 2027-01-05'),
  '400 Overlap': entry('A financial year may not overlap another.', 'startDate', 'overlaps the financial year 2026-01-01 to 2026-12-31'),
  '400 Unbalanced': entry('Debits and credits of the journal differ.', 'entries', 'debits (100.00) and credits (90.00) must be equal to post: they differ by 10.00'),
  '400 TooFewLines': entry('A journal needs two lines to post.', 'entries', 'a journal needs at least two lines to post'),
  '400 OutsideClosingPeriod': entry('A closing journal (or its reversal) posts into its year\'s last period only.', 'postingDate', "a closing journal of FY 2026 (or its reversal) posts into the year's last period, 2026-12-01 to 2026-12-31"),
  '400 InvalidRange': entry('The range ends before it starts.', 'dateTo', 'must not be before dateFrom'),
  '400 RangeTooLong': entry('The report range is longer than a report covers.', 'dateTo', 'a report covers at most 24 months from dateFrom'),
  '400 BaseCurrency': entry('An exchange rate is for a foreign currency, never the base currency.', 'currency', 'must not be the company’s base currency: a rate converts a foreign currency into it'),
  '400 TooManyAccounts': entry('The revaluation needs more lines than one journal holds.', 'date', 'revaluing at 2026-03-31 needs more than 1000 lines'),
  '400 CashFlowCategory': entry('The cash flow category is not one the account\'s classification allows.', 'cashFlowCategory', 'must be operating for a revenue or expense account'),
  '400 PeriodCount': entry('A budget line holds one amount per period of its financial year.', 'lines[0].amounts', 'must hold 12 amounts, one per period of the financial year (it holds 11)'),
  '400 DuplicateLine': entry('A budget names the same account and cost center twice.', 'lines[2]', 'repeats lines[0]: the same account and cost center'),
  '400 MixedCostCenterLines': entry('A budget takes an account either as a whole or by cost center, not both.', 'lines[1].costCenterId', 'lines[0] budgets the same account as a whole: an account is budgeted either as a whole or by cost center'),
  '400 OutsideBudgetYear': entry('Budget vs actual reads a range within the budget\'s financial year.', 'dateTo', 'must fall in the budget’s financial year, 2026-01-01 to 2026-12-31'),
  '400 TooManyChanges': entry('A report as known at a moment takes back at most 50,000 journal lines changed after it.', 'knownAt', 'more than 50000 journal lines were posted, voided or reversed after it, more than a report takes back: give a later moment'),
  '400 BeforeChangeRecord': entry('The moment (`knownAt` of a report, `since` of Restatements) is before the service began keeping this company\'s changes to its books.', 'knownAt', "must be at or after 2026-05-01T09:00:00.000Z, when the record of this company's changes to its books begins"),
  '400 TooManyColumns': entry('A report splits its range into at most 12 columns.', 'columns', 'gives at most 12 columns: the range spans more than 12 months'),
  '400 InvalidCsv': entry('An import\'s CSV file cannot be read (RFC 4180).', 'data', 'is not valid CSV: Invalid Closing Quote: got "x" at line 3 instead of delimiter, record delimiter, trimable character (if activated) or comment'),
  '400 UnknownColumn': entry('An import\'s file has a column its kind does not take.', 'data', 'has unknown column "colour"; accounts take code, parentPath, type, classification, nameArabic, nameEnglish'),
  '400 MissingColumn': entry('An import\'s file lacks a column its kind needs.', 'data', 'lacks the column code (the first row names the columns)'),
  '400 DuplicateColumn': entry('An import\'s file names a column twice.', 'data', 'names the column code twice'),
  '400 TooManyRows': entry('An import takes at most 100,000 data rows.', 'data', 'has 120000 data rows; an import takes at most 100000 (split the file)'),
  '401 Unauthorized': entry('No credentials, or credentials that are not valid (expired, badly signed, revoked).', 'generalErrors', 'A valid access token or API key is required.'),
  '403 Forbidden': entry('The caller lacks the permission the operation needs, or grants permissions it does not hold.', 'generalErrors', 'This operation needs the permission journals:post.'),
  '404 NotFound': entry('The record, or a record a field names, does not exist for this caller.', 'generalErrors', 'The journal was not found.'),
  '404 RouteNotFound': entry('No endpoint has this method and path.', 'generalErrors', 'No endpoint GET /api/v1/Nothing.'),
  '406 NotAcceptable': entry('The Accept header names no format the operation answers (JSON, CSV, XLSX).', 'Accept', 'must accept application/json, text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (or give format=json|csv|xlsx)'),
  '409 Conflict': entry('The version sent is not the record\'s version (read it again), or a request with this Idempotency-Key is still running.', 'version', 'The record has changed since it was read; fetch it again and retry with its new version.'),
  '409 InvalidState': entry('The record\'s state does not allow the operation (posting a posted journal, locking a closed period, ...).', 'generalErrors', 'Post applies to a draft journal; this one is posted.'),
  '409 PeriodNotOpen': entry('The posting date falls in a period (or year) that is locked or closed.', 'postingDate', 'The period of 2026-01-10 is closed.'),
  '409 YearClosed': entry('The journal\'s date falls in a closed financial year.', 'date', 'The financial year of 2025-06-01 is closed; it takes no new journals.'),
  '409 InactiveCostCenter': entry('A line names a cost center deactivated since the draft was written.', 'entries[0].costCenterId', 'is an inactive cost center; activate it or change the line before posting'),
  '409 ReversalIsFinal': entry('A reversing journal cannot be voided, adjusted or reversed.', 'generalErrors', 'Void does not apply to a reversing journal; post a correcting journal instead.'),
  '409 PostingInProgress': entry('A journal too wide for one transaction is being posted, voided or reversed; retry after Retry-After (sending the same Post, Void or Adjust again finishes it).', 'generalErrors', 'A journal too wide for one transaction is being posted, voided or reversed in this company; its figures are not all applied yet. Retry after the pause given in Retry-After.'),
  '409 ClosingJournalReadOnly': entry('A closing journal is generated, not edited.', 'generalErrors', "A closing journal is generated from the year's balances and cannot be edited; void it and generate it again."),
  '409 DuplicateCode': entry('A sibling already has this code, or one that looks like it.', 'code', 'Another account under the same parent already has this code or one that looks like it.'),
  '409 HasChildren': entry('A record with children cannot be deleted.', 'generalErrors', 'The account has children; move or delete them first.'),
  '409 InUse': entry('Journal lines name the record, so it cannot be deleted (or that field changed).', 'generalErrors', 'The account is used by journal lines.'),
  '409 HierarchyTooDeep': entry('A record lies deeper than a path can show (written before the limit).', 'generalErrors', 'The account 1101 lies more than 32 levels deep, deeper than a path can show; move it or one of its ancestors nearer the root.'),
  '409 HierarchyChanged': entry('The hierarchy changed while it was being read; read it again.', 'generalErrors', 'The hierarchy changed while it was being read; read it again.'),
  '409 RetainedEarningsAccount': entry('The settings name this account as retained earnings.', 'generalErrors', 'The company settings name this account as retained earnings; name another account there first.'),
  '409 SettingsAccount': entry('The settings name this account (rounding, unrealized exchange).', 'generalErrors', 'The company settings name this account as fxRoundingAccountId; name another account there first.'),
  '409 PrecisionInUse': entry('The currency precision cannot be lowered once journals exist.', 'decimalPrecision', 'The company has journals; its currency precision can no longer be lowered.'),
  '409 CurrencyInUse': entry('The base currency cannot change once journals exist.', 'baseCurrency', 'The company has journals; its base currency can no longer change.'),
  '409 HasPostings': entry('Journals were posted into the financial year.', 'generalErrors', 'Journals have been posted into this financial year.'),
  '409 PeriodsNotClosed': entry('A year closes once all its periods are closed.', 'generalErrors', '2 period(s) of the year are not closed.'),
  '409 UnpostedJournals': entry('Draft journals are dated inside the year.', 'generalErrors', 'Draft journals are dated inside the year; post or void them first.'),
  '409 RetainedEarningsNotSet': entry('Closing a year needs the retained earnings account in the settings.', 'retainedEarningsAccountId', 'Set retainedEarningsAccountId in the company settings first.'),
  '409 NothingToClose': entry('No revenue or expense account has a balance in the year.', 'generalErrors', 'No revenue or expense account has a balance in this year.'),
  '409 TooManyAccounts': entry('The closing journal needs more lines than one journal holds.', 'generalErrors', 'Closing needs more than 2500 lines (one per revenue or expense account and cost center with a balance).'),
  '409 UnrealizedFxGainLossNotSet': entry('Revaluation needs the unrealized exchange gain/loss account in the settings.', 'unrealizedFxGainLossAccountId', 'Set unrealizedFxGainLossAccountId in the company settings first: revaluation differences are posted to it.'),
  '409 DuplicateName': entry('Another role has this name, or one that looks like it.', 'name', 'Another role of the company has this name or one that looks like it.'),
  '409 TooManyRoles': entry('The company holds as many custom roles as allowed.', 'generalErrors', 'A company has at most 50 custom roles.'),
  '409 BuiltInRole': entry('Built-in roles cannot be changed or deleted.', 'roleId', 'Built-in roles cannot be changed or deleted; create a custom role instead.'),
  '409 RoleInUse': entry('Members hold the role.', 'roleId', 'Members hold this role; give them another role first.'),
  '409 RoleChanged': entry('The role changed while it was being granted; send the request again.', 'roleId', 'The role changed while it was being granted; send the request again.'),
  '409 AlreadyMember': entry('The user is already a member.', 'email', 'This user is already a member of the company.'),
  '409 SelfChange': entry('Nobody changes or removes their own membership.', 'generalErrors', 'You cannot change or remove your own membership.'),
  '409 LastOwner': entry('A company keeps at least one owner.', 'roleId', 'This is the last owner of the company; make another member owner first.'),
  '409 DuplicateRate': entry('The currency already has a rate on that date.', 'date', 'The company already has a rate for this currency on this date; change that rate instead.'),
  '409 TooManyWebhooks': entry('The company holds as many webhook subscriptions as allowed.', 'generalErrors', 'A company has at most 20 webhook subscriptions.'),
  '409 ReportTooLarge': entry('The report is too large to store.', 'generalErrors', 'The report is too large to store; narrow it (a cost center, a shorter range).'),
  '409 TooManyReports': entry('The company holds as many stored reports as allowed.', 'generalErrors', 'A company has at most 1000 stored report snapshots.'),
  '409 BudgetPeriodsChanged': entry('The budget\'s financial year was re-periodised after the budget was written.', 'budgetId', 'The budget holds amounts for other periods than its financial year\'s 4: the year was re-periodised; update the budget.'),
  '409 RevaluationJournal': entry('A revaluation journal and its reversal are generated, not updated, voided or adjusted.', 'generalErrors', 'Void does not apply to a revaluation journal; it is reversed automatically on the next day.'),
  '409 RevaluationInProgress': entry('Another request finished the same revaluation first.', 'generalErrors', 'Another request finished this revaluation first; read its journals.'),
  '413 PayloadTooLarge': entry('The body is larger than the API accepts.', 'body', 'must be at most 1048576 bytes'),
  '413 ExportTooLarge': entry('The file would be larger than an export holds; the reason names a narrower range.', 'dateTo', 'the file holds at most 50000 lines; ask for a narrower range: dateTo 2026-06-30 or earlier'),
  '422 IdempotencyKeyReused': entry('The Idempotency-Key was used for another record with this operation.', 'Idempotency-Key', 'was already used for another record with this operation; use a new key for each operation.'),
  '429 TooManyExports': entry('The company has as many export files under way as it may write at once; retry after Retry-After (the JSON answer is not limited).', 'generalErrors', 'The company has 2 exports under way, as many as it may write at once; retry after the pause given in Retry-After, or ask for the JSON, which is not limited.'),
  '429 TooManyVerifyRuns': entry('The company has as many Verify requests under way as it may run at once; retry after Retry-After.', 'generalErrors', 'The company has 2 Verify requests under way, as many as it may run at once; retry after the pause given in Retry-After.'),
  '500 InternalError': entry('An unexpected failure; quote the request id.', 'generalErrors', 'An unexpected error occurred. Quote the request id when reporting it.'),
  '503 ServiceUnavailable': entry('The database is unavailable or overloaded; retry after Retry-After (with the same Idempotency-Key).', 'generalErrors', 'The service is temporarily unavailable; retry after the pause given in Retry-After, with the same Idempotency-Key where the endpoint takes one.'),
  '503 IdentityProviderUnavailable': entry('Sign-in: the identity provider cannot be reached.', 'generalErrors', 'The identity provider is unavailable; try again later.'),
} as const satisfies Record<string, ErrorCodeEntry>;

/** `<status> <code>`, e.g. `409 PeriodNotOpen`: a code with the status it comes with (a few codes come with two). */
export type ErrorCode = keyof typeof ERROR_CODES;

export const statusOf = (code: ErrorCode): number => Number(code.slice(0, 3));
export const codeOf = (code: ErrorCode): string => code.slice(4);
