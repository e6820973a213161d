// The widget's hosting as synthesized (private bucket, CloudFront with OAC, headers, the release and loader
// deployments, outputs, cdk-nag) and the loaders themselves, run in Chromium against a CORS origin as CloudFront
// serves them. Synthesized without Lambda bundling: the widget bundle is built by the construct itself.
import * as fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Browser } from 'playwright-core';
import type { ImportServiceStack } from '../lib/import-service-stack';
import {
  buildWidgetBundle,
  LOADER_CACHE_CONTROL,
  loaderSources,
  RELEASE_CACHE_CONTROL,
  releaseHash,
  WIDGET_FILES,
  type WidgetBundle,
} from '../lib/widget-hosting';
import { launchBrowser, watchPage } from './support/browser';
import { synthesize } from './support/cdk-synth';

/** CloudFront's managed CachingOptimized policy. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';

type Resource = { Type: string; Properties: any; DependsOn?: string[] };

/** The test stage synthesized once per test run and context (test/support/cdk-synth.ts). */
function synth(context: Record<string, string> = {}) {
  const { stack, template, outdir, validationErrors, resources } = synthesize({ stage: 'test', ...context });
  return { stack, template, outdir, nagErrors: validationErrors, resources: resources as Record<string, Resource> };
}

describe('widget hosting', () => {
  let stack: ImportServiceStack;
  let template: Template;
  let resources: Record<string, Resource>;
  let outdir: string;
  let nagErrors: string[];
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const idOf = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as any);

  beforeAll(() => {
    ({ stack, template, resources, outdir, nagErrors } = synth());
  });

  test('cdk-nag has no unacknowledged error; the distribution acknowledges geo restriction, WAF and the default certificate', () => {
    expect(nagErrors).toEqual([]);
    const acknowledged = stack.widget.distribution.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.keys(entry.data as object))
      .map((id) => id.replace(/^\w+::/, ''));
    expect(acknowledged.sort()).toEqual(['AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-CFR4']);
  });

  test('the bucket is private, encrypted, TLS only, logged, and readable by this distribution alone (OAC)', () => {
    const bucketId = idOf(stack.widget.bucket);
    expect(resources[bucketId].Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LoggingConfiguration: { DestinationBucketName: { Ref: expect.stringMatching(/^FilesAccessLogsBucket/) }, LogFilePrefix: 'widget-bucket/' },
    });
    expect(resources[bucketId].Properties.WebsiteConfiguration).toBeUndefined();
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === bucketId)!;
    const statements = policy.Properties.PolicyDocument.Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    const allows = statements.filter((s: any) => s.Effect === 'Allow');
    expect(allows).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
    expect(JSON.stringify(allows[0].Condition)).toContain(idOf(stack.widget.distribution));
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
  });

  test('the distribution: HTTPS only, compressed, CachingOptimized (objects set their own Cache-Control), CORS and security headers, logs', () => {
    const config = resources[idOf(stack.widget.distribution)].Properties.DistributionConfig;
    expect(config).toMatchObject({
      Enabled: true,
      HttpVersion: 'http2and3',
      DefaultCacheBehavior: {
        ViewerProtocolPolicy: 'redirect-to-https',
        Compress: true,
        CachePolicyId: CACHING_OPTIMIZED,
        AllowedMethods: ['GET', 'HEAD'],
        ResponseHeadersPolicyId: { Ref: expect.stringMatching(/^WidgetHeaders/) },
      },
      Logging: { Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^WidgetCdnLogsBucket/), 'RegionalDomainName'] } },
    });
    expect(config.Origins).toEqual([
      expect.objectContaining({ OriginAccessControlId: expect.anything(), S3OriginConfig: { OriginAccessIdentity: '' } }),
    ]);
    expect(config.ViewerCertificate).toBeUndefined(); // the default *.cloudfront.net certificate
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CorsConfig: Match.objectLike({
          AccessControlAllowOrigins: { Items: ['*'] },
          AccessControlAllowMethods: { Items: ['GET', 'HEAD'] },
          AccessControlAllowCredentials: false,
          OriginOverride: true,
        }),
        SecurityHeadersConfig: Match.objectLike({
          ContentTypeOptions: { Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 730 * 86400, Override: true }),
        }),
        CustomHeadersConfig: { Items: [{ Header: 'Cross-Origin-Resource-Policy', Value: 'cross-origin', Override: true }] },
      }),
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 30 })] },
    });
  });

  test('the release is immutable under widget/v/<hash>/, the loaders cached 5 minutes and deployed after it', () => {
    // The dashboard's deployments (test/cdk-dashboard.test.ts) write to a bucket of their own.
    const widgetBucket = { Ref: idOf(stack.widget.bucket) };
    const deployments = ofType('Custom::CDKBucketDeployment').filter(([, d]) => JSON.stringify(d.Properties.DestinationBucketName) === JSON.stringify(widgetBucket));
    expect(deployments).toHaveLength(2);
    const [releaseId, release] = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix.startsWith('widget/v/'))!;
    const [, loaders] = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'widget/')!;
    expect(release.Properties).toMatchObject({
      DestinationBucketKeyPrefix: `widget/v/${stack.widget.release}/`,
      Prune: false,
      RetainOnDelete: true,
      SystemMetadata: { 'cache-control': RELEASE_CACHE_CONTROL, 'content-type': 'text/javascript; charset=utf-8' },
    });
    expect(loaders.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': LOADER_CACHE_CONTROL, 'content-type': 'text/javascript; charset=utf-8' },
      DistributionId: { Ref: idOf(stack.widget.distribution) },
      DistributionPaths: ['/widget/import-widget.js', '/widget/import-widget.classic.js'],
    });
    expect(loaders.DependsOn).toContain(releaseId);
    expect(stack.widget.release).toMatch(/^[0-9a-f]{16}$/);
  });

  test('the loaders carry the API URL as a deploy-time value and name the release', () => {
    const [, loaders] = ofType('Custom::CDKBucketDeployment').find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'widget/')!;
    const apiId = idOf(stack.api);
    const files = loaders.Properties.SourceObjectKeys.map((key: string) => path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`));
    const byName = Object.fromEntries(
      files.flatMap((dir: string) => fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')])),
    );
    expect(Object.keys(byName).sort()).toEqual([WIDGET_FILES.classic, WIDGET_FILES.esm]);
    for (const [index, name] of [WIDGET_FILES.esm, WIDGET_FILES.classic].entries()) {
      const source = files.findIndex((dir: string) => fs.existsSync(path.join(dir, name)));
      const markers = loaders.Properties.SourceMarkers[source];
      const apiMarker = Object.keys(markers).find((m) => JSON.stringify(markers[m]) === JSON.stringify({ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] }));
      expect({ index, apiMarker }).toEqual({ index, apiMarker: expect.any(String) });
      expect(byName[name]).toContain(`globalThis.importWidgetConfig = { api: "${apiMarker}", ...globalThis.importWidgetConfig };`);
      expect(byName[name]).toContain(`v/${stack.widget.release}/${name}`);
    }
  });

  test('outputs: WidgetUrl (the ES module loader) and the snippet to paste', () => {
    const outputs = template.toJSON().Outputs;
    const domain = { 'Fn::GetAtt': [idOf(stack.widget.distribution), 'DomainName'] };
    expect(outputs.WidgetUrl.Value).toEqual({ 'Fn::Join': ['', ['https://', domain, '/widget/import-widget.js']] });
    const snippet = JSON.stringify(outputs.WidgetSnippet.Value);
    expect(snippet).toContain('<script type=\\"module\\" src=\\"https://');
    expect(snippet).toContain('<import-widget template=\\"TEMPLATE_ID\\"></import-widget>');
  });

  test('with a custom domain: its certificate, TLS 1.2 as the minimum, and cdk-nag clean without the CFR4 acknowledgement', () => {
    const custom = synth({ widgetDomainName: 'widget.example.com', widgetCertificateArn: CERTIFICATE_ARN });

    expect(custom.nagErrors).toEqual([]);
    const config = custom.resources[custom.stack.getLogicalId(custom.stack.widget.distribution.node.defaultChild as any)].Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['widget.example.com']);
    expect(config.ViewerCertificate).toEqual({ AcmCertificateArn: CERTIFICATE_ARN, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    expect(custom.template.toJSON().Outputs.WidgetUrl.Value).toBe('https://widget.example.com/widget/import-widget.js');
    expect(() => synth({ widgetDomainName: 'widget.example.com' })).toThrow(/go together/);
    expect(() => synth({ widgetDomainName: 'w.example.com', widgetCertificateArn: CERTIFICATE_ARN.replace('us-east-1', 'eu-west-1') })).toThrow(/us-east-1/);
  });
});

describe('widget loaders in Chromium, served cross-origin as CloudFront serves them', () => {
  const API = 'https://api.example.test';
  let bundle: WidgetBundle;
  let browser: Browser;
  let server: Server;
  let port: number;
  /** Files under /widget/ served with the distribution's CORS header; pages from the other host name. */
  const files = new Map<string, string>();

  beforeAll(async () => {
    bundle = buildWidgetBundle();
    const loaders = loaderSources(bundle, API, 'https://unused.example/widget/');
    const release = `/widget/v/${releaseHash(bundle)}`;
    files.set(`/widget/${WIDGET_FILES.esm}`, loaders.esm);
    files.set(`/widget/${WIDGET_FILES.classic}`, loaders.classic);
    files.set(`${release}/${WIDGET_FILES.esm}`, bundle.esm);
    files.set(`${release}/${WIDGET_FILES.classic}`, bundle.classic);
    for (const [name, code] of Object.entries(bundle.chunks)) files.set(`${release}/${name}`, code);
    server = createServer((request, response) => {
      const url = new URL(request.url!, 'http://x');
      if (url.pathname === '/page.html') {
        response.setHeader('content-type', 'text/html');
        response.end(url.searchParams.get('html'));
        return;
      }
      const body = files.get(url.pathname);
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('content-type', 'text/javascript; charset=utf-8');
      response.statusCode = body === undefined ? 404 : 200;
      response.end(body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A page on http://localhost:<port> loading the loader from http://127.0.0.1:<port>: another origin. */
  async function open(head: string, timeout = 5000) {
    const page = await browser.newPage();
    const problems = watchPage(page);
    const html = `<!doctype html><html lang="en"><head><title>host</title><link rel="icon" href="data:,">${head}</head><body></body></html>`;
    await page.goto(`http://localhost:${port}/page.html?html=${encodeURIComponent(html)}`);
    const defined = await page
      .waitForFunction('customElements.get("import-widget") !== undefined', undefined, { timeout })
      .then(() => true, () => false);
    const api = await page.evaluate('globalThis.importWidgetConfig?.api');
    await page.close();
    return { defined, api, problems };
  }

  const cdn = () => `http://127.0.0.1:${port}/widget`;

  test('the ES module loader sets the stage API and defines <import-widget>', async () => {
    const result = await open(`<script type="module" src="${cdn()}/${WIDGET_FILES.esm}"></script>`);
    expect(result).toEqual({ defined: true, api: API, problems: { errors: [], consoleErrors: [], dialogs: [] } });
  });

  test("a page's own importWidgetConfig wins over the loader's", async () => {
    const result = await open(
      `<script>globalThis.importWidgetConfig = { api: "https://own.example" };</script><script type="module" src="${cdn()}/${WIDGET_FILES.esm}"></script>`,
    );
    expect(result).toMatchObject({ defined: true, api: 'https://own.example' });
  });

  test('the classic loader loads the release with its integrity hash', async () => {
    const result = await open(`<script src="${cdn()}/${WIDGET_FILES.classic}"></script>`);
    expect(result).toEqual({ defined: true, api: API, problems: { errors: [], consoleErrors: [], dialogs: [] } });
  });

  test('a release changed under its URL is refused by the classic loader (subresource integrity)', async () => {
    const key = `/widget/v/${releaseHash(bundle)}/${WIDGET_FILES.classic}`;
    files.set(key, `${bundle.classic}\n// tampered`);
    try {
      const result = await open(`<script src="${cdn()}/${WIDGET_FILES.classic}"></script>`, 1500);
      expect(result.defined).toBe(false);
      expect(result.problems.consoleErrors.join('\n')).toMatch(/integrity/i);
    } finally {
      files.set(key, bundle.classic);
    }
  });
});
