/**
 * Table definitions shared by the CDK stack (infra/stack.ts) and the local bootstrap
 * (infra/local/create-tables.ts), so the two can never drift.
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
}

export interface TableDefinition {
  /** Logical id in the stack and default physical name locally. */
  id: string;
  partitionKey: string;
  sortKey?: string;
  indexes: IndexDefinition[];
  /** Attribute holding epoch seconds after which DynamoDB may delete the item. */
  ttlAttribute?: string;
  /** A stream of new item images (the webhook dispatcher reads the main table's). */
  stream?: boolean;
}

/** The single business table: every company-scoped item lives under `COMPANY#<id>`. */
export const MAIN_TABLE: TableDefinition = {
  id: 'ledger',
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  // Events and deliveries expire (shared/events/event-record.ts); other items never carry it.
  ttlAttribute: 'purgeAt',
  stream: true,
};

/**
 * The TTL table: idempotency records (`(scope, operation, key)` -> state and stored response,
 * 24 h) and short-lived sign-in records (pending logins, refresh tokens and their families).
 */
export const IDEMPOTENCY_TABLE: TableDefinition = {
  id: 'ledger-idempotency',
  partitionKey: 'pk',
  indexes: [],
  ttlAttribute: 'expiresAt',
};

export const TABLES = [MAIN_TABLE, IDEMPOTENCY_TABLE] as const;
