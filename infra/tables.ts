import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2, type GlobalSecondaryIndexPropsV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { TABLES } from '../shared/db/table/tables.ts';

/**
 * A table from its definition in shared/db/table/tables.ts: on demand, point-in-time recovery on,
 * deletion protection on, and retained when the stack is deleted (the books outlive the stack).
 */
/** One of the tables shared/db defines (shared/db/table/tables.ts), as the stack deploys it. */
export function table(scope: Construct, definition: (typeof TABLES)[number]): TableV2 {
  const key = (name: string) => ({ name, type: AttributeType.STRING });
  return new TableV2(scope, definition.id, {
    partitionKey: key(definition.partitionKey),
    ...(definition.sortKey ? { sortKey: key(definition.sortKey) } : {}),
    globalSecondaryIndexes: definition.indexes.map<GlobalSecondaryIndexPropsV2>((index) => ({
      indexName: index.name,
      partitionKey: key(index.partitionKey),
      sortKey: key(index.sortKey),
    })),
    ...(definition.ttlAttribute ? { timeToLiveAttribute: definition.ttlAttribute } : {}),
    ...(definition.stream ? { dynamoStream: StreamViewType.NEW_IMAGE } : {}),
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
}
