import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rotatedSecretText } from '../../shared/auth/rotate-secret.ts';
import { SECRETS_FILE } from './environment.ts';

/**
 * `npm run rotate-signing-key [-- --retire-previous]`: rotates the local stack's access-token
 * signing key in .data/secrets.json. A running `npm start` signs with the new key within
 * SECRETS_CACHE_SECONDS and verifies it at once; tokens signed with the previous key stay
 * valid until the next rotation, or are refused from now on with --retire-previous.
 */
if (!existsSync(SECRETS_FILE)) {
  console.error(`No local secrets at ${SECRETS_FILE}: run \`npm start\` once to create them, or set LEDGER_DATA_DIR to the data directory it was started with.`);
  process.exit(1);
}
const retirePrevious = process.argv.includes('--retire-previous');
const { text, kids } = await rotatedSecretText(readFileSync(SECRETS_FILE, 'utf8'), { retirePrevious });
writeFileSync(SECRETS_FILE, `${text}\n`, { mode: 0o600 });
console.log(`Signing key rotated in ${SECRETS_FILE}: current kid ${kids[0]}${kids[1] ? `, previous kid ${kids[1]} still verifies until the next rotation` : ', no previous key (retired)'}.`);
