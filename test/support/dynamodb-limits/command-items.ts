import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { TableDefinition } from '../../../shared/db/table/tables.ts';
import type { Item } from './item-size.ts';

/**
 * What a DynamoDB command (its low-level input, as the SDK sends it) writes or reads, item by
 * item: the table, the key, and how the item is touched.
 */
export type Access = 'put' | 'update' | 'delete' | 'check';

export interface ItemWrite {
  table: string;
  key: Item;
  access: Access;
  /** The whole new item, for a put. */
  item?: Item;
}

export interface CommandWrites {
  transactional: boolean;
  /** A batch write: DynamoDB throttles its items one by one; here the batch as a whole. */
  batch: boolean;
  writes: ItemWrite[];
}

type Input = Record<string, any>;

const keyOf = (item: Item, table: TableDefinition): Item =>
  Object.fromEntries([table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])].filter((name) => item[name] !== undefined).map((name) => [name, item[name]!]));

/** The writes of a write command; undefined for a command that writes nothing. */
export function writesOf(command: string, input: Input, tables: Record<string, TableDefinition>): CommandWrites | undefined {
  const table = (name: string) => tables[name] ?? { id: name, partitionKey: 'pk', sortKey: 'sk', indexes: [] };
  const put = (p: Input): ItemWrite => ({ table: p.TableName, key: keyOf(p.Item, table(p.TableName)), access: 'put', item: p.Item });
  switch (command) {
    case 'PutItemCommand':
      return { transactional: false, batch: false, writes: [put(input)] };
    case 'UpdateItemCommand':
      return { transactional: false, batch: false, writes: [{ table: input.TableName, key: input.Key, access: 'update' }] };
    case 'DeleteItemCommand':
      return { transactional: false, batch: false, writes: [{ table: input.TableName, key: input.Key, access: 'delete' }] };
    case 'TransactWriteItemsCommand':
      return {
        transactional: true,
        batch: false,
        writes: (input.TransactItems as Input[]).map((t): ItemWrite => {
          if (t.Put) return put(t.Put);
          if (t.Update) return { table: t.Update.TableName, key: t.Update.Key, access: 'update' };
          if (t.Delete) return { table: t.Delete.TableName, key: t.Delete.Key, access: 'delete' };
          return { table: t.ConditionCheck.TableName, key: t.ConditionCheck.Key, access: 'check' };
        }),
      };
    case 'BatchWriteItemCommand':
      return {
        transactional: false,
        batch: true,
        writes: Object.entries(input.RequestItems as Record<string, Input[]>).flatMap(([name, requests]) =>
          requests.map((r): ItemWrite => (r.PutRequest ? put({ TableName: name, Item: r.PutRequest.Item }) : { table: name, key: r.DeleteRequest.Key, access: 'delete' })),
        ),
      };
    default:
      return undefined;
  }
}

export interface ItemsRead {
  table: string;
  /** Set for a query of an index. */
  index?: string;
  /** Reads of an index are always eventually consistent. */
  consistent: boolean;
  /** Items counted together (a query's items are summed before rounding; a get's one by one). */
  summed: boolean;
  transactional: boolean;
  items: Item[];
  /** For a get that found nothing: the key asked for (it still costs a unit). */
  missing: Item[];
}

/** The items a read command's output carries; undefined for a command that is not a read. */
export function readsOf(command: string, input: Input, output: Input): ItemsRead[] | undefined {
  switch (command) {
    case 'GetItemCommand':
      return [{ table: input.TableName, consistent: !!input.ConsistentRead, summed: false, transactional: false, items: output.Item ? [output.Item] : [], missing: output.Item ? [] : [input.Key] }];
    case 'QueryCommand':
      return [{ table: input.TableName, index: input.IndexName, consistent: !input.IndexName && !!input.ConsistentRead, summed: true, transactional: false, items: output.Items ?? [], missing: [] }];
    case 'BatchGetItemCommand':
      return Object.entries((output.Responses ?? {}) as Record<string, Item[]>).map(([name, items]) => ({
        table: name,
        consistent: !!input.RequestItems?.[name]?.ConsistentRead,
        summed: false,
        transactional: false,
        items,
        missing: [],
      }));
    case 'TransactGetItemsCommand':
      return (input.TransactItems as Input[]).map((t, i) => {
        const item = output.Responses?.[i]?.Item as Item | undefined;
        return { table: t.Get.TableName, consistent: true, summed: false, transactional: true, items: item ? [item] : [], missing: item ? [] : [t.Get.Key] };
      });
    default:
      return undefined;
  }
}

/** A key value as text. */
export const keyText = (value: AttributeValue | undefined): string => value?.S ?? value?.N ?? (value?.B ? Buffer.from(value.B).toString('base64') : '');

/**
 * A document client's output as DynamoDB sent it: that client has already turned the items into
 * plain values by the time the simulator sees them, so they are turned back to size them.
 */
export function attributeOutput(command: string, output: Input): Input {
  const item = (plain: Record<string, unknown>) => marshall(plain, { removeUndefinedValues: true, convertClassInstanceToMap: true }) as Item;
  switch (command) {
    case 'GetItemCommand':
      return { ...output, Item: output.Item && item(output.Item) };
    case 'QueryCommand':
      return { ...output, Items: (output.Items ?? []).map(item) };
    case 'BatchGetItemCommand':
      return { ...output, Responses: Object.fromEntries(Object.entries((output.Responses ?? {}) as Record<string, Input[]>).map(([name, items]) => [name, items.map(item)])) };
    case 'TransactGetItemsCommand':
      return { ...output, Responses: (output.Responses ?? []).map((r: Input) => ({ Item: r?.Item && item(r.Item) })) };
    default:
      return output;
  }
}

export interface KeyRead {
  table: string;
  index?: string;
  /** The partition key value read. */
  partitionKey: AttributeValue;
  /** The sort key value, for a read of one item. */
  sortKey?: AttributeValue;
}

/** The keys a read command asks for, known before it is sent (a query's from its key condition). */
export function keysRead(command: string, input: Input, tables: Record<string, TableDefinition>): KeyRead[] {
  const definition = (name: string) => tables[name] ?? { id: name, partitionKey: 'pk', sortKey: 'sk', indexes: [] };
  const ofKey = (table: string, key: Item): KeyRead => ({ table, partitionKey: key[definition(table).partitionKey]!, sortKey: key[definition(table).sortKey ?? ''] });
  switch (command) {
    case 'GetItemCommand':
      return [ofKey(input.TableName, input.Key)];
    case 'BatchGetItemCommand':
      return Object.entries(input.RequestItems as Record<string, { Keys: Item[] }>).flatMap(([name, r]) => r.Keys.map((key) => ofKey(name, key)));
    case 'TransactGetItemsCommand':
      return (input.TransactItems as Input[]).map((t) => ofKey(t.Get.TableName, t.Get.Key));
    case 'QueryCommand': {
      const table = definition(input.TableName);
      const keyName = input.IndexName ? table.indexes.find((i) => i.name === input.IndexName)?.partitionKey : table.partitionKey;
      for (const [, name, value] of String(input.KeyConditionExpression ?? '').matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
        const attribute = name!.startsWith('#') ? input.ExpressionAttributeNames?.[name!] : name;
        if (attribute === keyName && input.ExpressionAttributeValues?.[value!]) return [{ table: input.TableName, index: input.IndexName, partitionKey: input.ExpressionAttributeValues[value!] }];
      }
      return [];
    }
    default:
      return [];
  }
}
