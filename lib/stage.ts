// Stage rules shared by the stack and its constructs.
import { RemovalPolicy } from 'aws-cdk-lib';

/** Stage names end up in table, queue and bucket names: keep them short, lowercase and DNS-safe. */
const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

export function assertStageName(stage: string): string {
  if (!STAGE_NAME.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use 1-20 lowercase letters, digits or dashes, starting with a letter`);
  }
  return stage;
}

/** Only dev is disposable; in every other stage data and logs outlive the stack. */
export function isDisposable(stage: string): boolean {
  return stage === 'dev';
}

export function removalPolicyFor(stage: string): RemovalPolicy {
  return isDisposable(stage) ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
}
