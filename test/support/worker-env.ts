import { inject } from 'vitest';

// Before any module reads its configuration, point it at the run's DynamoDB Local and secrets.
Object.assign(process.env, inject('environment'));
