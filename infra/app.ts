import { App } from 'aws-cdk-lib';
import { LedgerStack } from './stack.ts';

const app = new App();
new LedgerStack(app, 'Ledger', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
