import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { db } from './client.ts';
import { keys } from './keys.ts';
import { transactWrite } from './transact.ts';
import { StateConflict } from '../errors.ts';

export interface User {
  id: string;
  email: string;
}

/**
 * The user with this email, created on first sight. The email item is written with
 * `attribute_not_exists`, so two first sign-ins at once create one user.
 */
export async function findOrCreateUserByEmail(email: string): Promise<User> {
  const normalized = email.trim().toLowerCase();
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.userEmail(normalized) }));
    if (existing.Item) return { id: existing.Item.userId as string, email: normalized };
    const user = { id: randomUUID(), email: normalized };
    try {
      await transactWrite([
        {
          item: {
            Put: {
              TableName: config.tableName,
              Item: { ...keys.userEmail(normalized), entity: 'UserEmail', userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          onConditionFailed: () => new StateConflict('Conflict', 'User created concurrently'),
        },
        {
          item: {
            Put: {
              TableName: config.tableName,
              Item: { ...keys.user(user.id), entity: 'User', id: user.id, email: normalized, createdAt: new Date().toISOString() },
            },
          },
        },
      ]);
      return user;
    } catch (error) {
      if (!(error instanceof StateConflict)) throw error;
    }
  }
  throw new Error('Could not create or find user');
}

export async function getUser(userId: string): Promise<User | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.user(userId) }));
  return Item ? { id: Item.id as string, email: Item.email as string } : undefined;
}
