import { randomUUID } from 'node:crypto';
import * as keys from '../table/keys.ts';
import { conditions, getItem, mainTable, recordOf } from '../table/table-ops.ts';
import { transactWrite } from '../table/transact.ts';
import { StateConflict } from '../../errors.ts';
import type { User } from '../../auth/records.ts';

/**
 * The user with this email, created on first sight. The email item is written with
 * `attribute_not_exists`, so two first sign-ins at once create one user.
 */
export async function findOrCreateUserByEmail(email: string): Promise<User> {
  const normalized = email.trim().toLowerCase();
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await getItem(keys.userEmail(normalized));
    if (existing) return { id: existing.userId as string, email: normalized };
    const user = { id: randomUUID(), email: normalized };
    try {
      await transactWrite([
        mainTable.put(
          { ...keys.userEmail(normalized), entity: 'UserEmail', userId: user.id },
          { condition: conditions.absent, onConditionFailed: () => new StateConflict('Conflict', 'User created concurrently') },
        ),
        mainTable.put({ ...keys.user(user.id), entity: 'User', id: user.id, email: normalized, createdAt: new Date().toISOString() }),
      ]);
      return user;
    } catch (error) {
      if (!(error instanceof StateConflict)) throw error;
    }
  }
  throw new Error('Could not create or find user');
}

export async function getUser(userId: string): Promise<User | undefined> {
  const item = await getItem(keys.user(userId));
  return item && recordOf<User>(item, ['id', 'email']);
}
