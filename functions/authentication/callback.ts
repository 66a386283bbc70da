import { completeLogin } from '../../shared/authentication/login.ts';
import type { CallbackInput } from '../../shared/authentication/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<unknown, CallbackInput>('authentication.callback', (r) => completeLogin(r.query as Record<string, string>));
