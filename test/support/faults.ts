import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { db } from '../../shared/db/client.ts';

type Command = new (input: any) => any;
const COMMANDS: Command[] = [GetCommand, PutCommand, DeleteCommand, UpdateCommand, QueryCommand, BatchGetCommand, TransactWriteCommand];

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
