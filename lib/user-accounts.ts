// The organization's own accounts on AWS: the Cognito user pool people sign in to (OpenID Connect), its
// managed-login domain, the dashboard's app client, the pre-token trigger that puts `email` and
// `email_verified` into access tokens, optional SSO identity providers, and the HTTP API's JWT
// authorizer that checks those tokens on every `authorizer: 'jwt'` route. docs/dashboard-api.md
// ("Sign-in on AWS") describes it; lib/app.ts reads its context keys through userAccountsSettings.
import * as path from 'node:path';
import { JWT_ROUTE_SCOPES } from '../shared/http/route-definition';
import { TOKEN_CLAIMS_MEMORY_MB } from '../shared/resources';
import { Annotations, CfnOutput, Lazy, Duration, SecretValue, Stack, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import {
  AccountRecovery,
  CfnManagedLoginBranding,
  FeaturePlan,
  LambdaVersion,
  ManagedLoginVersion,
  Mfa,
  OAuthScope,
  OidcAttributeRequestMethod,
  ProviderAttribute,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolIdentityProviderOidc,
  UserPoolIdentityProviderSaml,
  UserPoolIdentityProviderSamlMetadata,
  UserPoolOperation,
  VerificationEmailStyle,
  type CfnUserPool,
  type IUserPoolIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import { isDisposable } from './stage';
import { alarmDescription, RUNBOOK } from './operations/runbooks';

export type MfaSetting = 'off' | 'optional' | 'required';

/** An OpenID Connect provider; its client secret is read from Secrets Manager at deploy time, by name. */
export interface OidcSsoProvider {
  readonly type: 'oidc';
  /** The provider's name in the user pool and on the managed login page (1-32 characters). */
  readonly name: string;
  readonly clientId: string;
  /** A Secrets Manager secret whose value (or JSON field clientSecretField) is the client secret. */
  readonly clientSecretName: string;
  readonly clientSecretField?: string;
  readonly issuerUrl: string;
}

/** A SAML 2.0 provider, from its metadata document's URL. */
export interface SamlSsoProvider {
  readonly type: 'saml';
  readonly name: string;
  readonly metadataUrl: string;
  /** The assertion attribute holding the email address; default the WS-Federation emailaddress claim. */
  readonly emailAttribute?: string;
}

export type SsoProvider = OidcSsoProvider | SamlSsoProvider;

/** SES for the dashboard's invitation emails: the sender address, and the domain identity when it is one. */
export interface InvitationEmail {
  readonly fromAddress: string;
  readonly domain?: string;
}

export interface UserAccountsSettings {
  readonly mfa: MfaSetting;
  /** Cognito's Plus feature plan with standard threat protection enforced; false: the Essentials plan. */
  readonly threatProtection: boolean;
  /** The Cognito prefix domain; default import-service-<stage>-<account>. Ignored with customDomain. */
  readonly domainPrefix?: string;
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /**
   * Where the dashboard app is served, for invitation links (env DASHBOARD_URL) and the default redirect
   * URLs; unset: where the stack serves it (its distribution, serveDashboardAt).
   */
  readonly dashboardUrl?: string;
  readonly callbackUrls?: readonly string[];
  readonly logoutUrls?: readonly string[];
  readonly ssoProviders: readonly SsoProvider[];
  readonly invitationEmail?: InvitationEmail;
}

/** The dashboard of `npm start`: the URLs of a UserAccounts whose stack serves no dashboard of its own. */
export const LOCAL_DASHBOARD_URL = 'http://localhost:3000/dashboard';
export const DEFAULT_MFA: MfaSetting = 'optional';
/** Cognito's default when the assertion's email attribute is not named (Entra ID, ADFS and most IdPs send it). */
export const SAML_EMAIL_CLAIM = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';

const ACCESS_TOKEN_VALIDITY = Duration.hours(1);
const ID_TOKEN_VALIDITY = Duration.hours(1);
const REFRESH_TOKEN_VALIDITY = Duration.days(30);
/** Route scope (shared with the local gateway): Cognito's access tokens carry `scope`, its ID tokens do not, so an ID token is refused. */
export const DASHBOARD_ROUTE_SCOPES = [...JWT_ROUTE_SCOPES];

type ContextReader = (key: string) => unknown;

const text = (value: unknown): string | undefined =>
  value === undefined || value === null || String(value).trim() === '' ? undefined : String(value).trim();

/** A list context value: a JSON array, or comma-separated (`-c dashboardCallbackUrls=a,b`). */
function list(value: unknown, key: string): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const items = Array.isArray(value)
    ? value
    : String(value).trim().startsWith('[')
      ? (JSON.parse(String(value)) as unknown[])
      : String(value).split(',');
  const urls = items.map((item) => String(item).trim()).filter((item) => item !== '');
  for (const url of urls) {
    // Cognito accepts http only for localhost.
    if (!/^https:\/\/[^\s]+$/.test(url) && !/^http:\/\/localhost(:\d+)?(\/[^\s]*)?$/.test(url)) {
      throw new Error(`Context ${key}: ${url} must be an https URL (http only for localhost)`);
    }
  }
  if (urls.length === 0) throw new Error(`Context ${key} is empty`);
  return urls;
}

const PROVIDER_NAME = /^[A-Za-z0-9][A-Za-z0-9.-]{0,31}$/;
const RESERVED_PROVIDER_NAMES = ['cognito', 'google', 'facebook', 'loginwithamazon', 'signinwithapple'];

/** `ssoProviders`: a JSON array (or one object) of providers; client secrets by Secrets Manager name only. */
export function parseSsoProviders(raw: unknown): SsoProvider[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error(`Context ssoProviders is not JSON: ${raw}`);
    }
  }
  const entries = Array.isArray(value) ? value : [value];
  const names = new Set<string>();
  return entries.map((entry, index) => {
    const where = `Context ssoProviders[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where} must be an object`);
    const p = entry as Record<string, unknown>;
    if ('clientSecret' in p) {
      throw new Error(`${where}: no clientSecret in context (it would be in the template): store it in Secrets Manager and give clientSecretName`);
    }
    const name = text(p.name);
    if (!name || !PROVIDER_NAME.test(name) || RESERVED_PROVIDER_NAMES.includes(name.toLowerCase())) {
      throw new Error(`${where}: name must be 1-32 letters, digits, dots or dashes and not a built-in provider's, got ${JSON.stringify(p.name)}`);
    }
    if (names.has(name.toLowerCase())) throw new Error(`${where}: the name ${name} is used twice`);
    names.add(name.toLowerCase());
    const https = (key: string) => {
      const url = text(p[key]);
      if (!url || !/^https:\/\/\S+$/.test(url)) throw new Error(`${where}: ${key} must be an https URL`);
      return url;
    };
    if (p.type === 'oidc') {
      const clientId = text(p.clientId);
      const clientSecretName = text(p.clientSecretName);
      if (!clientId || !clientSecretName) throw new Error(`${where}: an oidc provider needs clientId and clientSecretName`);
      const clientSecretField = text(p.clientSecretField);
      return { type: 'oidc', name, clientId, clientSecretName, issuerUrl: https('issuerUrl'), ...(clientSecretField ? { clientSecretField } : {}) };
    }
    if (p.type === 'saml') {
      const emailAttribute = text(p.emailAttribute);
      return { type: 'saml', name, metadataUrl: https('metadataUrl'), ...(emailAttribute ? { emailAttribute } : {}) };
    }
    throw new Error(`${where}: type must be "oidc" or "saml"`);
  });
}

/** Where sign-in returns: the app's /callback route. */
export const dashboardCallbackUrls = (dashboardUrl: string) => [`${dashboardUrl}/callback`];
/** Where sign-out returns: the app's first page, as the app names it (`<base>/`, dashboard/src/auth/oidc.ts). */
export const dashboardLogoutUrls = (dashboardUrl: string) => [`${dashboardUrl}/`];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The construct's settings from context (docs/deploy.md lists the keys): `mfa` (off | optional |
 * required, default optional), `threatProtection` (true: Plus plan), `authDomainPrefix`, or
 * `authDomainName` with `authCertificateArn`, `dashboardUrl`, `dashboardCallbackUrls`,
 * `dashboardLogoutUrls`, `ssoProviders`, `sesFromAddress` with optional `sesDomain`.
 */
export function userAccountsSettings(context: ContextReader): UserAccountsSettings {
  const mfa = (text(context('mfa')) ?? DEFAULT_MFA) as MfaSetting;
  if (!['off', 'optional', 'required'].includes(mfa)) throw new Error(`Context mfa must be off, optional or required, got ${mfa}`);
  const threat = text(context('threatProtection'));
  if (threat !== undefined && !['true', 'false'].includes(threat)) throw new Error(`Context threatProtection must be true or false, got ${threat}`);

  const domainName = text(context('authDomainName'));
  const certificateArn = text(context('authCertificateArn'));
  if (Boolean(domainName) !== Boolean(certificateArn)) throw new Error('Context authDomainName and authCertificateArn go together');
  if (certificateArn && !/^arn:aws[\w-]*:acm:us-east-1:/.test(certificateArn)) {
    throw new Error(`Context authCertificateArn must be an ACM certificate in us-east-1 (Cognito's CloudFront), got ${certificateArn}`);
  }
  const domainPrefix = text(context('authDomainPrefix'));
  if (domainPrefix && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(domainPrefix)) {
    throw new Error(`Context authDomainPrefix must be lowercase letters, digits and dashes, got ${domainPrefix}`);
  }

  const dashboardUrl = text(context('dashboardUrl'))?.replace(/\/+$/, '');
  if (dashboardUrl) list([dashboardUrl], 'dashboardUrl');
  const fromAddress = text(context('sesFromAddress'));
  const sesDomain = text(context('sesDomain'));
  if (sesDomain && !fromAddress) throw new Error('Context sesDomain needs sesFromAddress (the invitations\' sender)');
  if (fromAddress && !EMAIL.test(fromAddress)) throw new Error(`Context sesFromAddress is not an email address: ${fromAddress}`);
  if (fromAddress && sesDomain && !fromAddress.toLowerCase().endsWith(`@${sesDomain.toLowerCase()}`)) {
    throw new Error(`Context sesFromAddress ${fromAddress} must be an address of sesDomain ${sesDomain}`);
  }

  return {
    mfa,
    threatProtection: threat === 'true',
    domainPrefix,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    dashboardUrl,
    callbackUrls: list(context('dashboardCallbackUrls'), 'dashboardCallbackUrls') ?? (dashboardUrl ? dashboardCallbackUrls(dashboardUrl) : undefined),
    logoutUrls: list(context('dashboardLogoutUrls'), 'dashboardLogoutUrls') ?? (dashboardUrl ? dashboardLogoutUrls(dashboardUrl) : undefined),
    ssoProviders: parseSsoProviders(context('ssoProviders')),
    invitationEmail: fromAddress ? { fromAddress, ...(sesDomain ? { domain: sesDomain } : {}) } : undefined,
  };
}

export interface UserAccountsProps {
  readonly stage: string;
  readonly removalPolicy: RemovalPolicy;
  readonly projectRoot: string;
  readonly settings: UserAccountsSettings;
}

export class UserAccounts extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  /** https://cognito-idp.<region>.amazonaws.com/<userPoolId>: the tokens' `iss`. */
  readonly issuer: string;
  /** The managed login's base URL (the OAuth endpoints /oauth2/authorize, /oauth2/token, /logout). */
  readonly loginBaseUrl: string;
  readonly authorizer: HttpJwtAuthorizer;
  readonly tokenClaims: ApiFunction;
  readonly ssoProviders: IUserPoolIdentityProvider[] = [];
  readonly invitationIdentity?: EmailIdentity;
  private servedAt: string | undefined;

  constructor(scope: Construct, id: string, private readonly props: UserAccountsProps) {
    super(scope, id);
    const { stage, settings } = props;
    const stack = Stack.of(this);

    this.tokenClaims = new ApiFunction(this, 'TokenClaimsFunction', {
      entry: path.join('functions', 'token-claims', 'handler.ts'),
      projectRoot: props.projectRoot,
      stage,
      description: `Import Service ${stage}: adds email claims to access tokens (Cognito pre-token trigger)`,
      memorySize: TOKEN_CLAIMS_MEMORY_MB,
      // Cognito waits 5 s for a trigger, then fails the sign-in.
      timeout: Duration.seconds(5),
    });

    const mfa = { off: Mfa.OFF, optional: Mfa.OPTIONAL, required: Mfa.REQUIRED }[settings.mfa];
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `import-service-${stage}`,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A changed address takes effect once its code is confirmed; until then the verified one stays.
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your Import Service verification code',
        emailBody: 'Your Import Service verification code is {####}.',
      },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa,
      // Authenticator apps only: SMS needs an SNS role and costs per message; email MFA needs SES for Cognito.
      ...(mfa === Mfa.OFF ? {} : { mfaSecondFactor: { otp: true, sms: false, email: false } }),
      featurePlan: settings.threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(settings.threatProtection ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      deletionProtection: !isDisposable(stage),
      removalPolicy: props.removalPolicy,
    });
    // V2_0: the event can customize the access token too (Essentials or Plus plan).
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, this.tokenClaims, LambdaVersion.V2_0);
    this.acknowledgePoolFindings(settings);

    for (const provider of settings.ssoProviders) this.ssoProviders.push(this.identityProvider(provider));

    this.domain = this.userPool.addDomain('Domain', {
      ...(settings.customDomain
        ? {
            customDomain: {
              domainName: settings.customDomain.domainName,
              certificate: Certificate.fromCertificateArn(this, 'DomainCertificate', settings.customDomain.certificateArn),
            },
          }
        : { cognitoDomain: { domainPrefix: settings.domainPrefix ?? `import-service-${stage}-${stack.account}` } }),
      managedLoginVersion: ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    this.loginBaseUrl = this.domain.baseUrl();

    this.client = this.userPool.addClient('DashboardClient', {
      userPoolClientName: `import-service-${stage}-dashboard`,
      // A browser app: public, no secret. The code must come back with its PKCE verifier when the
      // authorize request carried a challenge (the dashboard always sends S256).
      generateSecret: false,
      // Sign-in happens on the managed login pages only: no password or SRP API for this client, just refresh.
      authFlows: { userSrp: false, userPassword: false, custom: false, adminUserPassword: false, user: false },
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false, clientCredentials: false },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        // Resolved at synthesis: the stack may name where it serves the dashboard after this construct.
        callbackUrls: Lazy.list({ produce: () => [...this.redirectUrls().callbackUrls] }),
        logoutUrls: Lazy.list({ produce: () => [...this.redirectUrls().logoutUrls] }),
      },
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...this.ssoProviders.map((provider) => UserPoolClientIdentityProvider.custom(provider.providerName)),
      ],
      accessTokenValidity: ACCESS_TOKEN_VALIDITY,
      idTokenValidity: ID_TOKEN_VALIDITY,
      refreshTokenValidity: REFRESH_TOKEN_VALIDITY,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });
    // The client names each provider by its Ref: CloudFormation creates the providers first.

    // Managed login (version 2) shows a client's pages only once it has a branding style: Cognito's own.
    const branding = new CfnManagedLoginBranding(this, 'DashboardLoginBranding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });
    branding.node.addDependency(this.domain);

    this.issuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
    // API Gateway checks the signature (the issuer's JWKS), iss, exp/nbf, and aud, or client_id when a
    // token has no aud (Cognito's access tokens); the routes add their scope (DASHBOARD_ROUTE_SCOPES).
    this.authorizer = new HttpJwtAuthorizer('DashboardJwtAuthorizer', this.issuer, {
      authorizerName: `import-service-${stage}-dashboard`,
      jwtAudience: [this.client.userPoolClientId],
    });

    // Without the trigger nobody can sign in: every failure is worth a look.
    new Alarm(this, 'TokenClaimsErrorsAlarm', {
      alarmName: `import-service-${stage}-token-claims-errors`,
      alarmDescription: alarmDescription(
        'The token-claims function (Cognito pre-token trigger) failed in the last five minutes: sign-ins and token refreshes fail with it.',
        RUNBOOK.errors,
      ),
      metric: this.tokenClaims.metricErrors({ period: Duration.minutes(5) }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    if (settings.invitationEmail) {
      const { fromAddress, domain } = settings.invitationEmail;
      this.invitationIdentity = new EmailIdentity(this, 'InvitationEmailIdentity', {
        identity: domain ? Identity.domain(domain) : Identity.email(fromAddress),
      });
    }

    new CfnOutput(stack, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(stack, 'UserPoolClientId', { value: this.client.userPoolClientId, description: 'The dashboard app client (public, code grant with PKCE)' });
    new CfnOutput(stack, 'CognitoIssuer', { value: this.issuer, description: 'OpenID Connect issuer (/.well-known/openid-configuration below it)' });
    new CfnOutput(stack, 'CognitoDomain', {
      value: this.loginBaseUrl,
      description: 'Managed login base URL: /oauth2/authorize, /oauth2/token, /logout',
    });
  }

  /**
   * Where this stack serves the dashboard (its distribution): the dashboard URL and the app client's redirect
   * URLs wherever the context leaves them unset. Without it they are the local dashboard's.
   */
  serveDashboardAt(dashboardUrl: string): void {
    this.servedAt = dashboardUrl.replace(/\/+$/, '');
  }

  /** The dashboard's URL (no trailing slash): the context's, or where the stack serves it. */
  get dashboardUrl(): string {
    return this.props.settings.dashboardUrl ?? this.servedAt ?? LOCAL_DASHBOARD_URL;
  }

  private redirectUrls(): { callbackUrls: readonly string[]; logoutUrls: readonly string[] } {
    const { settings } = this.props;
    return {
      callbackUrls: settings.callbackUrls ?? dashboardCallbackUrls(this.dashboardUrl),
      logoutUrls: settings.logoutUrls ?? dashboardLogoutUrls(this.dashboardUrl),
    };
  }

  /**
   * The dashboard function's part: invitation links point at DASHBOARD_URL; with `sesFromAddress`,
   * invitations go out through SES from that identity (ses:SendEmail on it only); without INVITATION_FROM
   * they are not emailed (the inviter shares the link: shared/account/invitation-mail.ts).
   */
  bindDashboardFunction(fn: ApiFunction): void {
    fn.addEnvironment('DASHBOARD_URL', Lazy.string({ produce: () => this.dashboardUrl }));
    const email = this.props.settings.invitationEmail;
    if (!email || !this.invitationIdentity) return;
    fn.addEnvironment('INVITATION_FROM', email.fromAddress);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [this.invitationIdentity.emailIdentityArn] }));
  }

  private identityProvider(provider: SsoProvider): IUserPoolIdentityProvider {
    const id = `Sso${provider.name.replace(/[^A-Za-z0-9]/g, '')}`;
    if (provider.type === 'oidc') {
      // A dynamic reference ({{resolve:secretsmanager:...}}): CloudFormation reads the secret at deploy
      // time; the template holds only its name.
      const secret = SecretValue.secretsManager(provider.clientSecretName, provider.clientSecretField ? { jsonField: provider.clientSecretField } : {});
      return new UserPoolIdentityProviderOidc(this, id, {
        userPool: this.userPool,
        name: provider.name,
        clientId: provider.clientId,
        clientSecret: secret.unsafeUnwrap(),
        issuerUrl: provider.issuerUrl,
        scopes: ['openid', 'email', 'profile'],
        attributeRequestMethod: OidcAttributeRequestMethod.GET,
        attributeMapping: { email: ProviderAttribute.other('email'), emailVerified: ProviderAttribute.other('email_verified') },
      });
    }
    return new UserPoolIdentityProviderSaml(this, id, {
      userPool: this.userPool,
      name: provider.name,
      metadata: UserPoolIdentityProviderSamlMetadata.url(provider.metadataUrl),
      attributeMapping: { email: ProviderAttribute.other(provider.emailAttribute ?? SAML_EMAIL_CLAIM) },
    });
  }

  /** cdk-nag's Cognito rules: what the context chose, with the reason it holds. */
  private acknowledgePoolFindings(settings: UserAccountsSettings): void {
    const pool = this.userPool.node.defaultChild as CfnUserPool;
    if (settings.mfa !== 'required') {
      Validations.of(pool).acknowledge({
        id: 'AwsSolutions-COG2',
        reason:
          `MFA is ${settings.mfa} by the stage's context (mfa=${settings.mfa}; -c mfa=required enforces it): ` +
          (settings.mfa === 'optional'
            ? 'every user can enrol an authenticator app, and dashboard owners are told to; '
            : '') +
          'sign-in is otherwise protected by a 12-character password policy with all character classes, email verification and account recovery by email only.',
      });
    }
    if (!settings.threatProtection) {
      Validations.of(pool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials feature plan by the stage\'s context (threatProtection unset): threat protection (adaptive authentication, ' +
          'compromised-credential checks) needs the Plus plan, billed per monthly active user; -c threatProtection=true ' +
          'selects Plus with standard threat protection enforced.',
      });
    }
    // Annotations rather than errors: the context may point a real stage at a local dashboard on purpose.
    // Unset, the URLs are the stack's own distribution's (serveDashboardAt).
    if (!isDisposable(this.props.stage) && settings.callbackUrls?.every((url) => url.startsWith('http://localhost'))) {
      Annotations.of(this).addWarningV2(
        'import-service:dashboard-callback-localhost',
        'The dashboard app client only redirects to localhost: leave dashboardUrl, dashboardCallbackUrls and dashboardLogoutUrls unset to use the stack\'s own dashboard distribution, or set them to where the dashboard is served.',
      );
    }
  }
}
