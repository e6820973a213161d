// The one Lambda construct of the service: every function gets the same runtime, bundling, logging and
// least-privilege role from here, so a new endpoint group cannot drift from the others.
import * as path from 'node:path';
import { AssetHashType, DockerImage, Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, LoggingFormat, Runtime, SystemLogLevel } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { removalPolicyFor } from './stage';
import type { TableAccess } from './table-access';
import { buildLambdaBundle, LAMBDA_NODE_OPTIONS } from './bundling';
import { API_FUNCTION_MEMORY_MB } from '../shared/resources';


export const LOG_RETENTION = RetentionDays.ONE_MONTH;

export interface ApiFunctionProps {
  /** The handler file, relative to projectRoot (e.g. functions/templates/handler.ts). */
  readonly entry: string;
  /** The repository root: holds package-lock.json and tsconfig.json. */
  readonly projectRoot: string;
  readonly stage: string;
  readonly description?: string;
  /** Defaults suit API functions (256 MB, 10 s); queue consumers choose theirs from the benchmark. */
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /**
   * Package files copied next to the bundle (node_modules/<package>/<file>), for code that must load a
   * module at run time instead of from the bundle: a worker thread started from source text has no
   * module of its own to bundle into (the legacy XLS reader). Copied, not installed: synth stays offline.
   */
  readonly shippedModuleFiles?: Record<string, string[]>;
}

/**
 * The function's code: our esbuild step (lib/bundling.ts, with code splitting) run at synth into the
 * asset's directory, which CDK zips and uploads. A stack synthesized without bundling (the tests that
 * skip it with 'aws:cdk:bundling-stacks') gets a placeholder hash instead, as CDK does for any asset.
 */
function bundledCode(props: ApiFunctionProps): Code {
  // The handler's folder as the asset's source: CDK caches a synth's bundles by source path and bundling
  // options, and the options are the same for every function (tryBundle is not part of the key).
  return Code.fromAsset(path.join(props.projectRoot, path.dirname(props.entry)), {
    // The hash of what is deployed: an unchanged bundle is not uploaded again.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: the build runs in this process (esbuild is a dependency), so CDK needs no Docker.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24-slim'),
      local: {
        tryBundle(outputDir: string) {
          buildLambdaBundle(props.projectRoot, props.entry, outputDir, props.shippedModuleFiles);
          return true;
        },
      },
    },
  });
}

export class ApiFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    // Own role and log group instead of the default AWSLambdaBasicExecutionRole, whose log
    // permissions cover every log group in the account.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: LOG_RETENTION,
      removalPolicy: removalPolicyFor(props.stage),
    });

    super(scope, id, {
      code: bundledCode(props),
      handler: 'index.handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? API_FUNCTION_MEMORY_MB,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      // START/END/REPORT records are ~0.6 KB per invocation (~$0.3 per million requests of log
      // ingestion); duration and errors stay in CloudWatch metrics, platform warnings still log.
      systemLogLevelV2: SystemLogLevel.WARN,
      environment: {
        STAGE: props.stage,
        // Source-mapped stack traces. (No AWS_NODEJS_CONNECTION_REUSE_ENABLED: that was the SDK v2's switch;
        // v3 clients keep their connections alive by default.)
        NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
      },
    });

    logGroup.grantWrite(role);
  }

  /** Grant exactly the item actions of `access` on the table and Query on its indexes, and tell the code its name. */
  bindTable(table: ITable, access: TableAccess): void {
    this.addToRolePolicy(
      new PolicyStatement({ actions: access.items.map((action) => `dynamodb:${action}`), resources: [table.tableArn] }),
    );
    if (access.indexes.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: access.indexes.map((name) => `${table.tableArn}/index/${name}`),
        }),
      );
    }
    this.addEnvironment('TABLE_NAME', table.tableName);
  }

  /** Read and/or write objects under the given prefixes only, and tell the code the bucket's name. */
  bindBucket(bucket: IBucket, access: { read?: string[]; write?: string[] }): void {
    const objects = (prefixes: string[]) => prefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`));
    // Object keys under a prefix can only be granted with a wildcard; it is the narrowest grant S3 has.
    const bucketId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    for (const prefix of new Set([...(access.read ?? []), ...(access.write ?? [])])) {
      Validations.of(this.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`,
        reason: `Objects under ${prefix} only: a key prefix is the narrowest S3 grant, and the code writes or reads nothing else.`,
      });
    }
    if (access.read?.length) {
      this.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: objects(access.read) }));
    }
    if (access.write?.length) {
      this.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: objects(access.write) }));
    }
    this.addEnvironment('BUCKET_NAME', bucket.bucketName);
  }
}
