import { ProvisionedThroughputExceededException, TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';

/** The errors DynamoDB answers when it refuses a request for capacity or a conflict, shaped as the SDK builds them. */
const metadata = () => ({ httpStatusCode: 400, requestId: 'simulated', attempts: 1, totalRetryDelay: 0 });

export type ThrottleReason = 'TableWriteKeyRangeThroughputExceeded' | 'IndexWriteKeyRangeThroughputExceeded' | 'TableReadKeyRangeThroughputExceeded' | 'IndexReadKeyRangeThroughputExceeded';

/** A single request over a partition's limit (the SDK retries it with its throttling backoff). */
export const throughputExceeded = (reason: ThrottleReason, partition: string) =>
  new ProvisionedThroughputExceededException({
    message: 'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
    $metadata: metadata(),
    ThrottlingReasons: [{ reason, resource: partition }],
  });

/** A single write to an item an ongoing transaction holds. */
export const transactionConflict = () =>
  new TransactionConflictException({ message: 'Transaction is ongoing for the item', $metadata: metadata() });

export type CancellationCode = 'None' | 'ThrottlingError' | 'TransactionConflict';

/** A cancelled transaction, one reason per item in the order sent. */
export function transactionCanceled(codes: CancellationCode[]): TransactionCanceledException {
  const message = `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`;
  return new TransactionCanceledException({
    message,
    Message: message,
    $metadata: metadata(),
    CancellationReasons: codes.map((Code) =>
      Code === 'None' ? { Code } : { Code, Message: Code === 'ThrottlingError' ? 'Throughput exceeds the current capacity for one or more global secondary indexes or the table.' : 'Transaction is ongoing for the item' },
    ),
  });
}
