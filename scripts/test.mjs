// `npm test`: the type check beside the tests rather than before them. The type check keeps one
// core busy for several seconds; the tests leave part of the two cores idle while they wait on
// DynamoDB Local and HTTP, so it runs niced in that idle time (docs/decisions.md, "Test suite").
// Either failing fails the run; the type check's findings are printed once the tests end.
import { spawn } from 'node:child_process';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const finished = (child) => new Promise((resolve) => child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

// `npm run typecheck` names the checker (TypeScript's native compiler) in one place, package.json.
const tsc = spawn('nice', ['-n', '10', 'npm', 'run', '-s', 'typecheck'], { stdio: ['ignore', 'pipe', 'pipe'] });
let typeErrors = '';
tsc.stdout.on('data', (chunk) => (typeErrors += chunk));
tsc.stderr.on('data', (chunk) => (typeErrors += chunk));
const typeChecked = finished(tsc);

const tests = spawn(bin('vitest'), ['run', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (tests.kill(signal), tsc.kill(signal)));
const testsCode = await finished(tests);
const tscCode = await typeChecked;
if (tscCode !== 0) process.stderr.write(`${typeErrors}\nnpm run typecheck failed (exit ${tscCode})\n`);
process.exit(tscCode !== 0 ? tscCode : testsCode);
