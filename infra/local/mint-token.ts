import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { signAccessToken } from '../../shared/auth/sign-access-token.ts';
import { findOrCreateUserByEmail } from '../../shared/db/user-store.ts';
import { localEnvironment, SECRETS_FILE, STATE_FILE } from './environment.ts';

/**
 * `npm run token -- --email a@example.com [--seconds 3600]`: prints an access token for that
 * user (created on first use), signed with the local stack's key. Needs `npm start` running.
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, seconds: { type: 'string' } } });
if (!values.email) {
  console.error('usage: npm run token -- --email <address> [--seconds <lifetime>]');
  process.exit(2);
}
let state: { dynamoEndpoint: string };
try {
  state = JSON.parse(readFileSync(STATE_FILE, 'utf8'));
} catch {
  console.error('The local stack is not running: start it with `npm start` first.');
  process.exit(1);
}
Object.assign(process.env, localEnvironment(state.dynamoEndpoint, SECRETS_FILE));
const user = await findOrCreateUserByEmail(values.email);
console.log(await signAccessToken({ userId: user.id, email: user.email }, values.seconds ? Number(values.seconds) : undefined));
