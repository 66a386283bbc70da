import { openApiDocument } from '../openapi.ts';

process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
