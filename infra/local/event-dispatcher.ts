import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { webhookDispatching } from '../../shared/db/stores/webhook-dispatch-ports.ts';
import { dispatchCompany, retryDueDeliveries } from '../../shared/webhooks/dispatcher.ts';

export interface RunningDispatcher {
  close(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const SHARD_CHECK_ROUNDS = 20;

/**
 * The webhook dispatcher of the local stack: reads DynamoDB Local's stream of the main table as
 * Lambda's event source does in AWS, dispatching each company that has new pending events, and
 * sweeps due retries every `sweepMs`. Started by `npm start` (and by the webhook test, on a
 * table of its own).
 */
export async function startEventDispatcher(options: { endpoint: string; tableName: string; pollMs?: number; sweepMs?: number }): Promise<RunningDispatcher> {
  const region = 'local';
  const tables = new DynamoDBClient({ endpoint: options.endpoint, region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region, credentials });
  const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream`);

  let running = true;
  const iterators = new Map<string, string | undefined>();
  const work: Promise<unknown>[] = [];

  /** Open shards not followed yet start at their newest record. */
  const followShards = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId) || shard.SequenceNumberRange?.EndingSequenceNumber) continue;
      const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: 'LATEST' }));
      iterators.set(shard.ShardId, ShardIterator);
    }
  };

  const poll = async () => {
    for (let round = 1; running; round++) {
      // Shards roll over rarely: look for new ones every few seconds, not on every poll.
      if (round % SHARD_CHECK_ROUNDS === 0 || iterators.size === 0) await followShards().catch(() => undefined);
      const companies = new Set<string>();
      for (const [shardId, iterator] of iterators) {
        if (!iterator) continue;
        try {
          const { Records, NextShardIterator } = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
          iterators.set(shardId, NextShardIterator);
          for (const record of Records ?? []) {
            const image = record.dynamodb?.NewImage;
            if (record.eventName === 'INSERT' && image?.entity?.S === 'PendingEvent' && image.companyId?.S) companies.add(image.companyId.S);
          }
        } catch {
          iterators.delete(shardId);
        }
      }
      // While the stack stops, DynamoDB Local may already be gone: that is no failure to report.
      await Promise.all([...companies].map((companyId) => dispatchCompany(webhookDispatching, companyId).catch((error: unknown) => running && console.error('dispatch failed', companyId, error))));
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    }
  };

  // close() ends the sweep's wait, also one begun after it was called (the sweep was mid-run), so stopping never waits out the interval.
  const stopped = new AbortController();
  const sweep = async () => {
    while (running) {
      await retryDueDeliveries(webhookDispatching).catch((error: unknown) => running && console.error('retry sweep failed', error));
      await sleep(options.sweepMs ?? 5000, undefined, { signal: stopped.signal }).catch(() => undefined);
    }
  };

  await followShards();
  work.push(poll(), sweep());
  return {
    close: async () => {
      running = false;
      stopped.abort();
      await Promise.all(work);
      tables.destroy();
      streams.destroy();
    },
  };
}

/** One dispatch of the company as the stream's would run it (numbering its events, then fanning them out and sending them). */
export const dispatchNow = (companyId: string): Promise<void> => dispatchCompany(webhookDispatching, companyId);
