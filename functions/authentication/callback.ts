import { completeLogin } from '../../shared/authentication/login.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.authentication.callback, (r) => completeLogin(r.query));
