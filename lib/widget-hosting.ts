// Hosts the import widget: a private bucket behind CloudFront, one immutable directory per release and two short-cached
// loaders that carry the stage's API URL and point at the current release.
import { createHash } from 'node:crypto';
import { DefaultStackSynthesizer, Duration, Stack, Validations, type CfnElement, type RemovalPolicy } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { bundleWidgetSync, WIDGET_FILES } from '../widget/build';
import { LOG_RETENTION } from './api-function';

/** Where the widget lives in the bucket and under the distribution: the same path `npm start` serves. */
export const WIDGET_PREFIX = 'widget';
export { WIDGET_FILES };
/** A release never changes under its URL: browsers and CloudFront keep it a year. */
export const RELEASE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The loaders name the current release: a new release reaches browsers within five minutes. */
export const LOADER_CACHE_CONTROL = 'public, max-age=300';
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const CLOUDFRONT_LOG_DAYS = 30;

export interface WidgetBundle {
  esm: string;
  classic: string;
  /** The files the two load next to themselves (the ES module's chunks, the classic script's), by name. */
  chunks: Record<string, string>;
}

/** The two loaders, under the entries' names. */
export type WidgetLoaders = Pick<WidgetBundle, 'esm' | 'classic'>;

export interface WidgetHostingProps {
  readonly removalPolicy: RemovalPolicy;
  /** The API's base URL without a trailing slash (a deploy-time token): the loaders' default `api`. */
  readonly apiUrl: string;
  /** The bucket that receives the stack's S3 server access logs. */
  readonly accessLogsBucket: IBucket;
  /** A custom domain with its ACM certificate (in us-east-1): enables TLS 1.2 as the viewer minimum. */
  readonly domain?: { readonly domainName: string; readonly certificateArn: string };
}

/** The widget built now, at synth time, by its own build (widget/build.ts: esbuild, in memory). */
export function buildWidgetBundle(): WidgetBundle {
  const { esm, classic, chunks } = bundleWidgetSync();
  return {
    esm: esm.toString('utf8'),
    classic: classic.toString('utf8'),
    chunks: Object.fromEntries(Object.entries(chunks).map(([name, code]) => [name, code.toString('utf8')])),
  };
}

/** The release directory's name: a hash of every file, so any change to one is a new release. */
export function releaseHash(bundle: WidgetBundle): string {
  const hash = createHash('sha256').update(bundle.esm).update('\0').update(bundle.classic);
  for (const name of Object.keys(bundle.chunks).sort()) hash.update('\0').update(name).update('\0').update(bundle.chunks[name]);
  return hash.digest('hex').slice(0, 16);
}

const sri = (code: string) => `sha384-${createHash('sha384').update(code).digest('base64')}`;

/**
 * The loaders. A page's own `importWidgetConfig` wins over the stage's API URL. The ES module loader imports the
 * release dynamically: a static import would run the widget before the loader's body had set the config. The
 * classic loader adds a script element with the release's integrity hash, resolved against its own URL.
 */
export function loaderSources(bundle: WidgetBundle, apiUrl: string, fallbackBaseUrl: string): WidgetLoaders {
  const release = `v/${releaseHash(bundle)}`;
  const config = `globalThis.importWidgetConfig = { api: ${JSON.stringify(apiUrl)}, ...globalThis.importWidgetConfig };`;
  const esm = [
    `// Import widget loader (cached 5 minutes): the stage's API URL, then release ${release} (immutable).`,
    config,
    `await import(${JSON.stringify(`./${release}/${WIDGET_FILES.esm}`)});`,
    '',
  ].join('\n');
  const classic = [
    `// Import widget loader (cached 5 minutes): the stage's API URL, then release ${release} (immutable).`,
    '(function () {',
    `  ${config}`,
    '  var current = document.currentScript;',
    '  var script = document.createElement("script");',
    `  script.src = new URL(${JSON.stringify(`${release}/${WIDGET_FILES.classic}`)}, current && current.src ? current.src : ${JSON.stringify(fallbackBaseUrl)}).href;`,
    `  script.integrity = ${JSON.stringify(sri(bundle.classic))};`,
    '  script.crossOrigin = "anonymous";',
    '  (document.head || document.documentElement).appendChild(script);',
    '})();',
    '',
  ].join('\n');
  return { esm, classic };
}

export class WidgetHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<domain>/widget/import-widget.js: the ES module loader that pages embed. */
  readonly loaderUrl: string;
  readonly classicLoaderUrl: string;
  readonly release: string;

  constructor(scope: Construct, id: string, props: WidgetHostingProps) {
    super(scope, id);
    const bundle = buildWidgetBundle();
    this.release = releaseHash(bundle);

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'widget-bucket/',
      removalPolicy: props.removalPolicy,
    });
    // CloudFront's standard logs are written with an ACL grant, so their bucket needs ACLs (the other buckets
    // enforce bucket-owner ownership); its own access logs go to the stack's log bucket.
    const logBucket = new Bucket(this, 'CdnLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'widget-cdn-logs-bucket/',
      lifecycleRules: [{ expiration: Duration.days(CLOUDFRONT_LOG_DAYS) }],
      removalPolicy: props.removalPolicy,
    });

    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'Import widget: CORS for cross-origin module scripts, security headers',
      // Module scripts are fetched with CORS; the files are public code, so any page may load them. Which pages
      // may *use* a template is the embed API's decision (the template's allowed origins).
      corsBehavior: {
        accessControlAllowOrigins: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD'],
        accessControlAllowHeaders: ['*'],
        accessControlAllowCredentials: false,
        accessControlMaxAge: Duration.days(1),
        originOverride: true,
      },
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
      // A page that isolates itself (COEP require-corp) may still load the classic script without CORS.
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cross-Origin-Resource-Policy', value: 'cross-origin', override: true }],
      },
    });

    const domain = props.domain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Import widget (${Stack.of(this).stackName})`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        // Honours each object's Cache-Control (1 s to 1 year) and caches gzip and Brotli variants.
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    const host = domain?.domainName ?? this.distribution.distributionDomainName;
    const base = `https://${host}/${WIDGET_PREFIX}/`;
    this.loaderUrl = `${base}${WIDGET_FILES.esm}`;
    this.classicLoaderUrl = `${base}${WIDGET_FILES.classic}`;

    // The deployments' custom-resource Lambda logs here (retained like the functions' logs).
    const deployLogs = new LogGroup(this, 'DeploymentLogs', { retention: LOG_RETENTION, removalPolicy: props.removalPolicy });
    // Never pruned: pages that loaded a loader up to five minutes ago still fetch the release it named.
    const release = new BucketDeployment(this, 'Release', {
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${WIDGET_PREFIX}/v/${this.release}/`,
      // The chunks next to the entries: the ES module imports them and the classic script adds its own
      // by URLs relative to themselves.
      sources: [
        Source.data(WIDGET_FILES.esm, bundle.esm),
        Source.data(WIDGET_FILES.classic, bundle.classic),
        ...Object.entries(bundle.chunks).map(([name, code]) => Source.data(name, code)),
      ],
      prune: false,
      retainOnDelete: true,
      cacheControl: [CacheControl.fromString(RELEASE_CACHE_CONTROL)],
      contentType: JAVASCRIPT,
      logGroup: deployLogs,
      outputObjectKeys: false,
    });
    const loaders = loaderSources(bundle, props.apiUrl, base);
    const loaderDeployment = new BucketDeployment(this, 'Loaders', {
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${WIDGET_PREFIX}/`,
      // Source.data substitutes the deploy-time API URL into the file.
      sources: [Source.data(WIDGET_FILES.esm, loaders.esm), Source.data(WIDGET_FILES.classic, loaders.classic)],
      prune: false,
      retainOnDelete: true,
      cacheControl: [CacheControl.fromString(LOADER_CACHE_CONTROL)],
      contentType: JAVASCRIPT,
      logGroup: deployLogs,
      outputObjectKeys: false,
      // The edge drops the old loaders at once; browsers keep theirs at most max-age.
      distribution: this.distribution,
      distributionPaths: [`/${WIDGET_PREFIX}/${WIDGET_FILES.esm}`, `/${WIDGET_PREFIX}/${WIDGET_FILES.classic}`],
    });
    // A loader never names a release that is not in the bucket yet.
    loaderDeployment.node.addDependency(release);

    this.acknowledgeFindings(Boolean(domain));
  }

  private acknowledgeFindings(customDomain: boolean): void {
    const distribution = this.distribution;
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: the widget is embedded by customers\' pages for their own end users, wherever they are; ' +
        'the files are public code and hold no data.',
    });
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF web ACL (about $5/month plus $0.60 per million requests): the distribution serves two static, public, ' +
        'cached JavaScript files from a private bucket; the API the widget calls enforces origins and rate limits.',
    });
    if (!customDomain) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without -c widgetDomainName/widgetCertificateArn the distribution uses the default *.cloudfront.net ' +
          'certificate, whose viewer TLS policy CloudFront fixes (TLSv1); with a custom domain the minimum is TLSv1.2_2021.',
      });
    }
    // CDK's BucketDeployment runs a singleton Lambda (Python, with the AWS CLI layer), at deploy time only.
    const stack = Stack.of(this);
    const bucketArn = `<${stack.getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>`;
    const assets = `arn:<AWS::Partition>:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>`;
    const deployer = 'CDK-owned BucketDeployment handler, run only while CloudFormation deploys the widget';
    const findings: Record<string, string> = {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
        `${deployer}: the Lambda basic execution role lets it write its own logs.`,
      'AwsSolutions-IAM5[Action::s3:GetBucket*]': `${deployer}: CDK's read grant on the assets bucket (the zipped files) and the widget bucket.`,
      'AwsSolutions-IAM5[Action::s3:GetObject*]': `${deployer}: CDK's read grant on the assets bucket (the zipped files) and the widget bucket.`,
      'AwsSolutions-IAM5[Action::s3:List*]': `${deployer}: CDK's read grant; the AWS CLI sync lists the source and destination.`,
      [`AwsSolutions-IAM5[Resource::${assets}/*]`]: `${deployer}: it reads this deployment's zipped files from the CDK assets bucket.`,
      'AwsSolutions-IAM5[Action::s3:Abort*]': `${deployer}: CDK's write grant on the widget bucket (multipart uploads it starts).`,
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]':
        `${deployer}: CDK's write grant on the widget bucket; both deployments have prune and delete off, so it removes nothing.`,
      [`AwsSolutions-IAM5[Resource::${bucketArn}/*]`]: `${deployer}: it writes the widget's objects; the bucket holds nothing else.`,
      'AwsSolutions-IAM5[Resource::*]':
        `${deployer}: cloudfront:CreateInvalidation and GetInvalidation for the loaders' paths, which CDK grants on every distribution.`,
      'AwsSolutions-L1': `${deployer}: CDK pins its Python runtime to the one its AWS CLI layer is built for.`,
    };
    for (const handler of stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      for (const [id, reason] of Object.entries(findings)) Validations.of(handler).acknowledge({ id, reason });
    }
  }
}
