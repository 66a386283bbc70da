/** A variable of the environment as it is now (read at each use: tests and the local start set them late). */
export const env = (name: string): string | undefined => process.env[name];

/** Runtime configuration, read once from the environment (the CDK stack and the local start set it). */
export const config = {
  get tableName() {
    return env('TABLE_NAME') ?? 'ledger';
  },
  get idempotencyTableName() {
    return env('IDEMPOTENCY_TABLE_NAME') ?? 'ledger-idempotency';
  },
  /** Seconds a refresh token lives. */
  get refreshTokenSeconds() {
    return Number(env('REFRESH_TOKEN_SECONDS') ?? 30 * 24 * 3600);
  },
  /** The OpenID Connect provider users sign in with (Cognito in AWS, oidc-provider locally). */
  get oidcIssuer() {
    return env('OIDC_ISSUER');
  },
  get oidcClientId() {
    return env('OIDC_CLIENT_ID') ?? 'ledger-local';
  },
  /** The client's registered redirect URI; the provider sends the browser there with `code` and `state`. */
  get oidcRedirectUri() {
    return env('OIDC_REDIRECT_URI');
  },
  /** Set to 1 for a provider on plain http (only the local one). */
  get oidcAllowHttp() {
    return env('OIDC_ALLOW_HTTP') === '1';
  },
  /** Set to 1 locally: webhooks may go to loopback receivers (over http too). */
  get webhooksAllowLoopback() {
    return env('WEBHOOKS_ALLOW_LOOPBACK') === '1';
  },
  /** First retry delay of a failed webhook delivery; each next one doubles, up to an hour. */
  get webhookRetryBaseMs() {
    return Number(env('WEBHOOK_RETRY_BASE_MS') ?? 30_000);
  },
  /** How long a failing delivery is retried before it fails and its subscription is marked failing. */
  get webhookRetryWindowMs() {
    return Number(env('WEBHOOK_RETRY_WINDOW_MS') ?? 24 * 3600 * 1000);
  },
  /** Journals one filtered list request examines at most before answering a short page that resumes (db/ledger/journal-queries.ts). */
  get journalListExamineLimit() {
    return positiveInteger(env('JOURNAL_LIST_EXAMINE_LIMIT')) ?? 1000;
  },
  /** Report snapshots a company may store (they are immutable and never deleted). */
  get reportSnapshotLimit() {
    return nonNegativeInteger(env('REPORT_SNAPSHOT_LIMIT')) ?? 1000;
  },
  /**
   * Whether numbering events also chains them (docs/decisions.md, Audit). On unless
   * AUDIT_CHAIN=off, which only the benchmark sets, to measure what the chain costs: events
   * numbered while it is off carry no hash, and Verify reports them.
   */
  get auditChain() {
    return env('AUDIT_CHAIN') !== 'off';
  },
  /**
   * Journal lines a block of book-change summaries gathers before it is sealed
   * (audit/book-summaries.ts): larger blocks, fewer for a report as known at a far moment to read;
   * smaller, less to read one by one near the moment. The test suite sets it small, so its
   * companies seal blocks all the time.
   */
  get bookSummaryLines() {
    // At most 2,000: a block holds up to that less one, and an event's changes (a 2,500-line closing journal), within an item's 400 KB.
    const lines = positiveInteger(env('BOOK_SUMMARY_LINES')) ?? 1000;
    return lines <= 2000 ? lines : 1000;
  },
  /** Set locally to DynamoDB Local's URL; unset in AWS. */
  get dynamoEndpoint() {
    return env('DYNAMODB_ENDPOINT');
  },
  get region() {
    return env('AWS_REGION') ?? 'us-east-1';
  },
  /** The bucket journals' source documents are kept in (the stack names it; locally the local object storage's). */
  get documentsBucket() {
    return env('DOCUMENTS_BUCKET') ?? 'ledger-documents';
  },
  /** Set locally to the local object storage's URL (s3rver); unset in AWS. */
  get s3Endpoint() {
    return env('S3_ENDPOINT');
  },
  // The lock of attachments' files is configured in db/documents/lock-settings.ts (DOCUMENTS_RETENTION_YEARS, OBJECT_STORAGE_WITHOUT_LOCK).
  /** Set to 1 where buckets are addressed by path (the local object storage), not by host name. */
  get s3ForcePathStyle() {
    return env('S3_FORCE_PATH_STYLE') === '1';
  },
  /** Issuer and audience of the service's own access tokens. */
  get tokenIssuer() {
    return env('TOKEN_ISSUER') ?? 'ledger-service';
  },
  get tokenAudience() {
    return env('TOKEN_AUDIENCE') ?? 'ledger-api';
  },
  /** Seconds an access token lives. */
  get accessTokenSeconds() {
    return Number(env('ACCESS_TOKEN_SECONDS') ?? 900);
  },
  /**
   * How long a warm function keeps a member's permissions and an API key's record
   * (auth/access-cache.ts): a revoked member or key elsewhere still works this long.
   */
  get accessCacheMs() {
    return nonNegativeInteger(env('ACCESS_CACHE_MS')) ?? 5_000;
  },
  /** How long a warm function keeps a company's settings for new drafts (db/capacity/settled-settings.ts); the draft's transaction re-checks them. */
  get settingsCacheMs() {
    return nonNegativeInteger(env('SETTINGS_CACHE_MS')) ?? 60_000;
  },
  /** How long a warm function keeps a company's year ranges as a hint of which year holds a date (db/capacity/year-hint.ts). */
  get yearRangesCacheMs() {
    return nonNegativeInteger(env('YEAR_RANGES_CACHE_MS')) ?? 60_000;
  },
  /**
   * How long a numbering claim is left to the sequencer that made it (db/events/claim-fill.ts):
   * another that finds it open waits this long for it, then finishes it itself (the first
   * crashed or timed out). Writing a claim twice is harmless; waiting holds the reader.
   */
  get numberingClaimLeaseMs() {
    return nonNegativeInteger(env('NUMBERING_CLAIM_LEASE_MS')) ?? 5_000;
  },
  /**
   * Whether a batch too large for one transaction is numbered in a claim (db/events/claim-fill.ts),
   * or in smaller batches. NUMBERING_CLAIMS=off is for upgrading a deployment from a version
   * before claims: its readers take a claim's counter (no `next`) for an empty feed, so claims
   * are made only once no function of that version runs (docs/decisions.md, Events).
   */
  get numberingClaims() {
    return env('NUMBERING_CLAIMS') !== 'off';
  },
  /**
   * Whether events' data and stored responses are written deflated (db/table/deflated-text.ts).
   * DEFLATED_TEXT=off writes them as text, for upgrading a deployment from a version before it:
   * its sequencers would number a deflated pending event with no data, for good, so items are
   * deflated only once no function of that version runs (docs/decisions.md, Events). Read either way.
   */
  get deflatedText() {
    return env('DEFLATED_TEXT') !== 'off';
  },
  /**
   * What one Verify request checks at most (audit/verify.ts): events, and milliseconds of walking
   * (counted from the request's start), whichever comes first; a longer range answers a `nextPage`
   * to resume from. Well within a request's 29 s, so a busy table still answers a page.
   */
  get verifyPageEvents() {
    return positiveInteger(env('VERIFY_PAGE_EVENTS')) ?? 5_000;
  },
  get verifyPageMs() {
    return positiveInteger(env('VERIFY_PAGE_MS')) ?? 4_000;
  },
  /**
   * Accounts-in-periods whose balances one Verify request checks at most, once its run has walked
   * the range (audit/verify.ts); it also stops at `verifyPageMs` after a first group of them.
   */
  get verifyPagePairs() {
    return positiveInteger(env('VERIFY_PAGE_PAIRS')) ?? 200;
  },
  /**
   * Items a second that one bulk request (an export file, a Verify page) may read from the table
   * (db/table/run-slots.ts, read-pace.ts); 0 does not hold them. With the company's slots, what
   * its bulk readers take from the table, leaving its neighbours their pace. 4,000 reads an
   * export file at the line cap (50,000) in about 13 s, well within a request's 29.
   */
  get bulkReadItemsPerSecond() {
    return nonNegativeInteger(env('BULK_READ_ITEMS_PER_SECOND')) ?? 4_000;
  },
  /**
   * Items a second one Verify request may read from the table (db/table/run-slots.ts); 0 does not
   * hold them. Verify walks in pages (VERIFY_PAGE_MS each), so a lower budget makes more pages,
   * never a request past its deadline. 2,000 with one run a company kept another company's p99
   * within 2x of idle beside 4 Verify and 4 export clients (bench/heavy-readers.ts; docs/decisions.md,
   * Audit, "Verify in pages").
   */
  get verifyReadItemsPerSecond() {
    return nonNegativeInteger(env('VERIFY_READ_ITEMS_PER_SECOND')) ?? 2_000;
  },
  /** Verify requests a company may have under way at once (audit/verify-runs.ts); one more is 429. */
  get verifyRunsPerCompany() {
    return positiveInteger(env('VERIFY_RUNS_PER_COMPANY')) ?? 1;
  },
};

export function positiveInteger(text: string | undefined): number | undefined {
  return nonNegativeInteger(text) || undefined;
}

export function nonNegativeInteger(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
