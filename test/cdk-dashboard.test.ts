// The dashboard's hosting as synthesized (lib/dashboard-hosting.ts): the private bucket behind CloudFront with
// OAC, the behaviours (files, immutable assets, the proxied dashboard API), the route function (its code run
// on sample requests), the two deployments and their Cache-Control, config.json with the stage's deploy-time
// addresses, the security headers and the Content-Security-Policy, the DashboardUrl output and the Cognito
// app client's redirect URLs. Synthesized without Lambda bundling; the app is the build of the current sources.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { ImportServiceStack } from '../lib/import-service-stack';
import { dashboardBuildDir, ROUTE_FUNCTION_CODE, tokenContentSecurityPolicy } from '../lib/dashboard-hosting';
import { ASSET_CACHE_CONTROL, contentSecurityPolicy, DOCUMENT_CACHE_CONTROL } from '../dashboard/hosting';
import { synthesize } from './support/cdk-synth';

const PROJECT_ROOT = path.resolve(__dirname, '..');
/** CloudFront's managed policies. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Resource = { Type: string; Properties: any; DependsOn?: string[] };

/** The test stage synthesized once per test run (test/support/cdk-synth.ts). */
function synth(context: Record<string, string> = {}) {
  const { stack, template, outdir, validationErrors, resources } = synthesize({ stage: 'test', ...context });
  return { stack, template, outdir, nagErrors: validationErrors, resources: resources as Record<string, Resource> };
}

/** A CloudFormation value as text: Ref and GetAtt as <LogicalId> and <LogicalId.Attribute>, joins joined. */
function render(value: any): string {
  if (typeof value === 'string') return value;
  if (value['Fn::Join']) return value['Fn::Join'][1].map(render).join(value['Fn::Join'][0]);
  if (value['Fn::GetAtt']) return `<${value['Fn::GetAtt'].join('.')}>`;
  if (value.Ref) return `<${value.Ref}>`;
  throw new Error(`cannot render ${JSON.stringify(value)}`);
}

/** A CloudFront Function's handler, from its code, as CloudFront runs it on a viewer request. */
function routeHandler(code: string): (event: any) => any {
  return new Function(`${code}\nreturn handler;`)();
}
const viewerRequest = (uri: string, querystring: Record<string, { value: string }> = {}) => ({
  version: '1.0',
  context: { eventType: 'viewer-request' },
  viewer: { ip: '192.0.2.1' },
  request: { method: 'GET', uri, querystring, headers: { host: { value: 'd111111abcdef8.cloudfront.net' } }, cookies: {} },
});

describe('dashboard hosting', () => {
  let stack: ImportServiceStack;
  let template: Template;
  let resources: Record<string, Resource>;
  let outdir: string;
  let nagErrors: string[];
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const idOf = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as any);
  const distributionConfig = () => resources[idOf(stack.dashboard.distribution)].Properties.DistributionConfig;
  const deployment = (prefix: string) => {
    const found = ofType('Custom::CDKBucketDeployment').filter(([, d]) => d.Properties.DestinationBucketKeyPrefix === prefix);
    expect(found).toHaveLength(1);
    return found[0];
  };
  /** The files of a deployment's sources, as staged in cdk.out, by name (with each source's markers). */
  const stagedFiles = (props: any) =>
    props.SourceObjectKeys.flatMap((key: string, index: number) => {
      const dir = path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
      return fs.readdirSync(dir).map((name) => ({ name, dir, markers: props.SourceMarkers?.[index] ?? {} }));
    });

  beforeAll(() => {
    ({ stack, template, resources, outdir, nagErrors } = synth());
  });

  test('cdk-nag has no unacknowledged error; the distribution acknowledges geo restriction, WAF and the default certificate', () => {
    expect(nagErrors).toEqual([]);
    const acknowledged = stack.dashboard.distribution.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.keys(entry.data as object))
      .map((id) => id.replace(/^\w+::/, ''));
    expect(acknowledged.sort()).toEqual(['AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-CFR4']);
  });

  test('the bucket is private, encrypted, TLS only, logged, and readable by this distribution alone (OAC)', () => {
    const bucketId = idOf(stack.dashboard.bucket);
    expect(resources[bucketId].Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LoggingConfiguration: { DestinationBucketName: { Ref: expect.stringMatching(/^FilesAccessLogsBucket/) }, LogFilePrefix: 'dashboard-bucket/' },
    });
    expect(resources[bucketId].Properties.WebsiteConfiguration).toBeUndefined();
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === bucketId)!;
    const statements = policy.Properties.PolicyDocument.Statement;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    const allows = statements.filter((s: any) => s.Effect === 'Allow');
    expect(allows).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
    expect(JSON.stringify(allows[0].Condition)).toContain(idOf(stack.dashboard.distribution));
    const s3Origin = distributionConfig().Origins.find((o: any) => o.S3OriginConfig);
    expect(s3Origin).toMatchObject({ DomainName: { 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] }, OriginAccessControlId: expect.anything() });
  });

  test('behaviours: files through the route function, assets without it, /dashboard/v1/* proxied to the HTTP API uncached; no error-page mapping', () => {
    const config = distributionConfig();
    const [s3Origin, apiOrigin] = ['S3OriginConfig', 'CustomOriginConfig'].map((kind) => config.Origins.find((o: any) => o[kind]));
    const headersPolicy = { Ref: idOf(stack.dashboard.headers) };
    expect(config).toMatchObject({
      Enabled: true,
      HttpVersion: 'http2and3',
      DefaultCacheBehavior: {
        TargetOriginId: s3Origin.Id,
        ViewerProtocolPolicy: 'redirect-to-https',
        AllowedMethods: ['GET', 'HEAD'],
        CachePolicyId: CACHING_OPTIMIZED,
        Compress: true,
        ResponseHeadersPolicyId: headersPolicy,
        FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [idOf(stack.dashboard.routeFunction), 'FunctionARN'] } }],
      },
      Logging: { Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^DashboardCdnLogsBucket/), 'RegionalDomainName'] } },
    });
    // A missing file stays a 403/404: the app's routes come from the function, not from error responses.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultRootObject).toBeUndefined();
    const byPath = Object.fromEntries(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
    expect(Object.keys(byPath).sort()).toEqual(['/dashboard/assets/*', '/dashboard/v1/*']);
    expect(byPath['/dashboard/assets/*']).toEqual({
      PathPattern: '/dashboard/assets/*',
      TargetOriginId: s3Origin.Id,
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: CACHING_OPTIMIZED,
      Compress: true,
      ResponseHeadersPolicyId: headersPolicy,
    });
    expect(byPath['/dashboard/v1/*']).toMatchObject({
      TargetOriginId: apiOrigin.Id,
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    expect(byPath['/dashboard/v1/*'].FunctionAssociations).toBeUndefined();
    expect(render(apiOrigin.DomainName)).toBe(`<${idOf(stack.api)}>.execute-api.<AWS::Region>.<AWS::URLSuffix>`);
    expect(apiOrigin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(apiOrigin.OriginPath).toBeUndefined();
  });

  test('the route function is the tested code, on the cloudfront-js-2.0 runtime', () => {
    const fn = resources[idOf(stack.dashboard.routeFunction)].Properties;
    expect(fn.FunctionCode).toBe(ROUTE_FUNCTION_CODE);
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.AutoPublish).toBe(true);
  });

  test('assets: the build\'s assets/ under dashboard/assets/, immutable for a year, never pruned', () => {
    const [, assets] = deployment('dashboard/assets/');
    expect(assets.Properties).toMatchObject({
      DestinationBucketName: { Ref: idOf(stack.dashboard.bucket) },
      Prune: false,
      RetainOnDelete: true,
      SystemMetadata: { 'cache-control': ASSET_CACHE_CONTROL },
    });
    expect(ASSET_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    const build = dashboardBuildDir(PROJECT_ROOT);
    const staged = stagedFiles(assets.Properties).map((file: { name: string }) => file.name);
    expect(staged.sort()).toEqual(fs.readdirSync(path.join(build, 'assets')).sort());
    expect(staged.every((name: string) => /-[\w-]{8}\.(js|css)$/.test(name))).toBe(true);
  });

  test('documents: index.html and config.json under dashboard/, no-cache, invalidated, after the assets', () => {
    const [assetsId] = deployment('dashboard/assets/');
    const [, documents] = deployment('dashboard/');
    expect(documents.Properties).toMatchObject({
      DestinationBucketName: { Ref: idOf(stack.dashboard.bucket) },
      Prune: false,
      SystemMetadata: { 'cache-control': DOCUMENT_CACHE_CONTROL },
      DistributionId: { Ref: idOf(stack.dashboard.distribution) },
      DistributionPaths: ['/dashboard/index.html', '/dashboard/config.json'],
    });
    expect(DOCUMENT_CACHE_CONTROL).toBe('no-cache');
    expect(documents.DependsOn).toContain(assetsId);
    const files = stagedFiles(documents.Properties);
    expect(files.map((file: { name: string }) => file.name).sort()).toEqual(['config.json', 'index.html']);
    const index = files.find((file: { name: string }) => file.name === 'index.html');
    const html = fs.readFileSync(path.join(index.dir, 'index.html'), 'utf8');
    expect(html).toBe(fs.readFileSync(path.join(dashboardBuildDir(PROJECT_ROOT), 'index.html'), 'utf8'));
    // Every asset the page names is in the assets deployment.
    const [, assets] = deployment('dashboard/assets/');
    const staged = new Set(stagedFiles(assets.Properties).map((file: { name: string }) => file.name));
    const named = [...html.matchAll(/\/dashboard\/assets\/([^"']+)/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(staged).toContain(name);
  });

  test('config.json: the stage\'s addresses at deploy time (the API under the distribution\'s own origin)', () => {
    const [, documents] = deployment('dashboard/');
    const file = stagedFiles(documents.Properties).find((f: { name: string }) => f.name === 'config.json');
    let text = fs.readFileSync(path.join(file.dir, 'config.json'), 'utf8');
    for (const [marker, value] of Object.entries(file.markers)) text = text.split(marker).join(render(value));
    const ids = {
      distribution: idOf(stack.dashboard.distribution),
      pool: idOf(stack.userAccounts.userPool),
      client: idOf(stack.userAccounts.client),
      widget: idOf(stack.widget.distribution),
      api: idOf(stack.api),
      domain: idOf(stack.userAccounts.domain),
    };
    expect(JSON.parse(text)).toEqual({
      apiUrl: `https://<${ids.distribution}.DomainName>`,
      issuer: `https://cognito-idp.<AWS::Region>.<AWS::URLSuffix>/<${ids.pool}>`,
      clientId: `<${ids.client}>`,
      widgetScriptUrl: `https://<${ids.widget}.DomainName>/widget/import-widget.js`,
      embedApiUrl: `<${ids.api}.ApiEndpoint>`,
      logoutUrl: `https://<${ids.domain}>.auth.<AWS::Region>.amazoncognito.com/logout`,
    });
  });

  test('headers: the Content-Security-Policy names the widget for scripts and the API, issuer, login and upload origins for connections; HSTS, nosniff, DENY', () => {
    const policy = resources[idOf(stack.dashboard.headers)].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(policy).toMatchObject({
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 730 * 86400, IncludeSubdomains: true, Override: true },
      ContentSecurityPolicy: { Override: true },
    });
    const csp = render(policy.ContentSecurityPolicy.ContentSecurityPolicy);
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'", `https://<${idOf(stack.widget.distribution)}.DomainName>`]);
    expect(directives['connect-src']).toEqual([
      "'self'",
      `<${idOf(stack.api)}.ApiEndpoint>`,
      'https://cognito-idp.<AWS::Region>.<AWS::URLSuffix>',
      `https://<${idOf(stack.userAccounts.domain)}>.auth.<AWS::Region>.amazoncognito.com`,
      `https://<${stack.getLogicalId(stack.node.findChild('FilesBucket').node.defaultChild as any)}.RegionalDomainName>`,
    ]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    // No wildcard or inline code for scripts or connections; only images may come from any https URL (logos).
    for (const name of ['default-src', 'script-src', 'connect-src']) {
      expect(directives[name].filter((source: string) => /\*|unsafe|^https?:$|^data:$/.test(source))).toEqual([]);
    }
    expect(csp.length).toBeLessThan(1783); // CloudFront's limit for the header's value (tokens here are short stand-ins)
  });

  test('the token-built policy is the policy dashboard/hosting.ts gives the local gateway', () => {
    const origins = {
      api: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com',
      login: 'https://import-service-dev-1.auth.eu-west-1.amazoncognito.com',
      widget: 'https://d222.cloudfront.net',
      upload: 'https://files-1.s3.eu-west-1.amazonaws.com',
    };
    const expected = contentSecurityPolicy(
      {
        apiUrl: 'https://d111.cloudfront.net',
        issuer: `${origins.issuer}/eu-west-1_pool`,
        clientId: 'client',
        widgetScriptUrl: `${origins.widget}/widget/import-widget.js`,
        embedApiUrl: origins.api,
        logoutUrl: `${origins.login}/logout`,
      },
      [origins.login, origins.upload],
    );
    // The same directives with the same sources, but the app's own API: it is the app's origin ('self').
    const directives = (policy: string) =>
      Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).filter((s) => s !== 'https://d111.cloudfront.net').sort()]));
    expect(directives(tokenContentSecurityPolicy(origins))).toEqual(directives(expected));
    expect(expected).toContain('https://d111.cloudfront.net');
  });

  test('output DashboardUrl; the Cognito app client returns there after sign-in and sign-out; invitation links open it', () => {
    const domain = `https://<${idOf(stack.dashboard.distribution)}.DomainName>`;
    const outputs = template.toJSON().Outputs;
    expect(render(outputs.DashboardUrl.Value)).toBe(`${domain}/dashboard/`);
    const [, client] = ofType('AWS::Cognito::UserPoolClient')[0];
    expect(client.Properties.CallbackURLs.map(render)).toContain(`${domain}/dashboard/callback`);
    expect(client.Properties.LogoutURLs.map(render)).toContain(`${domain}/dashboard/`);
    const fn = resources[idOf(stack.apiFunctions.get('dashboard')!)].Properties;
    expect(render(fn.Environment.Variables.DASHBOARD_URL)).toBe(`${domain}/dashboard`);
  });
});

describe('the route function, run as CloudFront runs it', () => {
  const handler = routeHandler(ROUTE_FUNCTION_CODE);

  test.each([
    ['/dashboard/', '/dashboard/index.html'],
    ['/dashboard/callback', '/dashboard/index.html'],
    ['/dashboard/o/org_01JABC', '/dashboard/index.html'],
    ['/dashboard/o/org_01JABC/imports/imp_01JXYZ', '/dashboard/index.html'],
    ['/dashboard/invitations/inv_01J/', '/dashboard/index.html'],
    ['/dashboard/index.html', '/dashboard/index.html'],
    ['/dashboard/config.json', '/dashboard/config.json'],
    ['/dashboard/assets/index-C3UQAntI.js', '/dashboard/assets/index-C3UQAntI.js'],
    // A missing asset is asked of the bucket as it is: it fails, never becomes the app.
    ['/dashboard/assets/missing', '/dashboard/assets/missing'],
    ['/dashboard/missing.js', '/dashboard/missing.js'],
    ['/favicon.ico', '/favicon.ico'],
    ['/widget/import-widget.js', '/widget/import-widget.js'],
  ])('%s is asked of the bucket as %s', (uri, expected) => {
    const result = handler(viewerRequest(uri));
    expect(result.statusCode).toBeUndefined();
    expect(result.uri).toBe(expected);
  });

  test('the query string of an app route reaches the app (the code and state of a sign-in)', () => {
    const querystring = { code: { value: 'abc' }, state: { value: 'xyz' } };
    const result = handler(viewerRequest('/dashboard/callback', querystring));
    expect(result).toMatchObject({ uri: '/dashboard/index.html', querystring, method: 'GET' });
  });

  test.each(['/', '/dashboard'])('%s redirects to /dashboard/', (uri) => {
    expect(handler(viewerRequest(uri))).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: '/dashboard/' } },
    });
  });
});
