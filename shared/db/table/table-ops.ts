import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from './client.ts';
import type { Key } from './keys.ts';
import type { WriteOp } from './transact.ts';

/**
 * Builders of the transaction items every store writes, so no store spells out table names
 * or merges expression attributes by hand. Each op carries the error its failed condition
 * means (`onConditionFailed`), given the item as it was when `returnOld` asks for it.
 */
export type Item = Record<string, unknown>;
type TableKey = Key | { pk: string };

/** An expression with the attribute names and values it uses. */
export interface Expr {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

export interface OpOptions {
  condition?: Expr | undefined;
  /** Hand the item as it was to onConditionFailed (telling 404 from 409 without a read). */
  returnOld?: boolean;
  onConditionFailed?: WriteOp['onConditionFailed'];
}

/** Conditions most writes use. */
export const conditions = {
  /** The item does not exist yet. */
  absent: { expression: 'attribute_not_exists(pk)' } satisfies Expr,
  /** The item exists. */
  present: { expression: 'attribute_exists(pk)' } satisfies Expr,
  /** The item is still at the version the write was based on. */
  atVersion: (version: number): Expr => ({ expression: 'version = :version', values: { ':version': version } }),
  /** Every given condition holds. */
  all: (...parts: Array<Expr | undefined>): Expr | undefined => {
    const present = parts.filter((p): p is Expr => p !== undefined);
    if (present.length === 0) return undefined;
    return {
      expression: present.map((p) => (present.length > 1 ? `(${p.expression})` : p.expression)).join(' AND '),
      names: Object.assign({}, ...present.map((p) => p.names)),
      values: Object.assign({}, ...present.map((p) => p.values)),
    };
  },
};

function attributes(...expressions: Array<Expr | undefined>) {
  const names = Object.assign({}, ...expressions.map((e) => e?.names)) as Record<string, string>;
  const values = Object.assign({}, ...expressions.map((e) => e?.values)) as Record<string, unknown>;
  return {
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  };
}

function conditionPart(options: OpOptions) {
  return {
    ...(options.condition ? { ConditionExpression: options.condition.expression } : {}),
    ...(options.returnOld ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
  };
}

const withFailure = (item: WriteOp['item'], options: OpOptions): WriteOp => (options.onConditionFailed ? { item, onConditionFailed: options.onConditionFailed } : { item });

function opsFor(tableName: () => string) {
  return {
    put(item: Item, options: OpOptions = {}): WriteOp {
      return withFailure({ Put: { TableName: tableName(), Item: item, ...conditionPart(options), ...attributes(options.condition) } }, options);
    },
    update(key: TableKey, update: Expr, options: OpOptions = {}): WriteOp {
      return withFailure(
        { Update: { TableName: tableName(), Key: key, UpdateExpression: update.expression, ...conditionPart(options), ...attributes(update, options.condition) } },
        options,
      );
    },
    delete(key: TableKey, options: OpOptions = {}): WriteOp {
      return withFailure({ Delete: { TableName: tableName(), Key: key, ...conditionPart(options), ...attributes(options.condition) } }, options);
    },
    check(key: TableKey, condition: Expr, onConditionFailed: NonNullable<WriteOp['onConditionFailed']>, returnOld = false): WriteOp {
      return withFailure(
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: key,
            ConditionExpression: condition.expression,
            ...(returnOld ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
            ...attributes(condition),
          },
        },
        { onConditionFailed },
      );
    },
  };
}

/** Ops on the main table. */
export const mainTable = opsFor(() => config.tableName);
/** Ops on the TTL table (idempotency records, sign-in state, refresh tokens). */
export const ttlTable = opsFor(() => config.idempotencyTableName);

/** One item of the main table by key, or undefined. */
export async function getItem(key: TableKey, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: key, ...(options.consistent ? { ConsistentRead: true } : {}) }));
  return Item;
}

/** A record of type T from an item: the listed fields, absent ones left out. One mapping style for every store. */
export function recordOf<T>(item: Item, fields: ReadonlyArray<keyof T & string>): T {
  return Object.fromEntries(fields.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as T;
}
