import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** A sample of test/fixtures/bank-statements as text (README there names each one's source). */
export const sample = (name: string) => readFileSync(resolve(import.meta.dirname, '../../fixtures/bank-statements', name), 'utf8');
