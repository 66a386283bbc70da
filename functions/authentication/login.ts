import type { LoginInput } from '../../shared/authentication/schemas.ts';
import { startLogin } from '../../shared/authentication/login.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<unknown, LoginInput>('authentication.login', (r) => startLogin(r.query.email));
