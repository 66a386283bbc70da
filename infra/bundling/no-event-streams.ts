/**
 * Stands in for `@smithy/core/event-streams` in the functions' bundles. The SDK's HTTP protocol
 * imports it on demand for operations that stream events (Bedrock, Transcribe...); DynamoDB has
 * none, yet esbuild inlines the dynamic import: about 10 KB per function for code never run.
 */
function unused(): never {
  throw new Error('Event streams are left out of this bundle: DynamoDB has no event-stream operations');
}

export class EventStreamSerde {
  constructor() {
    unused();
  }
}

export const eventStreamSerdeProvider = unused;
