import * as client from 'openid-client';
import { config } from '../config.ts';
import { AppError, ValidationError } from '../errors.ts';
import { operationNamed, WAY_OUT_LOGIN } from '../schemas/api-paths.ts';

/**
 * The service as an OAuth client of the OpenID Connect provider (Cognito in AWS, oidc-provider
 * locally), with openid-client doing discovery, PKCE, the code exchange and ID token validation.
 */
/** The provider's configuration, discovered once for the issuer and client it was asked for (a new pair is discovered afresh). */
let discovered: { of: string; configuration: Promise<client.Configuration> } | undefined;

/** Errors: AppError 503 when the provider is not configured or cannot be reached. */
function provider(): Promise<client.Configuration> {
  const issuer = config.oidcIssuer;
  if (!issuer) return Promise.reject(unavailable());
  const of = `${issuer} ${config.oidcClientId}`;
  if (discovered?.of !== of) {
    const configuration = client
      .discovery(new URL(issuer), config.oidcClientId, { token_endpoint_auth_method: 'none' }, client.None(), {
        ...(config.oidcAllowHttp ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch(() => {
        if (discovered?.configuration === configuration) discovered = undefined;
        throw unavailable();
      });
    discovered = { of, configuration };
  }
  return discovered.configuration;
}

const unavailable = () =>
  new AppError(503, [{ name: 'generalErrors', reason: 'The identity provider is unavailable; try again later.', code: 'IdentityProviderUnavailable' }]);

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
}

/** The authorize URL with an S256 code challenge and a fresh state; the verifier stays with the service. */
export async function authorizationRequest(loginHint?: string): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(await provider(), {
    redirect_uri: config.oidcRedirectUri!,
    scope: 'openid email',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url: url.href, state, codeVerifier };
}

/**
 * Exchanges the code from the redirect for tokens and returns the verified email of the ID
 * token. Errors: ValidationError naming `code` when the provider refuses the exchange
 * (unknown, expired or reused code) or the ID token is not acceptable.
 */
export async function exchangeCode(redirectQuery: URLSearchParams, codeVerifier: string, state: string): Promise<{ email: string }> {
  const callbackUrl = new URL(config.oidcRedirectUri!);
  callbackUrl.search = redirectQuery.toString();
  const configuration = await provider();
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, { pkceCodeVerifier: codeVerifier, expectedState: state, idTokenExpected: true });
    const claims = tokens.claims();
    if (typeof claims?.email !== 'string') throw new Error('the ID token carries no email');
    return { email: claims.email };
  } catch (error) {
    throw ValidationError.field('code', `the sign-in could not be completed: ${(error as Error).message}; start it again (${operationNamed(WAY_OUT_LOGIN())})`, 'InvalidGrant');
  }
}
