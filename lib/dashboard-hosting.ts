// Hosts the dashboard app: its Vite build in a private bucket behind CloudFront at /dashboard/ (hashed assets
// immutable, index.html and the deploy-time config.json revalidated on every load), the app's routes answered
// by index.html through a CloudFront Function, the dashboard API proxied under the same origin, and the
// security headers with the Content-Security-Policy of dashboard/hosting.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DefaultStackSynthesizer, Duration, Stack, Validations, type CfnElement, type RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { DASHBOARD_ASSETS_DIR, DASHBOARD_BASE, DASHBOARD_CONFIG_FILE, dashboardCacheDir } from '../dashboard/build';
import { ASSET_CACHE_CONTROL, contentSecurityPolicy, DOCUMENT_CACHE_CONTROL, type DashboardConfig } from '../dashboard/hosting';

/** /dashboard/: where the app lives in the bucket and under the distribution, as under `npm start`. */
export const DASHBOARD_PREFIX = DASHBOARD_BASE.replace(/^\/|\/$/g, '');
/** The dashboard API's routes (shared/http/dashboard-routes.ts): proxied to API Gateway under the app's own origin. */
export const DASHBOARD_API_PATH = `/${DASHBOARD_PREFIX}/v1/*`;
const CLOUDFRONT_LOG_DAYS = 30;

/**
 * The viewer-request function of every path that is not an asset: `/` and `/dashboard` go to `/dashboard/`;
 * a path under /dashboard/ whose last segment has no extension is one of the app's routes (react-router
 * draws it) and is answered by index.html with 200; everything else (config.json, a missing file) is asked
 * of the bucket as it is, so a file that does not exist fails visibly rather than turning into the app.
 * CloudFront Functions run ECMAScript 5.1 with a few later additions: no const, arrows or template strings.
 */
export const ROUTE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/${DASHBOARD_PREFIX}') {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: '/${DASHBOARD_PREFIX}/' } } };
  }
  if (uri.indexOf('/${DASHBOARD_PREFIX}/') === 0 && uri.indexOf('/${DASHBOARD_PREFIX}/${DASHBOARD_ASSETS_DIR}/') !== 0) {
    var last = uri.substring(uri.lastIndexOf('/') + 1);
    if (last.indexOf('.') === -1) request.uri = '/${DASHBOARD_PREFIX}/index.html';
  }
  return request;
}
`;

/**
 * The directory of a build of the current sources (dashboard/build.ts). Synthesis is synchronous and Vite's
 * build is not: a build already in the shared cache (node_modules/.cache, by source hash; the local stack and
 * earlier syntheses fill it) is used as it is, otherwise dashboard/build.ts builds it in a child process.
 */
export function dashboardBuildDir(projectRoot: string): string {
  const cached = dashboardCacheDir();
  if (existsSync(join(cached, 'index.html'))) return cached;
  const script = "const { cachedDashboardBuild } = await import('./dashboard/build.ts'); console.log(await cachedDashboardBuild());";
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    cwd: projectRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const dir = output.trim().split('\n').at(-1)!;
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`The dashboard build gave no index.html in ${dir}`);
  return dir;
}

/** The origins the Content-Security-Policy names; each may be a deploy-time token (an origin: no path). */
export interface DashboardOrigins {
  /** API Gateway's: the embed API the widget calls (the dashboard API itself is 'self', proxied). */
  readonly api: string;
  /** https://cognito-idp.<region>.amazonaws.com: discovery and keys. */
  readonly issuer: string;
  /** The managed login's domain: token and revocation endpoints. */
  readonly login: string;
  /** The widget's distribution: its script and chunks. */
  readonly widget: string;
  /** The files bucket's regional endpoint: the widget's presigned PUT. */
  readonly upload: string;
}

/**
 * The policy of dashboard/hosting.ts (the one the local gateway sends) with token origins: it is built from
 * stand-in origins, then each stand-in is replaced by its token, which CDK renders as an Fn::Join.
 */
export function tokenContentSecurityPolicy(origins: DashboardOrigins): string {
  const standIn = (name: keyof DashboardOrigins) => `https://${name}.csp-origin.invalid`;
  const config: DashboardConfig = {
    // The app calls its API under its own origin ('self'); API Gateway's origin is there for the embed API.
    apiUrl: standIn('api'),
    issuer: `${standIn('issuer')}/pool`,
    clientId: '',
    widgetScriptUrl: `${standIn('widget')}/widget/import-widget.js`,
    embedApiUrl: standIn('api'),
    logoutUrl: null,
  };
  let policy = contentSecurityPolicy(config, [standIn('login'), standIn('upload')]);
  for (const name of Object.keys(origins) as (keyof DashboardOrigins)[]) policy = policy.split(standIn(name)).join(origins[name]);
  return policy;
}

export interface DashboardHostingProps {
  readonly removalPolicy: RemovalPolicy;
  /** The bucket that receives the stack's S3 server access logs. */
  readonly accessLogsBucket: IBucket;
  /** The HTTP API's id: its default endpoint is the origin of the proxied /dashboard/v1/* routes. */
  readonly apiId: string;
  readonly origins: DashboardOrigins;
  /** What config.json carries besides the API URL (the distribution's own origin). */
  readonly config: Omit<DashboardConfig, 'apiUrl'>;
  /** A built dashboard (index.html, assets/); default the build of the current sources. */
  readonly buildDir?: string;
  readonly projectRoot: string;
}

export class DashboardHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly routeFunction: CloudFrontFunction;
  readonly headers: ResponseHeadersPolicy;
  /** https://<distribution domain>: the app's origin, and its API's base URL. */
  readonly origin: string;
  /** https://<distribution domain>/dashboard (no trailing slash, like the dashboardUrl context key). */
  readonly url: string;
  /** What config.json holds (with deploy-time tokens). */
  readonly config: DashboardConfig;
  readonly contentSecurityPolicy: string;

  constructor(scope: Construct, id: string, props: DashboardHostingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const buildDir = props.buildDir ?? dashboardBuildDir(props.projectRoot);

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'dashboard-bucket/',
      removalPolicy: props.removalPolicy,
    });
    // CloudFront's standard logs are written with an ACL grant (as the widget's): this bucket needs ACLs.
    const logBucket = new Bucket(this, 'CdnLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'dashboard-cdn-logs-bucket/',
      lifecycleRules: [{ expiration: Duration.days(CLOUDFRONT_LOG_DAYS) }],
      removalPolicy: props.removalPolicy,
    });

    this.contentSecurityPolicy = tokenContentSecurityPolicy(props.origins);
    this.headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'Dashboard app: Content-Security-Policy and security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: this.contentSecurityPolicy, override: true },
        contentTypeOptions: { override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
    });

    this.routeFunction = new CloudFrontFunction(this, 'Routes', {
      comment: 'Dashboard: the app routes answer index.html; / and /dashboard go to /dashboard/',
      code: FunctionCode.fromInline(ROUTE_FUNCTION_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    const files = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const fileBehavior = {
      origin: files,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // Honours each object's Cache-Control: a year for assets, revalidation for index.html and config.json.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.headers,
      compress: true,
    };
    const apiDomain = `${props.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Import Service dashboard (${stack.stackName})`,
      defaultBehavior: {
        ...fileBehavior,
        functionAssociations: [{ function: this.routeFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Hashed names: never an app route, so no function to run.
        [`/${DASHBOARD_PREFIX}/${DASHBOARD_ASSETS_DIR}/*`]: fileBehavior,
        // The dashboard API under the app's own origin: no CORS (the dashboard routes answer none, and an
        // API-wide preflight would override the embed routes' own). Every method, the Authorization header
        // and the query string reach API Gateway; its Host header is its own; nothing is cached.
        [DASHBOARD_API_PATH]: {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
          compress: true,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
    });
    this.origin = `https://${this.distribution.distributionDomainName}`;
    this.url = `${this.origin}/${DASHBOARD_PREFIX}`;
    this.config = { apiUrl: this.origin, ...props.config };

    // The handler is CDK's singleton, shared with the widget's deployments (and their log group).
    const assets = new BucketDeployment(this, 'Assets', {
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${DASHBOARD_PREFIX}/${DASHBOARD_ASSETS_DIR}/`,
      sources: [Source.asset(join(buildDir, DASHBOARD_ASSETS_DIR))],
      // Never pruned: a page loaded before this release still fetches its lazily loaded chunks.
      prune: false,
      retainOnDelete: true,
      cacheControl: [CacheControl.fromString(ASSET_CACHE_CONTROL)],
      outputObjectKeys: false,
    });
    const documents = new BucketDeployment(this, 'Documents', {
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${DASHBOARD_PREFIX}/`,
      sources: [
        Source.data('index.html', readFileSync(join(buildDir, 'index.html'), 'utf8')),
        // Written at deploy time: Source.jsonData substitutes the stage's addresses (tokens) into the file.
        Source.jsonData(DASHBOARD_CONFIG_FILE, this.config),
      ],
      // prune would delete the assets under the same prefix.
      prune: false,
      retainOnDelete: true,
      cacheControl: [CacheControl.fromString(DOCUMENT_CACHE_CONTROL)],
      outputObjectKeys: false,
      // Every app route is cached under index.html (the function rewrites before the cache is looked up).
      distribution: this.distribution,
      distributionPaths: [`/${DASHBOARD_PREFIX}/index.html`, `/${DASHBOARD_PREFIX}/${DASHBOARD_CONFIG_FILE}`],
    });
    // index.html never names assets that are not in the bucket yet.
    documents.node.addDependency(assets);

    this.acknowledgeFindings();
  }

  private acknowledgeFindings(): void {
    const distribution = this.distribution;
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'No geo restriction: the dashboard is used by the organizations\' teams wherever they are; every API call it makes needs a signed-in person.',
    });
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF web ACL (about $5/month plus $0.60 per million requests): the distribution serves static, public app files ' +
        'from a private bucket, and the proxied /dashboard/v1 routes are checked by API Gateway\'s JWT authorizer and rate-limited per person.',
    });
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'The distribution uses the default *.cloudfront.net certificate, whose viewer TLS policy CloudFront fixes (TLSv1); ' +
        'browsers negotiate TLS 1.2 or 1.3 with it.',
    });
    // CDK's BucketDeployment singleton (the widget's acknowledges its shared findings): this bucket's grant.
    const stack = Stack.of(this);
    const bucketArn = `<${stack.getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>`;
    const assetsBucket = `arn:<AWS::Partition>:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>`;
    for (const handler of stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      Validations.of(handler).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
        reason: 'CDK-owned BucketDeployment handler, run only while CloudFormation deploys the dashboard: it writes the app\'s files; the bucket holds nothing else.',
      });
      Validations.of(handler).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${assetsBucket}/*]`,
        reason: 'CDK-owned BucketDeployment handler: it reads this deployment\'s zipped files from the CDK assets bucket.',
      });
    }
  }
}
