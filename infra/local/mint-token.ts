import { parseArgs } from 'node:util';
import { localEnvironment, SECRETS_FILE } from './environment.ts';
import { findRunningStack, StackNotFound } from './running-stack.ts';
import { userToken } from './user-token.ts';

/**
 * `npm run token -- --email a@example.com [--seconds 3600]`: prints an access token for that
 * user (created on first use), signed with the local stack's key. Needs `npm start` running; it
 * finds it as every helper does (running-stack.ts: LEDGER_DATA_DIR, PORT).
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, seconds: { type: 'string' } } });
if (!values.email) {
  console.error('usage: npm run token -- --email <address> [--seconds <lifetime>]');
  process.exit(2);
}
const stack = await findRunningStack().catch((error: unknown) => {
  if (!(error instanceof StackNotFound)) throw error;
  console.error(error.message);
  process.exit(1);
});
Object.assign(process.env, localEnvironment(stack.dynamoEndpoint, SECRETS_FILE));
console.log((await userToken(values.email, values.seconds ? Number(values.seconds) : undefined)).token);
