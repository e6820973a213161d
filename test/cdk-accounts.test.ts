// Sign-in on AWS as synthesized (lib/user-accounts.ts): the user pool, its managed-login domain, the
// dashboard's app client, the pre-token trigger (and its handler as a pure function), the JWT authorizer
// on exactly the `authorizer: 'jwt'` routes, the dashboard function's permissions, the outputs, and what
// the context keys change (MFA, threat protection, SSO providers, SES). Synthesized without bundling.
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { ImportServiceStack } from '../lib/import-service-stack';
import { LOCAL_DASHBOARD_URL, parseSsoProviders, SAML_EMAIL_CLAIM, userAccountsSettings } from '../lib/user-accounts';
import { accessTokenClaims, handler as tokenClaims } from '../functions/token-claims/handler';
import { ROUTES, routeKey } from '../shared/http/routes';
import { synthesize } from './support/cdk-synth';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[]; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

const SSO_PROVIDERS = [
  { type: 'oidc', name: 'Okta', clientId: 'okta-client', clientSecretName: 'import-service/dev/okta', issuerUrl: 'https://example.okta.com' },
  { type: 'saml', name: 'Entra', metadataUrl: 'https://login.example.com/federationmetadata.xml' },
];
/** Every context key of sign-in set, on the disposable dev stage. */
const FULL_CONTEXT = {
  mfa: 'required',
  threatProtection: 'true',
  dashboardUrl: 'https://dashboard.example.com/app',
  dashboardLogoutUrls: 'https://dashboard.example.com/app/signed-out,https://dashboard.example.com/app',
  ssoProviders: JSON.stringify(SSO_PROVIDERS),
  sesFromAddress: 'invitations@example.com',
  sesDomain: 'example.com',
};

/** The stage synthesized once per test run and context (test/support/cdk-synth.ts). */
function synth(stage: string, context: Record<string, string>) {
  const { stack, template, resources, validationErrors } = synthesize({ stage, ...context });
  return { stack, template, resources: resources as Record<string, Resource>, errors: validationErrors };
}

const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const actionsOf = (statement: Statement) => [statement.Action].flat();
const ofType = (resources: Record<string, Resource>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const only = (resources: Record<string, Resource>, type: string) => {
  const found = ofType(resources, type);
  expect(found).toHaveLength(1);
  return found[0];
};

/** Every statement of the policies attached to a function's role. */
function roleStatements(resources: Record<string, Resource>, functionId: string): Statement[] {
  const roleId = resources[functionId].Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((ref: any) => ref.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}

describe('the token-claims trigger (a pure function)', () => {
  const event = (userAttributes: Record<string, string>) =>
    ({
      version: '2',
      triggerSource: 'TokenGeneration_HostedAuth',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_abc',
      userName: 'u',
      callerContext: { awsSdkVersion: '', clientId: 'client' },
      request: { userAttributes, groupConfiguration: {}, scopes: ['openid', 'email'] },
      response: { claimsAndScopeOverrideDetails: null },
    }) as any;

  test('adds email and email_verified (a boolean) to the access token only', async () => {
    // Act
    const result = await tokenClaims(event({ sub: 's-1', email: 'Ann@Example.com', email_verified: 'true' }));

    // Assess
    expect(result.response).toEqual({
      claimsAndScopeOverrideDetails: {
        accessTokenGeneration: { claimsToAddOrOverride: { email: 'Ann@Example.com', email_verified: true } },
      },
    });
    expect(result.request).toEqual(event({ sub: 's-1', email: 'Ann@Example.com', email_verified: 'true' }).request);
  });

  test('an unverified address says so; no email, no claims', () => {
    expect(accessTokenClaims({ email: 'a@example.com', email_verified: 'false' })).toEqual({ email: 'a@example.com', email_verified: false });
    expect(accessTokenClaims({ email: 'a@example.com' })).toEqual({ email: 'a@example.com', email_verified: false });
    expect(accessTokenClaims({ sub: 's-1' })).toEqual({});
  });
});

describe('sign-in context keys', () => {
  const read = (context: Record<string, unknown>) => userAccountsSettings((key) => context[key]);

  test('defaults: MFA optional, Essentials, the dashboard where the stack serves it (no URL of its own), no SSO, no SES', () => {
    expect(read({})).toEqual({
      mfa: 'optional',
      threatProtection: false,
      domainPrefix: undefined,
      customDomain: undefined,
      dashboardUrl: undefined,
      callbackUrls: undefined,
      logoutUrls: undefined,
      ssoProviders: [],
      invitationEmail: undefined,
    });
  });

  test('malformed values fail synthesis with the key named', () => {
    expect(() => read({ mfa: 'sometimes' })).toThrow(/Context mfa/);
    expect(() => read({ threatProtection: 'yes' })).toThrow(/threatProtection/);
    expect(() => read({ dashboardCallbackUrls: 'http://dashboard.example.com/cb' })).toThrow(/https URL \(http only for localhost\)/);
    expect(() => read({ authDomainName: 'login.example.com' })).toThrow(/go together/);
    expect(() => read({ authDomainName: 'login.example.com', authCertificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' })).toThrow(/us-east-1/);
    expect(() => read({ sesDomain: 'example.com' })).toThrow(/sesFromAddress/);
    expect(() => read({ sesFromAddress: 'a@other.com', sesDomain: 'example.com' })).toThrow(/must be an address of sesDomain/);
    expect(read({ dashboardUrl: LOCAL_DASHBOARD_URL })).toMatchObject({
      callbackUrls: [`${LOCAL_DASHBOARD_URL}/callback`],
      logoutUrls: [`${LOCAL_DASHBOARD_URL}/`],
    });
    expect(read({ dashboardCallbackUrls: '["https://a.example.com/cb","http://localhost:5173/cb"]' }).callbackUrls).toEqual([
      'https://a.example.com/cb',
      'http://localhost:5173/cb',
    ]);
  });

  test('SSO providers: oidc and saml, never a client secret in context', () => {
    expect(parseSsoProviders(JSON.stringify(SSO_PROVIDERS))).toEqual(SSO_PROVIDERS);
    expect(() => parseSsoProviders('[{"type":"oidc","name":"Okta","clientId":"x","clientSecret":"s3cret","issuerUrl":"https://x"}]')).toThrow(
      /no clientSecret in context/,
    );
    expect(() => parseSsoProviders('[{"type":"saml","name":"COGNITO","metadataUrl":"https://x"}]')).toThrow(/built-in provider/);
    expect(() => parseSsoProviders('[{"type":"saml","name":"A","metadataUrl":"http://x"}]')).toThrow(/metadataUrl must be an https URL/);
    expect(() => parseSsoProviders('[{"type":"ldap","name":"A"}]')).toThrow(/oidc" or "saml/);
    expect(() => parseSsoProviders(JSON.stringify([SSO_PROVIDERS[1], SSO_PROVIDERS[1]]))).toThrow(/used twice/);
  });
});

describe('sign-in on AWS, default context', () => {
  let stack: ImportServiceStack;
  let template: Template;
  let resources: Record<string, Resource>;
  let errors: string[];
  let poolId: string;
  let clientId: string;
  /** The dashboard's own distribution: where sign-in returns when the context names no dashboard URL. */
  let dashboardDomain: unknown;

  beforeAll(() => {
    ({ stack, template, resources, errors } = synth('test', {}));
    poolId = logicalId(stack, stack.userAccounts.userPool);
    clientId = logicalId(stack, stack.userAccounts.client);
    dashboardDomain = { 'Fn::GetAtt': [logicalId(stack, stack.dashboard.distribution), 'DomainName'] };
  });

  test('cdk-nag reports no unacknowledged error; the COG2 (MFA optional) and COG8 (Essentials) acknowledgements say why', () => {
    expect(errors).toEqual([]);
    const metadata = JSON.stringify(stack.userAccounts.userPool.node.defaultChild!.node.metadata);
    expect(metadata).toContain('AwsSolutions-COG2');
    expect(metadata).toContain('mfa=optional');
    expect(metadata).toContain('AwsSolutions-COG8');
    expect(metadata).toContain('threatProtection');
  });

  test('the user pool: self sign-up by email, verified by code, password policy, recovery by email, optional TOTP, Essentials, retained', () => {
    const [, pool] = only(resources, 'AWS::Cognito::UserPool');
    expect(pool.Properties).toMatchObject({
      UserPoolName: 'import-service-test',
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      Policies: {
        PasswordPolicy: { MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true, TemporaryPasswordValidityDays: 3 },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'ESSENTIALS',
      DeletionProtection: 'ACTIVE',
    });
    expect(pool.Properties.UserPoolAddOns).toBeUndefined();
    expect(pool.DeletionPolicy).toBe('Retain');
    // No SMS: no role for Cognito to send them.
    expect(pool.Properties.SmsConfiguration).toBeUndefined();
  });

  test('a prefix domain of stage and account, managed login version 2, and the client\'s branding style', () => {
    const [domainId, domain] = only(resources, 'AWS::Cognito::UserPoolDomain');
    expect(domain.Properties).toEqual({
      Domain: { 'Fn::Join': ['', ['import-service-test-', { Ref: 'AWS::AccountId' }]] },
      ManagedLoginVersion: 2,
      UserPoolId: { Ref: poolId },
    });
    const [, branding] = only(resources, 'AWS::Cognito::ManagedLoginBranding');
    expect(branding.Properties).toEqual({ UserPoolId: { Ref: poolId }, ClientId: { Ref: clientId }, UseCognitoProvidedValues: true });
    expect(branding.DependsOn).toContain(domainId);
  });

  test('the dashboard client: public, code grant only, openid/email/profile, the dashboard distribution\'s callback, 1 h / 30 d tokens, revocation, no existence errors', () => {
    const [, client] = only(resources, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({
      UserPoolId: { Ref: poolId },
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', dashboardDomain, '/dashboard/callback']] }],
      LogoutURLs: [{ 'Fn::Join': ['', ['https://', dashboardDomain, '/dashboard/']] }],
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      SupportedIdentityProviders: ['COGNITO'],
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
  });

  test('the pre-token trigger: V2_0 event to the token-claims function, which Cognito may invoke and which may only log', () => {
    const triggerId = logicalId(stack, stack.userAccounts.tokenClaims);
    const [, pool] = only(resources, 'AWS::Cognito::UserPool');
    expect(pool.Properties.LambdaConfig).toEqual({
      PreTokenGenerationConfig: { LambdaArn: { 'Fn::GetAtt': [triggerId, 'Arn'] }, LambdaVersion: 'V2_0' },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
    expect(resources[triggerId].Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], MemorySize: 128, Timeout: 5 });
    expect(roleStatements(resources, triggerId).flatMap(actionsOf).filter((a) => !a.startsWith('logs:'))).toEqual([]);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'import-service-test-token-claims-errors',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: triggerId } }],
    });
  });

  test('the JWT authorizer (issuer of the pool, audience the client) on every authorizer: jwt route and on no other', () => {
    const [authorizerId, authorizer] = only(resources, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: poolId }]] },
        Audience: [{ Ref: clientId }],
      },
    });
    const routes = new Map<string, Record<string, any>>(ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => [r.Properties.RouteKey, r.Properties]));
    const jwtRoutes = ROUTES.filter((r) => r.authorizer === 'jwt');
    expect(jwtRoutes.length).toBeGreaterThan(0);
    for (const route of ROUTES) {
      const synthesized = routes.get(routeKey(route))!;
      if (route.authorizer === 'jwt') {
        expect({ route: routeKey(route), type: synthesized.AuthorizationType, id: synthesized.AuthorizerId, scopes: synthesized.AuthorizationScopes }).toEqual({
          route: routeKey(route),
          type: 'JWT',
          id: { Ref: authorizerId },
          scopes: ['openid'],
        });
      } else {
        expect({ route: routeKey(route), type: synthesized.AuthorizationType, id: synthesized.AuthorizerId }).toEqual({ route: routeKey(route), type: 'NONE', id: undefined });
      }
    }
    expect(routes.get('$default')!.AuthorizerId).toBeUndefined();
  });

  test('the APIG4 acknowledgement "authenticates in its function" is on the API-key routes only, never on a JWT route', () => {
    const metadataOf = (key: string) => {
      const route = stack.api.node.findAll().find((c) => (c.node.defaultChild as { routeKey?: string } | undefined)?.routeKey === key)!;
      return JSON.stringify([route.node.metadata, route.node.defaultChild!.node.metadata]);
    };
    for (const route of ROUTES) {
      const acknowledged = metadataOf(routeKey(route)).includes('AwsSolutions-APIG4');
      expect({ route: routeKey(route), acknowledged }).toEqual({ route: routeKey(route), acknowledged: route.authorizer !== 'jwt' });
    }
  });

  test('the dashboard function: rows read, the webhook queue, 29 s, DASHBOARD_URL, invitations not emailed, no SES', () => {
    const fnId = logicalId(stack, stack.apiFunctions.get('dashboard')!);
    const statements = roleStatements(resources, fnId);
    const s3 = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(s3.map(actionsOf)).toEqual([['s3:GetObject']]);
    expect(JSON.stringify(s3[0].Resource)).toContain('/rows/*');
    const webhookQueueId = ofType(resources, 'AWS::SQS::Queue').find(([, q]) => /-webhooks?$/.test(q.Properties.QueueName))![0];
    expect(statements.filter((s) => actionsOf(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(webhookQueueId))).toHaveLength(1);
    expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('ses:'))).toEqual([]);
    const fn = resources[fnId].Properties;
    expect(fn.Timeout).toBe(29);
    expect(fn.Environment.Variables).toMatchObject({
      DASHBOARD_URL: { 'Fn::Join': ['', ['https://', dashboardDomain, '/dashboard']] },
      RETENTION_DAYS: '30',
      WEBHOOK_QUEUE_URL: { Ref: webhookQueueId },
    });
    expect(fn.Environment.Variables.INVITATION_FROM).toBeUndefined();
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
  });

  test('outputs for the dashboard app: pool, client, issuer, login base URL, API URL', () => {
    template.hasOutput('UserPoolId', { Value: { Ref: poolId } });
    template.hasOutput('UserPoolClientId', { Value: { Ref: clientId } });
    template.hasOutput('CognitoIssuer', {
      Value: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: poolId }]] },
    });
    const [domainId] = only(resources, 'AWS::Cognito::UserPoolDomain');
    template.hasOutput('CognitoDomain', {
      Value: { 'Fn::Join': ['', ['https://', { Ref: domainId }, '.auth.', { Ref: 'AWS::Region' }, '.amazoncognito.com']] },
    });
    template.hasOutput('ApiUrl', Match.anyValue());
  });

  test('no identity providers besides Cognito\'s own by default', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });
});

describe('sign-in on AWS, every context key set (dev stage)', () => {
  let stack: ImportServiceStack;
  let resources: Record<string, Resource>;
  let errors: string[];

  beforeAll(() => {
    ({ stack, resources, errors } = synth('dev', FULL_CONTEXT));
  });

  test('cdk-nag reports no unacknowledged error, and none of the Cognito acknowledgements is needed', () => {
    expect(errors).toEqual([]);
    const metadata = JSON.stringify(stack.userAccounts.userPool.node.defaultChild!.node.metadata);
    expect(metadata).not.toContain('AwsSolutions-COG2');
    expect(metadata).not.toContain('AwsSolutions-COG8');
  });

  test('MFA required, Plus plan with threat protection enforced, deletable with the dev stage', () => {
    const [, pool] = only(resources, 'AWS::Cognito::UserPool');
    expect(pool.Properties).toMatchObject({
      MfaConfiguration: 'ON',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      DeletionProtection: 'INACTIVE',
    });
    expect(pool.DeletionPolicy).toBe('Delete');
  });

  test('callback and logout URLs from context; the SSO providers are the client\'s (by Ref: created before it)', () => {
    const [, client] = only(resources, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.CallbackURLs).toEqual(['https://dashboard.example.com/app/callback']);
    expect(client.Properties.LogoutURLs).toEqual(['https://dashboard.example.com/app/signed-out', 'https://dashboard.example.com/app']);
    const providers = ofType(resources, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', ...providers.map(([id]) => ({ Ref: id }))]);
  });

  test('OIDC: the client secret is a Secrets Manager reference, never a literal; email mapped. SAML: metadata URL, email mapped', () => {
    const byType = Object.fromEntries(ofType(resources, 'AWS::Cognito::UserPoolIdentityProvider').map(([, r]) => [r.Properties.ProviderType, r.Properties]));
    expect(byType.OIDC).toMatchObject({
      ProviderName: 'Okta',
      ProviderDetails: {
        client_id: 'okta-client',
        client_secret: '{{resolve:secretsmanager:import-service/dev/okta:SecretString:::}}',
        oidc_issuer: 'https://example.okta.com',
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email', email_verified: 'email_verified' },
    });
    expect(byType.SAML).toMatchObject({
      ProviderName: 'Entra',
      ProviderDetails: { MetadataURL: 'https://login.example.com/federationmetadata.xml' },
      AttributeMapping: { email: SAML_EMAIL_CLAIM },
    });
  });

  test('SES: the domain identity, ses:SendEmail on it only, the sender and the dashboard URL in the environment', () => {
    const [identityId, identity] = only(resources, 'AWS::SES::EmailIdentity');
    expect(identity.Properties.EmailIdentity).toBe('example.com');
    const fnId = logicalId(stack, stack.apiFunctions.get('dashboard')!);
    const ses = roleStatements(resources, fnId).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0]).toMatchObject({ Effect: 'Allow', Action: 'ses:SendEmail' });
    expect(JSON.stringify(ses[0].Resource)).toContain(`":identity/",{"Ref":"${identityId}"}`);
    expect(resources[fnId].Properties.Environment.Variables).toMatchObject({
      DASHBOARD_URL: 'https://dashboard.example.com/app',
      INVITATION_FROM: 'invitations@example.com',
    });
    // No other function may send.
    for (const [id, r] of ofType(resources, 'AWS::Lambda::Function')) {
      if (id === fnId || !r.Properties.Role) continue;
      expect({ id, ses: roleStatements(resources, id).flatMap(actionsOf).filter((a) => a.startsWith('ses:')) }).toEqual({ id, ses: [] });
    }
  });

  test('an email address alone: an email identity; a custom sign-in domain with its certificate, as the login base URL', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
    const { template: other, resources: otherResources } = synth('dev', {
      sesFromAddress: 'me@example.org',
      authDomainName: 'login.example.org',
      authCertificateArn: certificateArn,
    });
    other.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'me@example.org' });
    const [domainId, domain] = only(otherResources, 'AWS::Cognito::UserPoolDomain');
    expect(domain.Properties).toMatchObject({ Domain: 'login.example.org', CustomDomainConfig: { CertificateArn: certificateArn }, ManagedLoginVersion: 2 });
    other.hasOutput('CognitoDomain', { Value: { 'Fn::Join': ['', ['https://', { Ref: domainId }]] } });
  });
});
