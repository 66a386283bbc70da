/**
 * The signer of requests to DynamoDB Local when the local environment says so
 * (`DYNAMODB_UNSIGNED=1`): the emulator runs with `-sharedDb` and reads no signature, so each
 * request carries one fixed, well-formed Authorization header instead of a SigV4 signature,
 * which cost the caller about 40% of its CPU a call (docs/decisions.md, "Test suite"). Never in
 * a deployed function: its bundle defines the variable away (infra/bundling/options.ts).
 */
export const EMULATOR_AUTHORIZATION = 'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

export const emulatorSigner = {
  sign: async <R extends { headers: Record<string, string> }>(request: R): Promise<R> => {
    request.headers.authorization = EMULATOR_AUTHORIZATION;
    return request;
  },
};
