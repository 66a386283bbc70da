import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Access } from './table-access.ts';

/** A table and the names of its indexes (each granted by its own ARN, no wildcard). */
export interface GrantableTable {
  table: ITableV2;
  indexes: readonly string[];
}

/** The item actions the store uses (no Scan, no stream reads: CDK's grantReadData would add both). */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
export const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** Lets the function read (or read and write) the table and its indexes, and nothing else of it. */
export function grantTable(fn: IFunction, { table, indexes }: GrantableTable, access: Access): void {
  if (access === 'none') return;
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [...READ_ACTIONS, ...(access === 'readWrite' ? WRITE_ACTIONS : [])],
      resources: [table.tableArn, ...indexes.map((index) => `${table.tableArn}/index/${index}`)],
    }),
  );
}
