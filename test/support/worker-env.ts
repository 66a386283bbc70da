import { afterAll, inject } from 'vitest';

// Before any module reads its configuration, point it at the run's DynamoDB Local and secrets.
Object.assign(process.env, inject('environment'));

// Files share a worker's modules (vitest.config.ts), not its environment: what a file sets in
// process.env is undone when it ends, so the next file starts from the run's environment.
const atStart = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
  Object.assign(process.env, atStart);
});
