import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { bundleQuietly } from './bundling/quiet-bundling.ts';
import { LedgerStack } from './stack.ts';

const app = new App();
// Bundling happens as the functions are built: one summary line instead of one per function.
bundleQuietly(
  () =>
    new LedgerStack(app, 'Ledger', {
      env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    }),
);
// AWS's best-practice rules: synth fails on any finding not acknowledged in code with its reason.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
