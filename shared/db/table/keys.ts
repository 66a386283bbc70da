/**
 * Every key of the main table, built from named parts. Nothing else in the code base
 * concatenates `COMPANY#...`. Sort keys of list indexes join their parts with a space,
 * which no code or id contains and which sorts before every printable character.
 */
import { spreadSlot } from '../capacity/key-spread.ts';

export type NodeKind = 'ACCOUNT' | 'COST_CENTER';

/** Balances are kept per period (P) and per posting day (D). */
export type BalanceBucket = { period: string } | { day: string };

export type IdempotencyScope = { userId: string } | { companyId: string };

export type Key = {
  pk: string;
  sk: string;
};

const companyPk = (companyId: string) => `COMPANY#${companyId}`;

/**
 * How many gsi1 key values due webhook deliveries are spread over (about 1,000 write units a
 * second each, three index writes a delivery). It may grow, never shrink: the sweep reads every
 * value below it, so an item under a lower value is still found (and moves at its next attempt).
 */
export const DUE_DELIVERY_KEYS = 16;
const dueDeliveriesKey = (n: number) => `DELIVERIES#DUE#${n}`;
/** How many partition keys a company's pending events are spread over (docs/decisions.md, Capacity). */
export const PENDING_EVENT_SHARDS = 32;
const pendingEventShard = (eventId: string) => spreadSlot(eventId, PENDING_EVENT_SHARDS);
/** How many partition keys a node's usage items and reference guards are spread over (docs/decisions.md, Capacity). */
export const NODE_REFERENCE_SHARDS = 16;
const nodeUsageShard = (journalId: string) => spreadSlot(journalId, NODE_REFERENCE_SHARDS);
const nodeReferencePartition = (kind: NodeKind, companyId: string, nodeId: string, shard: number) => `${companyPk(companyId)}#NODEREF#${kind}#${nodeId}#${shard}`;
/** How many index keys a company's journals are spread over in each journal index (docs/decisions.md, Capacity). */
export const JOURNAL_INDEX_SHARDS = 8;
const journalIndexShard = (journalId: string) => spreadSlot(journalId, JOURNAL_INDEX_SHARDS);
const journalIndexPartition = (companyId: string, shard: number) => `${companyPk(companyId)}#JOURNAL#${shard}`;
const pendingEventPartition = (companyId: string, shard: number) => `${companyPk(companyId)}#EVENTQ#${shard}`;
/**
 * How many partition keys a company's numbered events are spread over, by sequence number, so
 * numbering does not write them all under one key (docs/decisions.md, Capacity). Fixed: a
 * reader finds an event by its number alone.
 */
const EVENT_KEYS = 16;
const eventPartition = (companyId: string, n: number) => `${companyPk(companyId)}#EVENT#${n}`;
const periodBalances = (periodId: string, costCenterId: string | null) => (costCenterId ? `BAL#C#P#${periodId}#${costCenterId}#` : `BAL#T#P#${periodId}#`);

/** How many gsi1 key values the listing of companies is spread over (the event archive reads them all). */
const COMPANY_LISTING_KEYS = 16;
const companyListingKey = (n: number) => `COMPANIES#${n}`;
// The main table's keys, one export each: callers import them as `import * as keys`, so a bundle holds only the builders it calls.
export const company = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'COMPANY' });
/**
 * gsi1 of a company item (every company's since the event archive): the listing of companies the
 * archive job walks (db/stores/company-listing.ts), spread by a hash of the id so no key value
 * takes every creation's index write.
 */
export const companyListing = (companyId: string) => ({ gsi1pk: companyListingKey(spreadSlot(companyId, COMPANY_LISTING_KEYS)), gsi1sk: companyId });
/** Every key value the listing of companies is spread over. */
export const companyListingPartitions = (): string[] => Array.from({ length: COMPANY_LISTING_KEYS }, (_, n) => companyListingKey(n));
/** How far the one scan that lists companies made before the listing has gone (`startKey`), or that it is done (`done`). */
export const companyListingBackfill = (): Key => ({ pk: 'COMPANIES', sk: 'BACKFILL' });
export const settings = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'SETTINGS' });
export const member = (companyId: string, userId: string): Key => ({ pk: companyPk(companyId), sk: `MEMBER#${userId}` });
/** gsi1 of a member item: the user's companies in the order they joined. */
export const memberByUser = (userId: string, joinedAt: string, companyId: string) => ({
  gsi1pk: `USER#${userId}#COMPANIES`,
  gsi1sk: `${joinedAt} ${companyId}`,
});
export const userCompaniesPartition = (userId: string) => `USER#${userId}#COMPANIES`;
/** gsi2 of a member item: the company's members by email. */
export const memberByEmail = (companyId: string, email: string, userId: string) => ({
  gsi2pk: `${companyPk(companyId)}#MEMBER`,
  gsi2sk: `${email} ${userId}`,
});
export const memberListPartition = (companyId: string) => `${companyPk(companyId)}#MEMBER`;
/**
 * An event waiting for its sequence number (outbox), by the instant its transaction was sent
 * (ISO 8601, which sorts as time), so the oldest is numbered first (docs/decisions.md, Events).
 * Under the company's key, or, `spread`, under one of PENDING_EVENT_SHARDS partition keys of
 * its own chosen by the event's id, so a busy company's outbox is not one hot key (only while
 * its readers read them all: events/pending-width.ts). Items keyed `EVENTQ#<record>#<version>#<event>`
 * (written before) are read and deleted by the key they were read with, never rebuilt.
 */
export const pendingEvent = (companyId: string, stampedAt: string, eventId: string, spread: boolean): Key => ({
  pk: spread ? pendingEventPartition(companyId, pendingEventShard(eventId)) : companyPk(companyId),
  sk: `EVENTQ#${stampedAt}#${eventId}`,
});
/** The partition a company's pending events are under unless spread: its own. */
export const pendingEventHome = (companyId: string): string => companyPk(companyId);
/** The partitions a company's spread pending events are under. */
export const pendingEventShards = (companyId: string): string[] => Array.from({ length: PENDING_EVENT_SHARDS }, (_, shard) => pendingEventPartition(companyId, shard));
/** Until when the company's pending events may be spread, so its readers read every shard (events/pending-width.ts). */
export const pendingWidth = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'EVENTQWIDTH' });
export const pendingEventPrefix = 'EVENTQ#';
/** A sequenced event, by its number in the company's feed, under the partition key its number picks. */
export const event = (companyId: string, sequence: number): Key => ({ pk: eventPartition(companyId, sequence % EVENT_KEYS), sk: `EVENT#${String(sequence).padStart(16, '0')}` });
/** Every partition key numbered events are under. */
export const eventPartitions = (companyId: string): string[] => Array.from({ length: EVENT_KEYS }, (_, n) => eventPartition(companyId, n));
export const eventPrefix = 'EVENT#';
/**
 * A segment of the company's numbered events archived in the documents bucket (db/events/archive-index-store.ts),
 * by the number of its last event, under a key of the company's archive, so the segment holding a
 * number is the first from it on.
 */
export const archivedSegment = (companyId: string, last: number): Key => ({ pk: archivePartition(companyId), sk: `${archivedSegmentPrefix}${String(last).padStart(16, '0')}` });
export const archivePartition = (companyId: string) => `${companyPk(companyId)}#ARCHIVE`;
export const archivedSegmentPrefix = 'SEGMENT#';
/** The company's event counter: the next sequence number. */
export const eventSequence = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'EVENTSEQ' });
/**
 * A numbering claim (db/events/sequencer.ts): which pending events take the numbers from `from` on,
 * while they are being written; under one of EVENT_KEYS keys picked by a hash of its first
 * number (claims are of a size, so the number itself would pick the same key each time).
 */
export const numberingClaim = (companyId: string, from: number): Key => ({ pk: `${companyPk(companyId)}#CLAIM#${spreadSlot(String(from), EVENT_KEYS)}`, sk: `CLAIM#${String(from).padStart(16, '0')}` });
/** One of the company's slots for a bulk read under way, by kind (db/stores/run-slot-store.ts): `VERIFYRUN#0`, `EXPORTRUN#1`. */
export const runSlot = (companyId: string, kind: 'verify' | 'export', slot: number): Key => ({ pk: companyPk(companyId), sk: `${kind.toUpperCase()}RUN#${slot}` });
/**
 * An (account, period) pair a paged Verify run's walk posted into (db/stores/verify-pair-store.ts), one
 * item per request that saw it (`from`: that request's first event), under a key of the run's
 * own; by period, then account, so a run's checks read a period's balance items together.
 */
export const verifyPair = (companyId: string, runId: string, periodId: string, accountId: string, from: number): Key => ({
  pk: verifyPairsPartition(companyId, runId),
  sk: `PAIR#${periodId}#${accountId}#${String(from).padStart(16, '0')}`,
});
export const verifyPairsPartition = (companyId: string, runId: string) => `${companyPk(companyId)}#VERIFYPAIRS#${runId}`;
/** Sort-key bounds of a run's pairs after the pair `after` (`<period>#<account>`; null: from the first). */
export const verifyPairsAfter = (after: string | null) => ({ from: after === null ? 'PAIR#' : `PAIR#${after}#~`, to: 'PAIR#~' });
/** A webhook subscription, and its deliveries by event sequence. */
export const webhook = (companyId: string, webhookId: string): Key => ({ pk: companyPk(companyId), sk: `WEBHOOK#${webhookId}` });
export const webhookPrefix = 'WEBHOOK#';
export const delivery = (companyId: string, webhookId: string, sequence: number): Key => ({ pk: companyPk(companyId), sk: `DELIVERY#${webhookId}#${String(sequence).padStart(16, '0')}` });
/**
 * gsi1 of a delivery waiting for an attempt (sparse): every company's, by when they are due,
 * spread over DUE_DELIVERY_KEYS key values by a hash of the delivery, so no one index key value
 * takes every delivery's writes (docs/decisions.md, Capacity).
 */
export const dueDelivery = (nextAttemptAt: string, companyId: string, webhookId: string, sequence: number) => ({
  gsi1pk: dueDeliveriesKey(spreadSlot(`${companyId} ${webhookId} ${sequence}`, DUE_DELIVERY_KEYS)),
  gsi1sk: `${nextAttemptAt} ${companyId} ${webhookId} ${sequence}`,
});
/** Every key value due deliveries are spread over: the retry sweep reads them all. */
export const dueDeliveriesPartitions = (): string[] => Array.from({ length: DUE_DELIVERY_KEYS }, (_, n) => dueDeliveriesKey(n));
/**
 * The one key value every due delivery was written under before the spread. The sweep still
 * reads it; a delivery found there moves to its spread key when its attempt is recorded.
 */
export const dueDeliveriesBeforeSpread = 'DELIVERIES#DUE';
/**
 * A company's custom role, and the item that keeps role names unique: keyed by the name's
 * look-alike form (text/look-alike-form.ts), or, for items written before forms were used,
 * by the name in lower case.
 */
export const role = (companyId: string, roleId: string): Key => ({ pk: companyPk(companyId), sk: `ROLE#${roleId}` });
export const rolePrefix = 'ROLE#';
export const roleName = (companyId: string, nameKey: string): Key => ({ pk: companyPk(companyId), sk: `ROLENAME#${nameKey}` });
/** The company's pointer from an API key id to the key's record (which lives under its hash). */
export const apiKeyById = (companyId: string, keyId: string): Key => ({ pk: companyPk(companyId), sk: `APIKEY#${keyId}` });
export const apiKeyByCreation = (companyId: string, createdAt: string, keyId: string) => ({
  gsi1pk: `${companyPk(companyId)}#APIKEY`,
  gsi1sk: `${createdAt} ${keyId}`,
});
export const apiKeyListPartition = (companyId: string) => `${companyPk(companyId)}#APIKEY`;
export const user = (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'USER' });
export const userEmail = (email: string): Key => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });
export const apiKey = (hash: string): Key => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' });

export const node = (kind: NodeKind, companyId: string, id: string): Key => ({ pk: companyPk(companyId), sk: `${kind}#${id}` });
/** Prefix of every node item of a kind (edge items use `${kind}_EDGE#`, which this prefix does not match). */
export const nodePrefix = (kind: NodeKind) => `${kind}#`;
/**
 * The edge `(parent, code) -> child`: keeps sibling codes unique and resolves a path segment in
 * one read. Keyed by the code's look-alike form (text/look-alike-form.ts), so look-alike sibling
 * codes meet on one key; edges written before forms were used are keyed by the code as typed.
 */
export const nodeEdge = (kind: NodeKind, companyId: string, parentId: string | null, codeKey: string): Key => ({
  pk: companyPk(companyId),
  sk: `${kind}_EDGE#${parentId ?? 'ROOT'}#${codeKey}`,
});
/** gsi1 orders a company's nodes by code, gsi2 by creation time. */
export const nodeByCode = (kind: NodeKind, companyId: string, code: string, id: string) => ({
  gsi1pk: `${companyPk(companyId)}#${kind}`,
  gsi1sk: `${code} ${id}`,
});
export const nodeByCreation = (kind: NodeKind, companyId: string, createdAt: string, id: string) => ({
  gsi2pk: `${companyPk(companyId)}#${kind}`,
  gsi2sk: `${createdAt} ${id}`,
});
export const nodeListPartition = (kind: NodeKind, companyId: string) => `${companyPk(companyId)}#${kind}`;
/**
 * One item per (node, journal) naming it: while any exists the node cannot be deleted. Under
 * one of NODE_REFERENCE_SHARDS partition keys of the node's own, chosen by the journal id, so
 * a busy account's usage items do not all land under one key.
 */
export const nodeUsage = (kind: NodeKind, companyId: string, nodeId: string, journalId: string): Key => ({
  pk: nodeReferencePartition(kind, companyId, nodeId, nodeUsageShard(journalId)),
  sk: `USAGE#${journalId}`,
});
/** Usage items written before they had keys of their own: under the company's key. */
export const legacyNodeUsagePrefix = (kind: NodeKind, nodeId: string) => `USAGE#${kind}#${nodeId}#`;
/** Every partition a node's usage items are under, and the sort-key prefix there: each shard's, then the company's (items written before). */
export const nodeUsagePlaces = (kind: NodeKind, companyId: string, nodeId: string): Array<{ pk: string; prefix: string }> => [
  ...Array.from({ length: NODE_REFERENCE_SHARDS }, (_, shard) => ({ pk: nodeReferencePartition(kind, companyId, nodeId, shard), prefix: 'USAGE#' })),
  { pk: companyPk(companyId), prefix: legacyNodeUsagePrefix(kind, nodeId) },
];
/** One of a node's reference guards (nodes/node-guards.ts), beside its usage items of that shard. */
export const nodeGuard = (kind: NodeKind, companyId: string, nodeId: string, shard: number): Key => ({ pk: nodeReferencePartition(kind, companyId, nodeId, shard), sk: 'GUARD' });

export const yearRegistry = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'YEARS' });
export const year = (companyId: string, yearId: string): Key => ({ pk: companyPk(companyId), sk: `YEAR#${yearId}` });
export const yearByStart = (companyId: string, startDate: string, yearId: string) => ({
  gsi1pk: `${companyPk(companyId)}#YEAR`,
  gsi1sk: `${startDate} ${yearId}`,
});
export const yearListPartition = (companyId: string) => `${companyPk(companyId)}#YEAR`;
/**
 * A journal item: under one of JOURNAL_KEYS partition keys of the company's journals, by a hash
 * of its id, so a busy company's creates and posts do not all write (and read) one key.
 */
export const journal = (companyId: string, journalId: string): Key => ({ pk: journalPk(companyId, spreadSlot(journalId, JOURNAL_KEYS)), sk: `JOURNAL#${journalId}` });
/** Every partition key a company's journal items live under. */
export const journalPartitions = (companyId: string): string[] => Array.from({ length: JOURNAL_KEYS }, (_, n) => journalPk(companyId, n));
/** Every journal item of a company. */
export const journalsPrefix = () => 'JOURNAL#';
/**
 * A journal's entry number (docs/decisions.md, Journals, "Entry numbers"): beside its journal,
 * under the same partition key, so a read by id gets both in one call; never on the journal's
 * item, which its writers replace whole.
 */
export const journalEntryNumber = (companyId: string, journalId: string): Key => ({ pk: journalPk(companyId, spreadSlot(journalId, JOURNAL_KEYS)), sk: `${journalEntryNumberPrefix}${journalId}` });
/** Every entry number of a company, under each of journalPartitions. */
export const journalEntryNumberPrefix = 'ENTRYNUMBER#';
/**
 * gsi1 of a journal: by calendar date, then instant, then id. Under one of JOURNAL_INDEX_SHARDS
 * index keys, by a hash of the journal id, so a busy company's journals do not all write one
 * index key; a list merges the shards (merged-page.ts).
 */
export const journalByDate = (companyId: string, calendarDate: string, instant: string, journalId: string) => ({
  gsi1pk: journalIndexPartition(companyId, journalIndexShard(journalId)),
  gsi1sk: `${calendarDate} ${instant} ${journalId}`,
});
/** gsi2 of a journal: by serial number, zero-padded so it sorts as a number; sharded like gsi1. */
export const journalBySerial = (companyId: string, serialNumber: number, journalId: string) => ({
  gsi2pk: journalIndexPartition(companyId, journalIndexShard(journalId)),
  gsi2sk: `${String(serialNumber).padStart(12, '0')} ${journalId}`,
});
/** Every index key a company's journals are under: each shard's, then the one journals written before are under. */
export const journalListPartitions = (companyId: string): string[] => [
  ...Array.from({ length: JOURNAL_INDEX_SHARDS }, (_, shard) => journalIndexPartition(companyId, shard)),
  `${companyPk(companyId)}#JOURNAL`,
];
export const journalCounter = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'COUNTER#JOURNAL' });
/** How many postings too wide for one transaction are under way into a period. */
export const periodPostings = (companyId: string, periodId: string): Key => ({ pk: companyPk(companyId), sk: `POSTINGS#${periodId}` });
/** The company's wide-posting jobs: how many ever started and how many are under way (reports read it). */
export const companyJobs = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'JOBS' });
/** A wide-posting job under way, in one partition across companies, so recovery finds every unfinished one. */
export const unfinishedJob = (companyId: string, journalId: string): Key => ({ pk: 'JOBS#UNFINISHED', sk: `${companyId} ${journalId}` });
export const unfinishedJobsPartition = 'JOBS#UNFINISHED';
/** A revaluation too wide for one transaction, under way, beside the unfinished jobs (recovery finds it with them). */
export const unfinishedRevaluation = (companyId: string, date: string): Key => ({ pk: 'JOBS#UNFINISHED', sk: `${companyId} REVALUATION#${date}` });
/** The revaluations of one date: how many were made (so two at once cannot both post) and the one under way. */
export const revaluationDay = (companyId: string, date: string): Key => ({ pk: companyPk(companyId), sk: `REVALUATION#${date}` });

/** Which layout the table's balance and ledger items are in (ledger-rebuild.ts). */
export const ledgerLayout = (): Key => ({ pk: 'META', sk: 'LEDGER_LAYOUT' });

/** Sessions table: a pending login by its state, a refresh token by its hash, a token family. */
export const loginState = (state: string) => ({ pk: `LOGIN#${state}` });
export const refreshToken = (hash: string) => ({ pk: `REFRESH#${hash}` });
export const refreshFamily = (familyId: string) => ({ pk: `FAMILY#${familyId}` });

/** An Idempotency-Key in its scope: the company, or for user-scoped operations (POST /Companies) the user. */
export const idempotency = (scope: IdempotencyScope, operation: string, key: string) => ({
  pk: `${'userId' in scope ? `USER#${scope.userId}` : companyPk(scope.companyId)}|${operation}|${key}`,
});

/**
 * How many partition keys a company's balance items are spread over: an item of shard s lives
 * under `COMPANY#<c>#BAL#<s mod BALANCE_KEYS>`, so the posting write path's balance units do not
 * all land on one key (about 1,000 write units a second each). Readers query every one of them.
 * It may grow, never shrink, with a layout upgrade (ledger-rebuild.ts) moving the items.
 */
export const BALANCE_KEYS = 16;
/** How many partition keys a company's ledger entries are spread over, by a hash of the journal. */
export const LEDGER_KEYS = 8;
/** How many partition keys a company's journal items are spread over, by a hash of the journal id. */
export const JOURNAL_KEYS = 16;
const balancePk = (companyId: string, n: number) => `${companyPk(companyId)}#BAL#${n}`;
const ledgerPk = (companyId: string, n: number) => `${companyPk(companyId)}#LEDGER#${n}`;
const taxLedgerPk = (companyId: string, n: number) => `${companyPk(companyId)}#TAXLEDGER#${n}`;
const journalPk = (companyId: string, n: number) => `${companyPk(companyId)}#JOURNALS#${n}`;

/** Keys of the running balances (balance-store.ts, balance-reads.ts); apart from `keys` so only their users bundle them. */
export const balanceKeys = {
  /** Every partition key a company's balance items live under: a reader queries each and adds what it finds. */
  partitions: (companyId: string): string[] => Array.from({ length: BALANCE_KEYS }, (_, n) => balancePk(companyId, n)),
  /** Every balance item of a company, of any layout. */
  everyBalancePrefix: () => 'BAL#',
  /** Prefix of every account-total balance item of a period: any such item means something was posted into it. */
  periodBalancePrefix: (periodId: string) => `BAL#T#P#${periodId}#`,
  /**
   * A balance shard of an account in a bucket (a period or a posting day), in total
   * (costCenterId null) or within one cost center. Totals and cost-center items have their own
   * prefixes, so a report reads only the kind it needs. Period items sort by period, then
   * account, so one query a partition key reads a period; day items sort by date, then account,
   * so one query a partition key reads a run of days of every account. A posting adds to one of
   * the account's shards so a busy account is not one hot item, and the shard picks the
   * partition key, so a busy company is not one hot key.
   */
  balance: (companyId: string, bucket: BalanceBucket, accountId: string, costCenterId: string | null, { shard, lane }: { shard: number; lane: number }): Key => {
    // Lane 0 is the shard's own item (as before lanes); a hot account's other lanes follow it.
    const item = lane === 0 ? `${shard}` : `${shard}.${lane}`;
    return {
      pk: balancePk(companyId, (shard + lane) % BALANCE_KEYS),
      sk:
        'period' in bucket
          ? `${periodBalances(bucket.period, costCenterId)}${accountId}#${item}`
          : `BAL#${costCenterId ? 'C' : 'T'}#D#${bucket.day}#${accountId}#${costCenterId ? `${costCenterId}#` : ''}${item}`,
    };
  },
  /** Every balance item of a period: the account totals, or (with a cost center) the accounts within it. */
  periodBalancesPrefix: (periodId: string, costCenterId: string | null) => periodBalances(periodId, costCenterId),
  /** Every cost-center balance item of a period, whatever the cost center. */
  costCenterPeriodBalancesPrefix: (periodId: string) => `BAL#C#P#${periodId}#`,
  /** Sort-key bounds (inclusive) of the day items from `from` to `to` of every account: their totals, or their amounts per cost center. */
  dayBalanceRange: (from: string, to: string, costCenters: boolean) => {
    const prefix = `BAL#${costCenters ? 'C' : 'T'}#D#`;
    return { from: `${prefix}${from}#`, to: `${prefix}${to}#~` };
  },
  /** Prefix of every period item of every period: the account totals, or the amounts per cost center. */
  everyPeriodBalancePrefix: (costCenters: boolean) => `BAL#${costCenters ? 'C' : 'T'}#P#`,
  /** The posting day of a day balance item (`BAL#<T|C>#D#<day>#<account>#...`), read back from its sort key. */
  dayOfDayBalance: (sk: string) => sk.split('#')[3]!,
  /** The period of a period balance item (`BAL#<T|C|X>#P#<period>#...`), read back from its sort key. */
  periodOfPeriodBalance: (sk: string) => sk.split('#')[3]!,
};

/**
 * The day items of an import's shard packed into one (ledger/packed-balances.ts): the figures of
 * every account (or account and cost center) on that day, split into `part`s when they are many.
 * Its sort key sorts among the day's items (a `+` where an account's id stands: ids are UUIDs),
 * so every read of a run of days finds it; no read asks a day's items by account. Apart from
 * balanceKeys, so only the import's worker bundles it.
 */
export const packedDayBalanceKey = (companyId: string, day: string, costCenters: boolean, shard: number, part: number): Key => ({
  pk: balancePk(companyId, shard % BALANCE_KEYS),
  sk: `BAL#${costCenters ? 'C' : 'T'}#D#${day}#+${shard}#${part}`,
});

/** Keys of the accounts' ledgers (ledger-store.ts). */
export const ledgerKeys = {
  /**
   * A posted journal's lines on one account, for that account's ledger: sorted by posting date,
   * then serial number, so an account statement is one range query a partition key, the
   * partition keys' answers merged by sort key. The journal picks the partition key (a hash of
   * its id), so its entry is found again to delete it, and one company's postings spread.
   */
  ledgerEntry: (companyId: string, accountId: string, postingDate: string, serialNumber: number, journalId: string): Key => ({
    pk: ledgerPk(companyId, spreadSlot(journalId, LEDGER_KEYS)),
    sk: `LEDGER#${accountId}#${postingDate}#${String(serialNumber).padStart(12, '0')}#${journalId}`,
  }),
  /** Every partition key a company's ledger entries live under. */
  partitions: (companyId: string): string[] => Array.from({ length: LEDGER_KEYS }, (_, n) => ledgerPk(companyId, n)),
  /** Every ledger item of a company. */
  everyLedgerPrefix: () => 'LEDGER#',
  ledgerPrefix: (accountId: string) => `LEDGER#${accountId}#`,
  /** Sort-key bounds (inclusive) of an account's ledger entries posted from `from` to `to`. */
  ledgerRange: (accountId: string, from: string, to: string) => ({ from: `LEDGER#${accountId}#${from}#`, to: `LEDGER#${accountId}#${to}#~` }),
  /**
   * A posted journal's taxed lines, for the tax ledger (the VAT return's working paper), sorted by
   * posting date and serial number, under partition keys of their own picked by the journal as its
   * ledger entries' are: on the ledger's keys a taxed posting wrote a fourth item to one key, and
   * at 1,000 postings a second those keys reached their 1,000 write units.
   */
  taxEntry: (companyId: string, postingDate: string, serialNumber: number, journalId: string): Key => ({
    pk: taxLedgerPk(companyId, spreadSlot(journalId, LEDGER_KEYS)),
    sk: `TAXLEDGER#${postingDate}#${String(serialNumber).padStart(12, '0')}#${journalId}`,
  }),
  /** Every partition key a company's tax ledger entries live under. */
  taxPartitions: (companyId: string): string[] => Array.from({ length: LEDGER_KEYS }, (_, n) => taxLedgerPk(companyId, n)),
  taxPrefix: () => 'TAXLEDGER#',
  /** Sort-key bounds (inclusive) of the tax ledger's entries posted from `from` to `to`. */
  taxRange: (from: string, to: string) => ({ from: `TAXLEDGER#${from}#`, to: `TAXLEDGER#${to}#~` }),
};

/** Keys of the posting guards (posting-guards.ts). */
export const guardKeys = {
  /**
   * One of a year's posting guards: a copy of what posting into the year depends on (the year's
   * status, its periods' statuses, a hold), one per posting shard, each under a partition key of
   * its own, so concurrent postings check different items on different partitions.
   */
  postingGuard: (companyId: string, yearId: string, shard: number): Key => ({ pk: `${companyPk(companyId)}#GUARD#${shard}`, sk: `YEAR#${yearId}` }),
};

/** Keys of stored report snapshots (report-store.ts). */
export const reportKeys = {
  /** A stored report snapshot, and its place in the company's list by creation time (gsi1). */
  report: (companyId: string, reportId: string): Key => ({ pk: companyPk(companyId), sk: `REPORT#${reportId}` }),
  reportByCreation: (companyId: string, createdAt: string, reportId: string) => ({
    gsi1pk: `${companyPk(companyId)}#REPORT`,
    gsi1sk: `${createdAt} ${reportId}`,
  }),
  reportListPartition: (companyId: string) => `${companyPk(companyId)}#REPORT`,
};

/** Keys of a company's exchange rates (exchange-rate-store.ts). */
export const exchangeRateKeys = {
  /**
   * The rate of one currency on one day: the key itself makes (currency, date) unique, and one
   * currency's rates sort by date, so "the latest on or before a day" is one descending query.
   */
  rate: (companyId: string, currency: string, date: string): Key => ({ pk: companyPk(companyId), sk: `FXRATE#${currency}#${date}` }),
  /** Sort-key bounds (inclusive) of a currency's rates dated from `from` (`''`: the first) to `to`. */
  rateRange: (currency: string, from: string, to: string) => ({ from: `FXRATE#${currency}#${from}`, to: `FXRATE#${currency}#${to}` }),
  /** gsi1 of a rate: every currency's rates by date, then currency. */
  rateByDate: (companyId: string, date: string, currency: string) => ({
    gsi1pk: `${companyPk(companyId)}#FXRATE`,
    gsi1sk: `${date} ${currency}`,
  }),
  rateListPartition: (companyId: string) => `${companyPk(companyId)}#FXRATE`,
  /** gsi1 sort-key bounds (inclusive) of the rates dated from `from` to `to`. */
  rateByDateRange: (from: string, to: string) => ({ from: `${from} `, to: `${to} ~` }),
  /** The pointer from a rate's id to its (currency, date) key: the id never changes, so it is written once. */
  rateById: (companyId: string, rateId: string): Key => ({ pk: companyPk(companyId), sk: `FXRATEID#${rateId}` }),
};

/** Keys of a company's filed VAT returns (vat-return-store.ts). */
export const vatReturnKeys = {
  /** A filed return, sorted by its range's first day: the company's returns in order are one query. */
  filed: (companyId: string, dateFrom: string, returnId: string): Key => ({ pk: companyPk(companyId), sk: `VATRETURN#${dateFrom}#${returnId}` }),
  filedRange: { from: 'VATRETURN#', to: 'VATRETURN#~' },
  /** The id of a filed return -> its key. */
  filedById: (companyId: string, returnId: string): Key => ({ pk: companyPk(companyId), sk: `VATRETURNID#${returnId}` }),
  /** How many returns the company has filed: every filing checks and advances it, so two at once cannot both pass the overlap check. */
  count: (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'VATRETURNS' }),
};

/** The key of a company's approval policy (approval-policy-store.ts): a partition of its own, as every posting reads it. */
export const approvalPolicyKeys = {
  policy: (companyId: string): Key => ({ pk: `${companyPk(companyId)}#APPROVALPOLICY`, sk: 'APPROVALPOLICY' }),
  /** Each version as it was written, kept for good: what a posting was checked against (the segregation report). */
  version: (companyId: string, version: number): Key => ({ pk: `${companyPk(companyId)}#APPROVALPOLICY`, sk: `APPROVALPOLICY#${String(version).padStart(10, '0')}` }),
  versionsPrefix: 'APPROVALPOLICY#',
};

/** Keys of a company's tax codes (tax-code-store.ts). */
export const taxCodeKeys = {
  /**
   * A code, keyed by its text: the key makes the text unique, and the company's codes sort by it.
   * Under a partition key of their own: every taxed draft reads its codes, and on the company's
   * key those reads took its last read units at 1,000 postings a second.
   */
  code: (companyId: string, code: string): Key => ({ pk: `${companyPk(companyId)}#TAXCODES`, sk: `TAXCODE#${code}` }),
  /** Sort-key bounds (inclusive) of all of a company's codes. */
  codeRange: { from: 'TAXCODE#', to: 'TAXCODE#~' },
  /** The pointer from a code's id to its key: the text never changes, so it is written once. */
  codeById: (companyId: string, taxCodeId: string): Key => ({ pk: companyPk(companyId), sk: `TAXCODEID#${taxCodeId}` }),
  /** Present once the company has a code: its jurisdiction is then fixed (the codes' boxes are its return's). */
  marker: (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'TAXCODES' }),
};

/** Keys of a company's bank accounts (bank-account-store.ts): one per account, keyed by the account's id. */
export const bankAccountKeys = {
  /** A bank account, and its place in the company's list by creation time (gsi1). */
  bankAccount: (companyId: string, accountId: string): Key => ({ pk: companyPk(companyId), sk: `BANKACCOUNT#${accountId}` }),
  bankAccountByCreation: (companyId: string, createdAt: string, accountId: string) => ({
    gsi1pk: `${companyPk(companyId)}#BANKACCOUNT`,
    gsi1sk: `${createdAt} ${accountId}`,
  }),
  bankAccountListPartition: (companyId: string) => `${companyPk(companyId)}#BANKACCOUNT`,
};

/**
 * Keys of a bank account's reconciliation (reconciliation-store.ts), under a partition of its own:
 * its chain of statements, each statement (by its place in the chain, and by the bank's id for
 * it), each statement line (by the bank's reference; by booking date on gsi1), each match, and the
 * claim of each ledger line a match holds.
 */
export const reconciliationKeys = {
  partition: (companyId: string, accountId: string) => `${companyPk(companyId)}#BANK#${accountId}`,
  chain: (companyId: string, accountId: string): Key => ({ pk: reconciliationKeys.partition(companyId, accountId), sk: 'CHAIN' }),
  statement: (companyId: string, accountId: string, sequence: number): Key => ({ pk: reconciliationKeys.partition(companyId, accountId), sk: `STATEMENT#${String(sequence).padStart(8, '0')}` }),
  statementsPrefix: () => 'STATEMENT#',
  statementById: (companyId: string, accountId: string, statementId: string): Key => ({ pk: reconciliationKeys.partition(companyId, accountId), sk: `STATEMENTID#${statementId}` }),
  line: (companyId: string, accountId: string, bankReference: string): Key => ({ pk: reconciliationKeys.partition(companyId, accountId), sk: `LINE#${bankReference}` }),
  lineByDate: (companyId: string, accountId: string, bookingDate: string, bankReference: string) => ({ gsi1pk: `${reconciliationKeys.partition(companyId, accountId)}#LINES`, gsi1sk: `${bookingDate} ${bankReference}` }),
  linesByDatePartition: (companyId: string, accountId: string) => `${reconciliationKeys.partition(companyId, accountId)}#LINES`,
  match: (companyId: string, accountId: string, matchId: string): Key => ({ pk: reconciliationKeys.partition(companyId, accountId), sk: `MATCH#${matchId}` }),
  matchesPrefix: () => 'MATCH#',
  ledgerClaim: (companyId: string, accountId: string, journalId: string, line: number): Key => ({ pk: reconciliationKeys.partition(companyId, accountId), sk: `CLAIM#${journalId}#${line}` }),
  reconciled: (companyId: string, accountId: string, date: string): Key => ({ pk: reconciliationKeys.partition(companyId, accountId), sk: `RECONCILED#${date}` }),
  reconciledPrefix: () => 'RECONCILED#',
  /** A match made or undone, kept for good: by the instant it committed (its event's `occurredAt`), then its event's number. */
  matchChange: (companyId: string, accountId: string, occurredAt: string, sequence: number): Key => ({
    pk: reconciliationKeys.partition(companyId, accountId),
    sk: `MATCHCHANGE#${occurredAt}#${String(sequence).padStart(16, '0')}`,
  }),
  /** Sort-key bounds (inclusive) of the match changes committed after `instant` (one at exactly `instant` is not after it). */
  matchChangesAfter: (instant: string) => ({ from: `MATCHCHANGE#${instant}#~`, to: 'MATCHCHANGE#~' }),
};

/** Every company's pending attachments, in one partition of gsi2 (as unfinished jobs share one): a declaration writes it, its check takes it out. */
const PENDING_ATTACHMENTS = 'ATTACHMENTS#PENDING';
/**
 * Keys of journals' attachments (attachment-store.ts), under their journal's partition key: each
 * attachment's record (its file is an object in the documents bucket), and the count of the
 * journal's attachments that caps them.
 */
export const attachmentKeys = {
  attachment: (companyId: string, journalId: string, attachmentId: string): Key => ({ pk: journal(companyId, journalId).pk, sk: `ATTACHMENT#${journalId}#${attachmentId}` }),
  /** An attachment uploaded to the company without a journal (and, once an import attached it, where it went: `attachedTo`). */
  companyAttachment: (companyId: string, attachmentId: string): Key => ({ pk: companyPk(companyId), sk: `ATTACHMENT#${attachmentId}` }),
  /** Every attachment of one journal. */
  journalAttachmentsPrefix: (journalId: string) => `ATTACHMENT#${journalId}#`,
  counter: (companyId: string, journalId: string): Key => ({ pk: journal(companyId, journalId).pk, sk: `ATTACHMENTS#${journalId}` }),
  /** A pending attachment's place among every company's pending ones, by declaration (gsi2; the sweep of uploads no notification told of). */
  pendingWatch: (companyId: string, journalId: string | null, attachmentId: string, createdAt: string) => ({ gsi2pk: PENDING_ATTACHMENTS, gsi2sk: `${createdAt} ${companyId} ${journalId ?? '-'} ${attachmentId}` }),
  pendingWatchPartition: () => PENDING_ATTACHMENTS,
};

/**
 * An available attachment's place among its company's (gsi1), which Verify reads: its partition
 * and its sort key. Functions of their own, not members of attachmentKeys, so Verify's bundle
 * takes these two only.
 */
export const availableAttachmentsPartition = (companyId: string) => `${companyPk(companyId)}#ATTACHMENT`;
export const availableAttachmentPosition = (journalId: string, attachmentId: string) => `${journalId} ${attachmentId}`;

/** Keys of a company's counterparties (counterparty-store.ts). */
export const counterpartyKeys = {
  /** A counterparty, and its place in the company's list by creation time (gsi1). */
  counterparty: (companyId: string, counterpartyId: string): Key => ({ pk: companyPk(companyId), sk: `COUNTERPARTY#${counterpartyId}` }),
  counterpartyByCreation: (companyId: string, createdAt: string, counterpartyId: string) => ({
    gsi1pk: `${companyPk(companyId)}#COUNTERPARTY`,
    gsi1sk: `${createdAt} ${counterpartyId}`,
  }),
  counterpartyListPartition: (companyId: string) => `${companyPk(companyId)}#COUNTERPARTY`,
};

/** Keys of a company's budgets (budget-store.ts). */
export const budgetKeys = {
  /** A budget without its lines (name, year, line count, version), and its place in the company's list by creation time (gsi1). */
  budget: (companyId: string, budgetId: string): Key => ({ pk: companyPk(companyId), sk: `BUDGET#${budgetId}` }),
  budgetByCreation: (companyId: string, createdAt: string, budgetId: string) => ({
    gsi1pk: `${companyPk(companyId)}#BUDGET`,
    gsi1sk: `${createdAt} ${budgetId}`,
  }),
  budgetListPartition: (companyId: string) => `${companyPk(companyId)}#BUDGET`,
  /** A budget's lines, apart from the budget so a list page never reads them. */
  budgetLines: (companyId: string, budgetId: string): Key => ({ pk: companyPk(companyId), sk: `BUDGETLINES#${budgetId}` }),
};

/** Partitions of the due-schedule index (gsi2), spread by a hash of the company and schedule. */
export const DUE_SCHEDULE_KEYS = 16;

/** A template's item: apart from scheduleKeys so a reader of templates alone (Verify) bundles none of the others. */
export const scheduleKey = (companyId: string, scheduleId: string): Key => ({ pk: companyPk(companyId), sk: `SCHEDULE#${scheduleId}` });

/** Keys of recurring journal templates and their occurrences (schedule-store.ts). */
export const scheduleKeys = {
  /** A template, and its place in the company's list by creation time (gsi1). */
  schedule: scheduleKey,
  scheduleByCreation: (companyId: string, createdAt: string, scheduleId: string) => ({
    gsi1pk: `${companyPk(companyId)}#SCHEDULE`,
    gsi1sk: `${createdAt} ${scheduleId}`,
  }),
  scheduleListPartition: (companyId: string) => `${companyPk(companyId)}#SCHEDULE`,
  /** An active template's place in the due index (gsi2) by its next occurrence: every company's, for the worker. */
  scheduleDue: (companyId: string, scheduleId: string, nextDate: string) => ({
    gsi2pk: `SCHEDULES#DUE#${spreadSlot(`${companyId} ${scheduleId}`, DUE_SCHEDULE_KEYS)}`,
    gsi2sk: `${nextDate} ${companyId} ${scheduleId}`,
  }),
  dueSchedulePartitions: (): string[] => Array.from({ length: DUE_SCHEDULE_KEYS }, (_, n) => `SCHEDULES#DUE#${n}`),
  /** One occurrence of a template (its run history), by date. */
  occurrence: (companyId: string, scheduleId: string, date: string): Key => ({ pk: `${companyPk(companyId)}#SCHEDULE#${scheduleId}`, sk: `OCCURRENCE#${date}` }),
  occurrencePartition: (companyId: string, scheduleId: string) => `${companyPk(companyId)}#SCHEDULE#${scheduleId}`,
};

/** An import job (apart from importKeys, so a Void's check of its journal's import bundles this key alone). */
export const importJobKey = (companyId: string, importId: string): Key => ({ pk: companyPk(companyId), sk: `IMPORT#${importId}` });

/** Keys of bulk imports (import-store.ts). */
export const importKeys = {
  /** An import job, and its place in the company's list by creation time (gsi1). */
  job: importJobKey,
  jobByCreation: (companyId: string, createdAt: string, importId: string) => ({
    gsi1pk: `${companyPk(companyId)}#IMPORT`,
    gsi1sk: `${createdAt} ${importId}`,
  }),
  jobListPartition: (companyId: string) => `${companyPk(companyId)}#IMPORT`,
  /** One piece of a job's compressed payload, in order (an item holds at most 400 KB). */
  payloadChunk: (companyId: string, importId: string, index: number): Key => ({ pk: companyPk(companyId), sk: `IMPORTDATA#${importId}#${String(index).padStart(4, '0')}` }),
  payloadPrefix: (importId: string) => `IMPORTDATA#${importId}#`,
  /** A row error of a job's report, in the order the check found them. */
  error: (companyId: string, importId: string, index: number): Key => ({ pk: companyPk(companyId), sk: `IMPORTERR#${importId}#${String(index).padStart(8, '0')}` }),
  errorPrefix: (importId: string) => `IMPORTERR#${importId}#`,
  /** A job not finished yet, in one partition across companies, oldest first within a company: what the worker runs. */
  unfinished: (companyId: string, createdAt: string, importId: string): Key => ({ pk: 'IMPORTS#UNFINISHED', sk: `${companyId} ${createdAt} ${importId}` }),
  unfinishedPartition: 'IMPORTS#UNFINISHED',
};

/** Keys of export jobs (export-job-store.ts). */
export const exportKeys = {
  /** An export job, and its place in its creator's list by creation time (gsi1): a job is its creator's. */
  job: (companyId: string, exportId: string): Key => ({ pk: companyPk(companyId), sk: `EXPORT#${exportId}` }),
  jobByCreation: (companyId: string, creator: string, createdAt: string, exportId: string) => ({
    gsi1pk: `${companyPk(companyId)}#EXPORT#${creator}`,
    gsi1sk: `${createdAt} ${exportId}`,
  }),
  /** `creator`: `user:<id>` or `apiKey:<id>`. */
  jobListPartition: (companyId: string, creator: string) => `${companyPk(companyId)}#EXPORT#${creator}`,
  /** A job not finished yet, in one partition across companies, oldest first within a company: what the worker runs. */
  unfinished: (companyId: string, createdAt: string, exportId: string): Key => ({ pk: 'EXPORTS#UNFINISHED', sk: `${companyId} ${createdAt} ${exportId}` }),
  unfinishedPartition: 'EXPORTS#UNFINISHED',
};

const historyPk = (companyId: string, kind: string, recordId: string) => `${companyPk(companyId)}#HISTORY#${kind}#${recordId}`;

/**
 * Keys of the records' histories (history-store.ts): one item per version, kept for good, under
 * a partition key per record, so numbering does not write them under the company's own key.
 */
export const historyKeys = {
  /** A version of a journal, account or cost center, by record, then version, then the number of the event that made it. */
  version: (companyId: string, kind: string, recordId: string, version: number, sequence: number): Key => ({
    pk: historyPk(companyId, kind, recordId),
    sk: `HISTORY#${kind}#${recordId}#${String(version).padStart(10, '0')}#${String(sequence).padStart(16, '0')}`,
  }),
  /** The partition key of one record's versions. */
  record: historyPk,
  /** Every version of one record. */
  recordPrefix: (kind: string, recordId: string) => `HISTORY#${kind}#${recordId}#`,
  /** Every version's prefix (under the company's own key before LEDGER_LAYOUT 10, migrations/layout-10-event-partitions.ts). */
  everyVersionPrefix: 'HISTORY#',
};

/** How many partition keys a company's book changes are spread over, by their event's number (docs/decisions.md, Capacity). */
const BOOK_CHANGE_KEYS = 16;
const bookChangePartition = (companyId: string, n: number) => `${companyPk(companyId)}#BOOKCHANGE#${n}`;

/** Keys of what reports "as known at" a moment read (book-change-store.ts): kept for good, written when events are numbered. */
export const knownKeys = {
  /**
   * What a change did to the books, by the instant it committed (its event's `occurredAt`, ISO
   * 8601 in UTC, which sorts as time), then its event's number and its place among the event's
   * changes (a revaluation makes two), so "every change committed after T" is one range query.
   */
  bookChange: (companyId: string, occurredAt: string, sequence: number, index: number): Key => ({
    pk: knownKeys.bookChangePartition(companyId, sequence),
    sk: `BOOKCHANGE#${occurredAt}#${String(sequence).padStart(16, '0')}#${index}`,
  }),
  /** The partition key of the book changes of the event numbered `sequence`. */
  bookChangePartition: (companyId: string, sequence: number) => bookChangePartition(companyId, sequence % BOOK_CHANGE_KEYS),
  /** Every partition key book changes are under (by their event's number, as events are), read side by side and merged by sort key. */
  bookChangePartitions: (companyId: string): string[] => Array.from({ length: BOOK_CHANGE_KEYS }, (_, n) => bookChangePartition(companyId, n)),
  bookChangePrefix: 'BOOKCHANGE#',
  /** Sort-key bounds (inclusive) of the changes committed after `instant` (a change at exactly `instant` is not after it), and up to `upTo` when given. */
  bookChangesAfter: (instant: string, upTo?: string) => ({ from: `BOOKCHANGE#${instant}#~`, to: upTo ? `BOOKCHANGE#${upTo}#~` : 'BOOKCHANGE#~' }),
  /** Sort-key bounds (inclusive) of the changes committed from `from` through `upTo`, both instants included. */
  bookChangesBetween: (from: string, upTo: string) => ({ from: `BOOKCHANGE#${from}#`, to: `BOOKCHANGE#${upTo}#~` }),
  /** Every change's key, for the latest one. */
  bookChanges: () => ({ from: 'BOOKCHANGE#', to: 'BOOKCHANGE#~' }),
  /**
   * A sealed block of book changes (audit/book-summaries.ts), by the number of its last event, so
   * the newest blocks come first in a descending read; the stretch still open sorts after them all.
   */
  bookSummary: (companyId: string, toSequence: number): Key => ({ pk: companyPk(companyId), sk: `BOOKSUM#${String(toSequence).padStart(16, '0')}` }),
  openBookSummary: (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'BOOKSUM#OPEN' }),
  /** Sort-key bounds (inclusive) of the blocks and the open stretch. */
  bookSummaries: () => ({ from: 'BOOKSUM#', to: 'BOOKSUM#~' }),
  /** A period's state from an instant on (locked, closed, or open again), by period, then instant, then the event's number. */
  periodState: (companyId: string, periodId: string, occurredAt: string, sequence: number): Key => ({
    pk: companyPk(companyId),
    sk: `PERIODSTATE#${periodId}#${occurredAt}#${String(sequence).padStart(16, '0')}`,
  }),
  /** Sort-key bounds (inclusive) of a period's states that began at or before `instant`. */
  periodStatesThrough: (periodId: string, instant: string) => ({ from: `PERIODSTATE#${periodId}#`, to: `PERIODSTATE#${periodId}#${instant}#~` }),
};
