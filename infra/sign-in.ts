import { CfnParameter, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Mfa, OAuthScope, UserPool, UserPoolClientIdentityProvider } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/**
 * The Cognito user pool users sign in with, at its hosted pages; the service is its public
 * OAuth client (code + PKCE). No self sign-up (administrators add users), strong passwords,
 * and a one-time password app required as second factor: these are the books of companies.
 */
export class SignIn extends Construct {
  readonly userPool: UserPool;
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectUri: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    const redirectUri = new CfnParameter(stack, 'RedirectUri', {
      description: "The client application's registered redirect URI; the browser returns there with code and state",
      default: 'https://app.example.com/auth/callback',
    });
    const domainPrefix = new CfnParameter(stack, 'AuthDomainPrefix', {
      description: 'Prefix of the Cognito hosted sign-in domain (globally unique)',
      default: 'ledger-signin',
    });
    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: { minLength: 12, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: true, tempPasswordValidity: Duration.days(3) },
      mfa: Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'The Plus feature plan (threat protection) is billed per active user; sign-in already requires a one-time password, users are created by administrators only, and refresh tokens are single use with reuse detection.',
    });
    this.userPool.addDomain('SignIn', { cognitoDomain: { domainPrefix: domainPrefix.valueAsString } });
    const appClient = this.userPool.addClient('Service', {
      generateSecret: false,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL],
        callbackUrls: [redirectUri.valueAsString],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
    });
    this.issuer = `https://cognito-idp.${stack.region}.amazonaws.com/${this.userPool.userPoolId}`;
    this.clientId = appClient.userPoolClientId;
    this.redirectUri = redirectUri.valueAsString;
  }
}
