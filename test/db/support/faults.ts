import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { db } from '../../../shared/db/table/client.ts';

type Command = new (input: any) => any;
const COMMANDS: Command[] = [GetCommand, PutCommand, DeleteCommand, UpdateCommand, QueryCommand, BatchGetCommand, BatchWriteCommand, TransactWriteCommand];

/**
 * Mocks the service's document client so that every command reaches DynamoDB Local as usual,
 * except where a test overrides one to inject a fault the emulator cannot produce.
 * Returns the mock (call `restore()` after) and the real `send`.
 */
export function faultInjector() {
  const client = db();
  const realSend = client.send.bind(client) as (command: unknown) => Promise<any>;
  const mock = mockClient(client);
  for (const Command of COMMANDS) mock.on(Command).callsFake((input: unknown) => realSend(new Command(input)));
  return { mock, realSend };
}

/**
 * After the n-th transaction commits, the process "dies": the write stays, the request fails
 * (503). Returns how many transactions were written so far, and `restore` to end the fault.
 */
export function crashAfterWrite(n: number) {
  const faults = faultInjector();
  let writes = 0;
  faults.mock.on(TransactWriteCommand).callsFake(async (input: unknown) => {
    const result = await faults.realSend(new TransactWriteCommand(input as never));
    if (++writes === n) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    return result;
  });
  return { writes: () => writes, restore: () => faults.mock.restore() };
}

/** Sends `request` with the process "dying" after its `n`-th transaction (crashAfterWrite); answers its status, the fault ended whatever happens. */
export async function dyingAfter(n: number, request: () => Promise<{ status: number }>): Promise<number> {
  const crash = crashAfterWrite(n);
  try {
    return (await request()).status;
  } finally {
    crash.restore();
  }
}

/**
 * Holds the first `n` transactions until all `n` were sent (or `timeoutMs` passed), then lets
 * them through together: n concurrent requests that each read before they write are sure to
 * have all read before any writes. Returns `restore` to end the fault.
 */
export function transactionsMeet(n: number, timeoutMs = 3000) {
  const faults = faultInjector();
  let arrived = 0;
  let release!: () => void;
  const met = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(release, timeoutMs);
  faults.mock.on(TransactWriteCommand).callsFake(async (input: unknown) => {
    if (arrived < n && ++arrived === n) release();
    if (arrived <= n) await met;
    return faults.realSend(new TransactWriteCommand(input as never));
  });
  return {
    restore: () => {
      clearTimeout(timer);
      faults.mock.restore();
    },
  };
}

/**
 * The process dies after its n-th write (a transaction or a batch write): that write stays, and
 * from then on every call fails, as nothing more leaves a dead process (a claim it held is not
 * given up). Returns how many writes were made, and `restore` to end the fault.
 */
export function dieAfterWrite(n: number) {
  const faults = faultInjector();
  let writes = 0;
  let dead = false;
  const died = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
  for (const Command of COMMANDS) {
    faults.mock.on(Command).callsFake(async (input: unknown) => {
      if (dead) throw died();
      const result = await faults.realSend(new Command(input as never));
      if ((Command === TransactWriteCommand || Command === BatchWriteCommand) && ++writes === n) {
        dead = true;
        throw died();
      }
      return result;
    });
  }
  return { writes: () => writes, restore: () => faults.mock.restore() };
}

type TransactItems = Array<Record<string, { Key?: Record<string, unknown>; Item?: Record<string, unknown> }>>;
/** The keys a transaction names, as `<pk>|<sk>`. */
export const keysOf = (items: TransactItems) =>
  items.map((item) => {
    const { Key, Item } = Object.values(item)[0]!;
    const key = Key ?? Item!;
    return `${String(key.pk)}|${String(key.sk)}`;
  });

/**
 * Two requests sent at once, each reading before it writes, commit in a chosen order: a write
 * (a transaction, or a single update as one item) `earlier` picks waits until a transaction
 * `later` picks was sent (so both requests have read), and that one waits until the earlier
 * write was answered (each wait ends after `timeoutMs`). Returns `restore` to end the fault.
 */
export function transactionOrder(earlier: (items: TransactItems) => boolean, later: (items: TransactItems) => boolean, timeoutMs = 5000) {
  const faults = faultInjector();
  let release!: () => void;
  let arrive!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const laterSent = new Promise<void>((resolve) => (arrive = resolve));
  const timer = setTimeout(() => (release(), arrive()), timeoutMs);
  const inOrder = async (items: TransactItems, send: () => Promise<unknown>) => {
    if (earlier(items)) await laterSent;
    if (later(items)) {
      arrive();
      await done;
    }
    try {
      return await send();
    } finally {
      if (earlier(items)) release();
    }
  };
  faults.mock.on(TransactWriteCommand).callsFake((input: { TransactItems: TransactItems }) => inOrder(input.TransactItems, () => faults.realSend(new TransactWriteCommand(input as never))));
  faults.mock.on(UpdateCommand).callsFake((input: { Key: Record<string, unknown> }) => inOrder([{ Update: input }], () => faults.realSend(new UpdateCommand(input as never))));
  return {
    restore: () => {
      clearTimeout(timer);
      faults.mock.restore();
    },
  };
}
