// One typed view of the environment, read once at cold start. Local and deployed stacks differ only here.
import { namesForStage } from './resources';

export interface Config {
  stage: string;
  region: string;
  tableName: string;
  /** Set only on the local stack: the emulator endpoints. */
  dynamoEndpoint?: string;
  sqsEndpoint?: string;
  s3Endpoint?: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const stage = env.STAGE ?? 'local';
  return {
    stage,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    tableName: env.TABLE_NAME ?? namesForStage(stage).tableName,
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    sqsEndpoint: env.SQS_ENDPOINT || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
  };
}

let current: Config | undefined;

/** The process-wide configuration (memoized: env is read once). */
export function config(): Config {
  current ??= configFromEnv();
  return current;
}
