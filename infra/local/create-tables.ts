import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { TABLES } from '../../shared/db/table/tables.ts';

/** CreateTable input for a shared table definition (on-demand, string keys), as the CDK stack builds it. */
export function createTableInput(definition: (typeof TABLES)[number], tableName: string, streams = true): CreateTableCommandInput {
  const attributes = new Set([definition.partitionKey, definition.sortKey, ...definition.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].filter((a): a is string => !!a).map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    ...(definition.stream && streams ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' as const } } : {}),
    KeySchema: [
      { AttributeName: definition.partitionKey, KeyType: 'HASH' },
      ...(definition.sortKey ? [{ AttributeName: definition.sortKey, KeyType: 'RANGE' as const }] : []),
    ],
    ...(definition.indexes.length > 0
      ? {
          GlobalSecondaryIndexes: definition.indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
              { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
            ],
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
}

/**
 * Creates every table that does not exist yet; safe to run on every start. `streams: false`
 * leaves the stream off, for a table no dispatcher reads: on a DynamoDB Local that already holds
 * a long stream, every write to a new stream-enabled table is many times slower.
 */
export async function createTables(endpoint: string, names: Record<string, string>, options: { streams?: boolean } = {}): Promise<void> {
  const streams = options.streams ?? true;
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  // The tables are independent: made side by side.
  await Promise.all(TABLES.map((definition) => ensureTable(client, definition, names[definition.id] ?? definition.id, streams))).finally(() => client.destroy());
}

async function ensureTable(client: DynamoDBClient, definition: (typeof TABLES)[number], tableName: string, streams: boolean): Promise<void> {
  try {
    await client.send(new CreateTableCommand(createTableInput(definition, tableName, streams)));
    if (definition.ttlAttribute) {
      await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: definition.ttlAttribute, Enabled: true } }));
    }
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  // Tables made before the stream existed get it now.
  if (definition.stream && streams && !Table?.StreamSpecification?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } }));
  }
}
