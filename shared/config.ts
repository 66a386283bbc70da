/** Runtime configuration, read once from the environment (the CDK stack and the local start set it). */
export const config = {
  get tableName() {
    return process.env.TABLE_NAME ?? 'ledger';
  },
  get idempotencyTableName() {
    return process.env.IDEMPOTENCY_TABLE_NAME ?? 'ledger-idempotency';
  },
  /** Set locally to DynamoDB Local's URL; unset in AWS. */
  get dynamoEndpoint() {
    return process.env.DYNAMODB_ENDPOINT;
  },
  get region() {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
  /** Issuer and audience of the service's own access tokens. */
  get tokenIssuer() {
    return process.env.TOKEN_ISSUER ?? 'ledger-service';
  },
  get tokenAudience() {
    return process.env.TOKEN_AUDIENCE ?? 'ledger-api';
  },
  /** Seconds an access token lives. */
  get accessTokenSeconds() {
    return Number(process.env.ACCESS_TOKEN_SECONDS ?? 900);
  },
};
