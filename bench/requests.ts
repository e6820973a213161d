// Prices every API request, the API-key API's and the embed API's, in dollars per million: each
// scenario invokes the real handler in-process with API Gateway events against the local stack
// (DynamoDB Local), measures duration, consumed capacity and S3/SQS calls per request, and applies the
// us-east-1 prices of PLATFORM.md. Prints one table and writes the same data to
// bench/results/requests.json.
import { randomUUID } from 'node:crypto';
import { buildApiEvent, lambdaContext } from '../scripts/local/gateway';
import type { LambdaApiHandler } from '../shared/http/pipeline';
import type { Bucket } from '../shared/domain/rate-limits';
import type { SignedInUser } from '../shared/domain/users';
import { HTTP_API_UNIT_BYTES, PRICES } from '../shared/observability/prices';
import { pricedWcu, withMeter, type Meter } from '../shared/observability/meter';
import { flushMetrics } from '../shared/observability/metrics';
import { meteredOperation, ROUTES, routeKey } from '../shared/http/routes';
import { ACCESS_LOG_BYTES, requestCostPerMillion } from '../shared/observability/cost-model';
import { API_FUNCTION_MEMORY_MB, apiFunctionMemoryMb } from '../shared/resources';
import * as h from './harness';
import { mean, percentile, sleep, startLogCapture, stopLogCapture, sum } from './harness';
import { money, requestColumns } from './request-columns';

// ---- Prices: PLATFORM.md "Prices", us-east-1 (shared/observability/prices.ts, priced by cost-model.ts) ----
/** lib/api-function.ts: every API function is arm64 with API_FUNCTION_MEMORY_MB, the embed one with more (apiFunctionMemoryMb). */
const LAMBDA_MEMORY_GB = API_FUNCTION_MEMORY_MB / 1024;
const EMBED_LAMBDA_MEMORY_GB = apiFunctionMemoryMb('embed') / 1024;
/** PLATFORM.md: HTTP API 1.00 + Lambda 0.20 + 1 WRU 0.625 + 0.5 RRU 0.0625 for an authenticated read. */
const PLATFORM_FLOOR_PER_MILLION = 1.89;
/** The same read strongly consistent (1 RRU 0.125), as every read of the embed API is. */
const PLATFORM_STRONG_FLOOR_PER_MILLION = 1.95;
/** What the service's own logs and metrics may add to a get template (issue: operations and live cost). */
const OBSERVABILITY_BUDGET_PER_MILLION = 0.05;

/**
 * `--only dashboard`: just the scenarios whose name contains it (a partial run: checks that need the others are skipped).
 * `--results name`: write bench/results/<name>.json (bench/api-imports.ts runs its scenarios so, leaving requests.json alone).
 */
const { iterations: ITERATIONS, warmup: WARMUP, only: ONLY, results: RESULTS } = h.options({
  iterations: { default: 200, min: 1 },
  warmup: { default: 10 },
  only: { default: '' },
  results: { default: 'requests' },
});

// ---- Scenarios ----

/** A request; `headers`: the embed API's Origin and token; `sourceIp`: the embed API's rate limit is per template and address. */
type RequestSpec = {
  method: string;
  url: string;
  apiKey?: string;
  /** A dashboard request: the person whose token API Gateway's JWT authorizer verified (it costs nothing extra there). */
  user?: SignedInUser;
  body?: unknown;
  headers?: Record<string, string>;
  sourceIp?: string;
};
type Sample = Meter & { ms: number; status: number; requestBytes: number; responseBytes: number; logBytes: number };
/** `prepare`: untimed setup, returning the request for iteration i (itself untimed, e.g. to refill a rate limit). */
type Scenario = { name: string; status: number; prepare(total: number): Promise<(i: number) => Promise<RequestSpec> | RequestSpec> };

/** A realistic 8-column template: typed columns, rules and mapping hints, ~2-3 KB once stored. */
const CONTACTS_TEMPLATE = {
  name: 'Customer contacts',
  description: 'Contacts exported from the CRM, one row per person',
  allowPartialImport: true,
  columns: [
    {
      key: 'email', name: 'Email', type: 'email', required: true, description: 'Primary email address',
      validations: [{ type: 'unique', value: true, message: 'Email already listed' }, { type: 'maxLength', value: 254 }],
      suggestedMappings: ['e-mail', 'mail', 'email address'],
    },
    {
      key: 'first_name', name: 'First name', type: 'string', required: true,
      validations: [{ type: 'minLength', value: 1 }, { type: 'maxLength', value: 100 }], suggestedMappings: ['firstname', 'given name'],
    },
    {
      key: 'last_name', name: 'Last name', type: 'string', required: true,
      validations: [{ type: 'maxLength', value: 100 }], suggestedMappings: ['lastname', 'surname', 'family name'],
    },
    { key: 'phone', name: 'Phone', type: 'phone', suggestedMappings: ['telephone', 'mobile', 'phone number'] },
    {
      key: 'country', name: 'Country', type: 'string', description: 'ISO 3166-1 alpha-2 code',
      validations: [{ type: 'regex', value: '^[A-Z]{2}$', message: 'Use a two-letter country code' }], suggestedMappings: ['country code'],
    },
    { key: 'plan', name: 'Plan', type: 'string', validations: [{ type: 'enum', value: ['free', 'starter', 'pro', 'enterprise'] }] },
    { key: 'seats', name: 'Seats', type: 'number', validations: [{ type: 'min', value: 1 }, { type: 'max', value: 10000, message: 'At most 10,000 seats' }] },
    { key: 'signup_date', name: 'Signup date', type: 'date', suggestedMappings: ['created', 'joined'] },
  ],
};

const BRANDING = {
  primaryColor: '#0F766E', secondaryColor: '#14B8A6', logoUrl: 'https://cdn.example.com/acme/logo.svg',
  fontFamily: 'Source Sans Pro, sans-serif', showPoweredBy: false,
};

const round = (value: number, digits = 4) => h.round(value, digits);

/** The service's own modules, loaded after the stack started: config() reads the environment it set. */
async function loadService() {
  const { config } = await import('../shared/config');
  const { parse } = await import('valibot');
  return {
    client: (await import('../shared/aws/clients')).dynamo(),
    TableName: config().tableName,
    ddb: await import('@aws-sdk/lib-dynamodb'),
    organizations: await import('../shared/data/organizations'),
    templates: await import('../shared/data/templates'),
    branding: await import('../shared/data/branding'),
    rateLimit: await import('../shared/data/rate-limit'),
    keys: (await import('../shared/data/table')).keys,
    createImport: (await import('../shared/imports/create-import')).createImport,
    reviewLinks: await import('../shared/imports/review-link'),
    importRecords: await import('../shared/data/imports'),
    objectKeys: (await import('../shared/data/objects')).objectKeys,
    embed: await import('../shared/data/embed'),
    accounts: await import('../shared/account/organizations'),
    members: await import('../shared/account/members'),
    access: await import('../shared/account/access'),
    apiKeys: await import('../shared/account/api-keys'),
    ids: await import('../shared/domain/ids'),
    limits: await import('../shared/domain/rate-limits'),
    validTemplate: parse((await import('../shared/domain/template-input')).CreateTemplateSchema, CONTACTS_TEMPLATE),
  };
}
type Service = Awaited<ReturnType<typeof loadService>>;

/** What the meter saw during `send` alone (errors swallowed: some checks fail on purpose). */
const measured = async (send: () => Promise<unknown>): Promise<Meter> => (await withMeter(() => send().catch(() => undefined))).meter;

/** Is DynamoDB Local's accounting plausible before we price with it? Scratch items, known sizes. */
async function capacityChecks({ client, TableName, ddb }: Service) {
  const scratch = (sk: string, bytes: number) => ({ pk: 'BENCH#capacity', sk, data: 'x'.repeat(bytes) });
  const put = (Item: Record<string, unknown>) => ({ Put: { TableName, Item } });
  // The document client's commands are typed by their own inputs, which its send() does not unify.
  const send = (command: any) => () => client.send(command);
  const key = { pk: 'BENCH#capacity', sk: 'b' };
  const checks: [string, number, 'rcu' | 'wcu' | 'unreported', () => Promise<unknown>][] = [
    ['PutItem, 0.9 KB item', 1, 'wcu', send(new ddb.PutCommand({ TableName, Item: scratch('a', 900) }))],
    ['PutItem, 1.5 KB item', 2, 'wcu', send(new ddb.PutCommand({ TableName, Item: scratch('b', 1500) }))],
    ['GetItem, 1.5 KB, strongly consistent', 1, 'rcu', send(new ddb.GetCommand({ TableName, Key: key, ConsistentRead: true }))],
    ['GetItem, 1.5 KB, eventually consistent', 0.5, 'rcu', send(new ddb.GetCommand({ TableName, Key: key }))],
    ['TransactWriteItems, 0.9 KB + 1.5 KB puts (2 x (1 + 2))', 6, 'wcu', send(new ddb.TransactWriteCommand({ TransactItems: [put(scratch('c', 900)), put(scratch('d', 1500))] }))],
    ['TransactWriteItems, two 0.9 KB puts (2 x (1 + 1))', 4, 'wcu', send(new ddb.TransactWriteCommand({ TransactItems: [put(scratch('e', 900)), put(scratch('f', 900))] }))],
    ['UpdateItem whose condition fails: calls without reported capacity', 1, 'unreported', send(new ddb.UpdateCommand({
      TableName, Key: { pk: 'BENCH#missing', sk: 'x' }, UpdateExpression: 'SET n = :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 },
    }))],
  ];
  const results = [];
  for (const [check, expected, unit, request] of checks) {
    const got = (await measured(request))[unit];
    results.push({ check, unit, expected, measured: got, ok: got === expected });
  }
  if (results.slice(0, 4).some((result) => !result.ok)) {
    console.table(results);
    throw new Error('DynamoDB Local did not report single-item capacity as expected: the prices would be wrong');
  }
  return results;
}

/** The widget's page: an allowed origin of the embed scenarios' templates. */
const WIDGET_ORIGIN = 'https://app.example.com';
/** The size a widget declares for a file it has not uploaded yet: about 1,000 rows of contacts. */
const DECLARED_FILE_BYTES = 88_000;

/** A distinct IPv4 address per request, so no embed scenario but the 429 one meets the per-client limit. */
const clientIp = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function scenarios(service: Service, handlers: Record<string, LambdaApiHandler>): Scenario[] {
  const { organizations, templates, branding, ids, limits } = service;
  const insertTemplate = (organizationId: string) =>
    templates.insertTemplate(organizationId, templates.templateFromInput(service.validTemplate));
  const newOrganization = (name: string, plan: 'free' | 'starter' = 'free') => organizations.createOrganization(`Bench ${name}`, plan);

  /** A CSV of the contacts template: `rows` rows, every `invalidEvery`-th with a bad email (0: none). */
  function contactsCsv(rows: number, invalidEvery = 0): string {
    const lines = Array.from({ length: rows }, (_, i) => {
      const email = invalidEvery > 0 && i % invalidEvery === 0 ? `user${i}-at-example.com` : `user${i}@example.com`;
      return `${email},Ann,Lee,+1 555 0100,US,pro,${(i % 50) + 1},2024-01-15`;
    });
    return `email,first_name,last_name,phone,country,plan,seats,signup_date\n${lines.join('\n')}\n`;
  }

  /** Uploads the file of a PENDING import; the local stack's processor runs it (notification -> queue) up to `phase`. */
  async function upload(organizationId: string, importId: string, body: string, phase: 'COMPLETED' | 'AWAITING_MAPPING' | 'AWAITING_CORRECTIONS' = 'COMPLETED') {
    await h.putFile(service.objectKeys.upload(organizationId, importId), Buffer.from(body));
    if (phase !== 'COMPLETED') return void (await h.waitForRecord(organizationId, importId, (record) => record.phase === phase, 50));
    const { status } = await h.waitForRecord(organizationId, importId, (record) => record.status !== 'PENDING', 50);
    if (status !== 'COMPLETED') throw new Error(`bench import ${importId} ended ${status}`);
  }

  /** An import of `rows` valid rows of a new template, created through the data layer and finished by the local stack. */
  async function finishedImport(organizationId: string, rows: number): Promise<string> {
    const body = contactsCsv(rows);
    const { id: templateId } = await insertTemplate(organizationId);
    const { record } = await service.createImport(organizationId, templateId, { fileName: 'contacts.csv', fileSize: body.length });
    await upload(organizationId, record.id, body);
    return record.id;
  }

  /** A template of a new starter organization (branding set) with embedding on for two allowed origins. */
  async function embedTemplate(name: string) {
    const { organizationId } = await newOrganization(name, 'starter');
    await branding.updateBranding(organizationId, BRANDING);
    const { id: templateId } = await insertTemplate(organizationId);
    const allowedOrigins = [WIDGET_ORIGIN, 'https://www.example.com'];
    await templates.setTemplateEmbed(organizationId, templateId, { enabled: true, allowedOrigins });
    return { organizationId, templateId };
  }

  /** A server's request to start an import (POST /api/v1/imports), as the docs' example sends it. */
  const startApiImport = (templateId: string, headers?: Record<string, string>): RequestSpec => ({
    method: 'POST',
    url: '/api/v1/imports',
    headers,
    body: { templateId, fileName: 'contacts.csv', fileSize: DECLARED_FILE_BYTES, contentType: 'text/csv', metadata: { batch: 'nightly' } },
  });

  /**
   * An import started by the API with review: true whose 1,000-row file (100 rows in error) was uploaded
   * and read: it waits in AWAITING_CORRECTIONS, where a review link is what a server opens next.
   */
  async function awaitingCorrections(organizationId: string) {
    const body = contactsCsv(1000, 10);
    const { id: templateId } = await insertTemplate(organizationId);
    const input = { fileName: 'contacts.csv', fileSize: Buffer.byteLength(body) };
    const { record } = await service.createImport(organizationId, templateId, input, { source: 'api', mappingRule: 'suggested', corrections: true });
    await upload(organizationId, record.id, body, 'AWAITING_CORRECTIONS');
    return record.id;
  }

  /** The widget's request to start an import, from the i-th client address. */
  const startEmbedImport = (templateId: string, fileSize: number, i: number, review?: boolean): RequestSpec => ({
    method: 'POST',
    url: `/embed/v1/templates/${templateId}/imports`,
    headers: { origin: WIDGET_ORIGIN },
    sourceIp: clientIp(i),
    body: { fileName: 'contacts.csv', fileSize, contentType: 'text/csv', ...(review ? { review } : {}) },
  });

  /** An import started as the widget starts it (the embed handler), its file uploaded and processed (up to the review, if asked). */
  async function embedImport(name: string, body: string, review = false) {
    const { organizationId, templateId } = await embedTemplate(name);
    const response = await invoke(handlers, startEmbedImport(templateId, Buffer.byteLength(body), 0, review));
    if (response.statusCode !== 201) throw new Error(`embed import start answered ${response.statusCode}: ${response.body}`);
    const { importId, token } = JSON.parse(response.body!) as { importId: string; token: string };
    await upload(organizationId, importId, body, review ? 'AWAITING_MAPPING' : 'COMPLETED');
    return { importId, token };
  }

  /**
   * Before each request of a 429 scenario: `count` until it is refused, once per rate-limit window, and
   * never right at a window's end (the next window would let the request through).
   */
  function windowExhauster(count: () => Promise<unknown>) {
    const windowMs = limits.WINDOW_SECONDS * 1000;
    let exhaustedWindow = -1;
    return async () => {
      const left = windowMs - (Date.now() % windowMs);
      if (left < 250) await sleep(left + 10);
      const window = Math.floor(Date.now() / windowMs);
      if (window === exhaustedWindow) return;
      while (await count().then(() => true, () => false)); // until the limit refuses
      exhaustedWindow = window;
    };
  }

  /** The widget's GET of a route, from the i-th client address, with the import's token on /embed/v1/imports routes. */
  const widgetGet = (url: string, token?: string) => (i: number) => ({
    method: 'GET',
    url,
    headers: { origin: WIDGET_ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    sourceIp: clientIp(i),
  });

  /** Each key serves at most one window's limit in total, so no request of a scenario is rate limited. */
  async function keyPool(organizationId: string, bucket: Bucket, uses: number) {
    const organization = (await organizations.getOrganization(organizationId))!;
    const perKey = limits.RATE_LIMITS[bucket];
    const apiKeys: string[] = [];
    for (let i = 0; i < Math.ceil(uses / perKey); i++) apiKeys.push((await organizations.createApiKey(organization)).apiKey);
    return (i: number) => apiKeys[Math.floor(i / perKey)];
  }

  /**
   * A scenario of the API-key API: a new organization (of `plan`), whatever `setup` creates in it, and
   * the request for iteration i, sent with a key of the pool of rate-limit `bucket`.
   */
  type Setup = (organizationId: string, total: number) => Promise<(i: number) => RequestSpec | Promise<RequestSpec>>;
  const keyed = (name: string, status: number, bucket: Bucket, setup: Setup, plan: 'free' | 'starter' = 'free') =>
    scenario(name, status, async (total) => {
      const { organizationId } = await newOrganization(name, plan);
      const request = await setup(organizationId, total);
      const key = await keyPool(organizationId, bucket, total);
      return async (i) => ({ ...(await request(i)), apiKey: key(i) });
    });
  /** A scenario whose requests carry no API key of a pool (the embed API, or a check of the API key itself). */
  const scenario = (name: string, status: number, prepare: Scenario['prepare']): Scenario => ({ name, status, prepare });
  const get = (url: string) => () => ({ method: 'GET', url });
  const templateUrl = async (organizationId: string) => `/api/v1/templates/${(await insertTemplate(organizationId)).id}`;
  const withImports = async (organizationId: string) => {
    const template = await insertTemplate(organizationId);
    for (let i = 0; i < 25; i++) await service.createImport(organizationId, template.id, { fileName: `contacts-${i}.csv`, fileSize: 1000 });
    return template.id;
  };

  /**
   * The dashboard API: an organization with an owner, an admin, a developer and a viewer, 25 templates,
   * 25 imports, 3 API keys and audit entries, as a team using it would have. Each request is a
   * different member of a pool of people, so no scenario meets the per-person limit.
   */
  async function teamOrganization(name: string, people: number) {
    const person = (i: number): SignedInUser => ({ userId: `bench-${name}-${i}-${randomUUID()}`, email: `bench-${i}@example.com`, emailVerified: true });
    const owner = person(0);
    const { organizationId } = await service.accounts.createOrganization(owner, `Bench ${name}`);
    const ownerAccess = await service.access.organizationAccess(owner, organizationId, 'read');
    const pool: SignedInUser[] = [owner];
    for (let i = 1; i < people; i++) {
      const member = person(i);
      const invitation = await service.members.invite(ownerAccess, member.email, (['admin', 'developer', 'viewer'] as const)[i % 3]);
      await service.members.accept({ ...member, email: invitation.email }, invitation.invitationId);
      pool.push(member);
    }
    for (let i = 0; i < 3; i++) await service.apiKeys.createKey(ownerAccess, `Key ${i}`);
    return { organizationId, owner, pool, base: `/dashboard/v1/organizations/${organizationId}` };
  }

  /** Every request by the next person of the pool: `perPerson` requests each stay under their limit. */
  const dashboardScenario = (name: string, status: number, bucket: Bucket, setup: (team: Awaited<ReturnType<typeof teamOrganization>>) => Promise<(i: number) => RequestSpec>) =>
    scenario(`dashboard: ${name}`, status, async (total) => {
      const perPerson = limits.USER_RATE_LIMITS[bucket];
      const team = await teamOrganization(name, Math.max(4, Math.ceil(total / perPerson)));
      const request = await setup(team);
      return (i) => ({ user: team.pool[Math.floor(i / perPerson) % team.pool.length], ...request(i) });
    });

  function dashboardScenarios(): Scenario[] {
    return [
      dashboardScenario('me (one membership)', 200, 'read', async () => get('/dashboard/v1/me')),
      dashboardScenario('get organization', 200, 'read', async ({ base }) => get(base)),
      dashboardScenario('list templates (25, limit 20)', 200, 'read', async ({ organizationId, base }) => {
        for (let i = 0; i < 25; i++) await insertTemplate(organizationId);
        return get(`${base}/templates?limit=20`);
      }),
      dashboardScenario('get import (finished, 8 columns)', 200, 'read', async ({ organizationId, base }) =>
        get(`${base}/imports/${await finishedImport(organizationId, 1000)}`),
      ),
      dashboardScenario('list API keys (3)', 200, 'read', async ({ base }) => get(`${base}/api-keys`)),
      dashboardScenario('list members (4)', 200, 'read', async ({ base }) => get(`${base}/members`)),
      dashboardScenario('audit log page (limit 20)', 200, 'read', async ({ base }) => get(`${base}/audit-log?limit=20`)),
      dashboardScenario('usage (30 days)', 200, 'read', async ({ base }) => get(`${base}/usage`)),
      dashboardScenario('rotate webhook secret', 200, 'write', async ({ base }) => () => ({ method: 'POST', url: `${base}/webhook/secret` })),
      dashboardScenario('create API key', 201, 'write', async ({ base }) => () => ({ method: 'POST', url: `${base}/api-keys`, body: { name: 'CI' } })),
      dashboardScenario('create template (8 columns)', 201, 'write', async ({ base }) => () => ({ method: 'POST', url: `${base}/templates`, body: CONTACTS_TEMPLATE })),
      scenario('dashboard: 404 not a member', 404, async () => {
        const { base } = await teamOrganization('stranger', 1);
        return () => ({ method: 'GET', url: base, user: { userId: `bench-stranger-${randomUUID()}`, email: 'x@example.com', emailVerified: true } });
      }),
    ];
  }

  return [
    keyed('list templates (25, limit 20)', 200, 'read', async (organizationId) => {
      for (let i = 0; i < 25; i++) await insertTemplate(organizationId);
      return get('/api/v1/templates?limit=20');
    }),
    keyed('get template', 200, 'read', async (organizationId) => get(await templateUrl(organizationId))),
    keyed('create template (8 columns)', 201, 'write', async () => () => ({ method: 'POST', url: '/api/v1/templates', body: CONTACTS_TEMPLATE })),
    keyed('patch template (name, description)', 200, 'write', async (organizationId) => {
      const url = await templateUrl(organizationId);
      return (i) => ({ method: 'PATCH', url, body: { name: `Customer contacts v${i}`, description: 'Contacts exported from the CRM, revised' } });
    }),
    keyed('duplicate template', 201, 'write', async (organizationId) => {
      const url = `${await templateUrl(organizationId)}/duplicate`;
      return () => ({ method: 'POST', url });
    }),
    keyed('delete template', 200, 'write', async (organizationId, total) => {
      const urls: string[] = [];
      for (let i = 0; i < total; i++) urls.push(await templateUrl(organizationId));
      return (i) => ({ method: 'DELETE', url: urls[i] });
    }),
    keyed('list imports (25, limit 20)', 200, 'read', async (organizationId) => {
      await withImports(organizationId);
      return get('/api/v1/imports?limit=20');
    }),
    keyed('list imports (from/to: today, 25 in range)', 200, 'read', async (organizationId) => {
      await withImports(organizationId);
      // No counter knows a range's total: the range's pointers are counted (a key condition, docs/imports.md).
      const today = new Date().toISOString().slice(0, 10);
      return get(`/api/v1/imports?from=${today}&to=${today}&limit=20`);
    }),
    keyed('list imports (templateId + status)', 200, 'read', async (organizationId) =>
      get(`/api/v1/imports?templateId=${await withImports(organizationId)}&status=PENDING&limit=20`),
    ),
    keyed('get import (finished, 8 columns)', 200, 'read', async (organizationId) =>
      get(`/api/v1/imports/${await finishedImport(organizationId, 1000)}`),
    ),
    keyed('rows page (limit 100 of 1,000)', 200, 'read', async (organizationId) => {
      const imported = await finishedImport(organizationId, 1000);
      return (i) => ({ method: 'GET', url: `/api/v1/imports/${imported}/rows?page=${(i % 10) + 1}&limit=100` });
    }),
    keyed('rows page (limit 1000, two chunks)', 200, 'read', async (organizationId) => {
      // Enough rows for two chunks (4 MiB of NDJSON each); the page read is the one that straddles the
      // first boundary: the whole first chunk is inflated and scanned to reach it, the worst page there is.
      const imported = await finishedImport(organizationId, 60_000);
      const found = await service.importRecords.getImportRecordAndResult(organizationId, imported);
      const boundary = found?.result?.chunkStarts?.valid[1];
      if (boundary === undefined) throw new Error('the rows page scenario needs an import of two chunks');
      return get(`/api/v1/imports/${imported}/rows?page=${Math.floor(boundary / 999) + 1}&limit=999`);
    }),
    keyed('get branding (starter, 5 fields set)', 200, 'read', async (organizationId) => {
      await branding.updateBranding(organizationId, BRANDING);
      return get('/api/v1/organization/branding');
    }, 'starter'),
    keyed('put branding (5 fields)', 200, 'write', async () => (i) => ({
      method: 'PUT', url: '/api/v1/organization/branding', body: { ...BRANDING, primaryColor: `#${(0x100000 + i).toString(16).toUpperCase()}` },
    }), 'starter'),
    keyed('api import: create (POST /api/v1/imports)', 201, 'write', async (organizationId) => {
      const { id: templateId } = await insertTemplate(organizationId);
      return () => startApiImport(templateId);
    }),
    keyed('api import: create with an Idempotency-Key', 201, 'write', async (organizationId) => {
      const { id: templateId } = await insertTemplate(organizationId);
      return () => startApiImport(templateId, { 'idempotency-key': randomUUID() });
    }),
    keyed('api import: replayed create (same key and body)', 201, 'write', async (organizationId) => {
      // The first request (untimed) claims the key and stores its answer; every timed one is its replay.
      // Keys are the organization's, so the pool's other API keys replay it too.
      const { id: templateId } = await insertTemplate(organizationId);
      const request = startApiImport(templateId, { 'idempotency-key': `nightly-${randomUUID()}` });
      const { apiKey } = await organizations.createApiKey((await organizations.getOrganization(organizationId))!);
      const first = await invoke(handlers, { ...request, apiKey });
      if (first.statusCode !== 201) throw new Error(`the first create answered ${first.statusCode}: ${first.body}`);
      return () => request;
    }),
    keyed('api import: open a review link', 201, 'write', async (organizationId) => {
      const url = `/api/v1/imports/${await awaitingCorrections(organizationId)}/review-link`;
      // Each link closes the one before (the record keeps one token hash).
      return () => ({ method: 'POST', url, body: { expiresInSeconds: 3600 } });
    }),
    keyed('api import: close the review link', 200, 'write', async (organizationId) => {
      const importId = await awaitingCorrections(organizationId);
      const url = `/api/v1/imports/${importId}/review-link`;
      // A link open before each close (untimed), as a server closes the link it opened.
      return async () => {
        await service.reviewLinks.openReviewLink(organizationId, importId, 3600);
        return { method: 'DELETE', url };
      };
    }),
    scenario('401 unknown API key', 401, async () => () => ({ method: 'GET', url: '/api/v1/templates', apiKey: ids.newApiKey() })),
    scenario('429 over the write limit', 429, async () => {
      const { apiKey } = await newOrganization('rate limited');
      const exhaust = windowExhauster(() => service.rateLimit.authenticateAndCount(ids.hashApiKey(apiKey), 'write'));
      return async () => {
        await exhaust();
        return { method: 'POST', url: '/api/v1/templates', apiKey, body: CONTACTS_TEMPLATE };
      };
    }),
    scenario('unknown route (not-found)', 404, async () => get('/api/v1/unknown')),
    scenario('embed: get template (8 columns, branding)', 200, async () =>
      widgetGet(`/embed/v1/templates/${(await embedTemplate('embed get')).templateId}`),
    ),
    scenario('embed: start import (presigned URL)', 201, async () => {
      const { templateId } = await embedTemplate('embed start');
      return (i) => startEmbedImport(templateId, DECLARED_FILE_BYTES, i);
    }),
    scenario('embed: import status with token (finished import)', 200, async () => {
      const { importId, token } = await embedImport('embed status', contactsCsv(1000));
      return widgetGet(`/embed/v1/imports/${importId}`, token);
    }),
    scenario('embed: error rows page with token', 200, async () => {
      // 1,000 rows, 100 of them invalid: the default page (100 rows) is the first error chunk.
      const { importId, token } = await embedImport('embed errors', contactsCsv(1000, 10));
      return widgetGet(`/embed/v1/imports/${importId}/errors?page=1&limit=100`, token);
    }),
    scenario('embed: mapping preview with suggestions', 200, async () => {
      // An import started with review, its 1,000-row file uploaded: the processor stored the preview.
      const { importId, token } = await embedImport('embed preview', contactsCsv(1000), true);
      return widgetGet(`/embed/v1/imports/${importId}/preview`, token);
    }),
    scenario('embed: CORS preflight (allowed origins)', 204, async () => {
      const { templateId } = await embedTemplate('embed preflight');
      // The preflight a browser sends before the widget's POST (a JSON body is not a "simple" request).
      return () => ({
        method: 'OPTIONS',
        url: `/embed/v1/templates/${templateId}/imports`,
        headers: { origin: WIDGET_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    }),
    scenario('embed: 429 over the per-client limit', 429, async () => {
      const { templateId } = await embedTemplate('embed rate limited');
      const sourceIp = '203.0.113.7';
      const client = limits.clientAddressKey(sourceIp);
      const exhaust = windowExhauster(() => service.embed.countEmbedRequest(templateId, client, 'write'));
      return async (i) => {
        await exhaust();
        return { ...startEmbedImport(templateId, DECLARED_FILE_BYTES, i), sourceIp };
      };
    }),
    ...dashboardScenarios(),
    scenario('embed: 404 template not embed-enabled', 404, async () => {
      const { organizationId } = await newOrganization('embed disabled');
      return widgetGet(`/embed/v1/templates/${(await insertTemplate(organizationId)).id}`);
    }),
  ];
}

/** The request as API Gateway hands it to the function: the same event and handler choice as the local gateway. */
function apiRequest(spec: RequestSpec) {
  const body = spec.body === undefined ? undefined : Buffer.from(JSON.stringify(spec.body));
  const headers: Record<string, string> = { host: 'api.example.com', 'user-agent': 'import-service-bench', ...spec.headers };
  if (spec.apiKey) headers.authorization = `Bearer ${spec.apiKey}`;
  if (body) headers['content-type'] = 'application/json';
  const requestId = randomUUID();
  const { event, group } = buildApiEvent({ method: spec.method, url: spec.url, headers, body, sourceIp: spec.sourceIp }, requestId);
  if (spec.user) {
    // What API Gateway's JWT authorizer hands the function: the verified token's claims, as strings.
    headers.authorization = 'Bearer <access token>';
    (event.requestContext as { authorizer?: unknown }).authorizer = {
      jwt: { claims: { sub: spec.user.userId, email: spec.user.email, email_verified: String(spec.user.emailVerified) }, scopes: ['openid', 'email'] },
    };
  }
  return { event, group, context: lambdaContext(`import-service-bench-${group}`, requestId), requestBytes: body?.length ?? 0 };
}

/** One untimed request (setup). */
function invoke(handlers: Record<string, LambdaApiHandler>, spec: RequestSpec) {
  const { event, group, context } = apiRequest(spec);
  return handlers[group](event, context);
}

/** Warm-up, then `ITERATIONS` timed invocations; only the handler call is timed and metered. */
async function runScenario(scenario: Scenario, handlers: Record<string, LambdaApiHandler>) {
  const total = WARMUP + ITERATIONS;
  const nextRequest = await scenario.prepare(total);
  const samples: Sample[] = [];
  let route = '';
  let functionGroup = '';
  let logBytes = 0;
  // Metrics still aggregated from the scenario before belong to it, not to this one.
  flushMetrics(true);
  for (let i = 0; i < total; i++) {
    const { event, group, context, requestBytes } = apiRequest(await nextRequest(i));
    route = event.routeKey;
    functionGroup = group;
    const handler = handlers[group];
    // What the handler writes to stdout/stderr and its metrics records are what Lambda ingests.
    startLogCapture();
    const start = process.hrtime.bigint();
    const { result: response, meter } = await withMeter(() => handler(event, context)).finally(() => (logBytes = stopLogCapture()));
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (i < WARMUP) continue;
    const responseBytes = response.body ? Buffer.byteLength(response.body, response.isBase64Encoded ? 'base64' : 'utf8') : 0;
    samples.push({ ms, status: response.statusCode ?? 200, ...meter, requestBytes, responseBytes, logBytes });
  }
  // The scenario's last, partial metrics records (a Lambda writes them with later requests): shared by its requests.
  startLogCapture();
  flushMetrics(true);
  const tailBytes = stopLogCapture() / Math.max(1, samples.length);
  for (const sample of samples) sample.logBytes += tailBytes;
  return summarize(scenario, route, samples, apiFunctionMemoryMb(functionGroup));
}

/**
 * DynamoDB Local under-reports some transactions (see capacityChecks), so the template transactions
 * are compared with the same writes done singly (plus the auth call), which Local reports reliably.
 */
async function transactionCrossCheck(service: Service, results: ScenarioResult[]) {
  const { client, TableName, ddb, organizations, templates, keys } = service;
  const org = await organizations.createOrganization('Bench cross-check', 'free');
  const template = await templates.insertTemplate(org.organizationId, templates.templateFromInput(service.validTemplate));
  const { Item } = await client.send(new ddb.GetCommand({ TableName, Key: keys.template(org.organizationId, template.id), ConsistentRead: true }));
  const copy: Record<string, unknown> = { ...Item, pk: 'BENCH#copy' };
  const { gsi1pk: _pk, gsi1sk: _sk, ...copyWithoutIndex } = copy;
  const wcuOf = async (send: () => Promise<unknown>) => (await measured(send)).wcu;
  const withIndex = await wcuOf(() => client.send(new ddb.PutCommand({ TableName, Item: copy })));
  const templateItem = await wcuOf(() => client.send(new ddb.PutCommand({ TableName, Item: { ...copyWithoutIndex, sk: 'noindex' } })));
  const counter = await wcuOf(() => client.send(new ddb.UpdateCommand({
    TableName, Key: keys.organization(org.organizationId), UpdateExpression: 'ADD templateCount :zero', ExpressionAttributeValues: { ':zero': 0 },
  })));
  const auth = await wcuOf(() => service.rateLimit.authenticateAndCount(service.ids.hashApiKey(org.apiKey), 'write'));
  const indexEntry = withIndex - templateItem;
  const expected = auth + 2 * (templateItem + counter + indexEntry);
  const measuredWcu = (name: string) => results.find((r) => r.scenario.startsWith(`${name} template`))?.dynamodb.wcuReported ?? 0;
  return {
    authWcu: auth,
    templateItemWcu: templateItem,
    counterWcu: counter,
    indexEntryWcu: indexEntry,
    // A template that is not embedded is deleted without its (absent) embed pointer: the same items as its creation.
    expectedLocalWcu: { create: expected, duplicate: expected, delete: expected },
    measured: { create: measuredWcu('create'), duplicate: measuredWcu('duplicate'), delete: measuredWcu('delete') },
  };
}

async function bench(workDir: string) {
  const started = Date.now();

  // Handlers first, so their import times are as cold as this process allows (fresh-process cold starts: cold-start.ts).
  const imports: { group: string; ms: number }[] = [];
  const handlers: Record<string, LambdaApiHandler> = {};
  for (const group of ['templates', 'imports', 'branding', 'not-found', 'embed', 'dashboard']) {
    const start = process.hrtime.bigint();
    handlers[group] = ((await import(`../functions/${group}/handler.ts`)) as { handler: LambdaApiHandler }).handler;
    imports.push({ group, ms: Number(process.hrtime.bigint() - start) / 1e6 });
  }

  const service = await loadService();
  const checks = await capacityChecks(service);
  const results = [];
  for (const scenario of scenarios(service, handlers).filter((candidate) => candidate.name.includes(ONLY))) {
    results.push(await runScenario(scenario, handlers));
  }
  const transactionCheck = await transactionCrossCheck(service, results);
  const liveCost = liveCostCheck(workDir, results, started);

  const memory = process.memoryUsage();
  const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
  return {
    generatedAt: new Date().toISOString(),
    environment: h.machine(),
    iterations: ITERATIONS,
    warmup: WARMUP,
    prices: { ...PRICES, lambdaMemoryGb: LAMBDA_MEMORY_GB, embedLambdaMemoryGb: EMBED_LAMBDA_MEMORY_GB, accessLogBytes: ACCESS_LOG_BYTES, source: 'PLATFORM.md Prices, us-east-1' },
    platformFloorPerMillion: PLATFORM_FLOOR_PER_MILLION,
    platformStrongFloorPerMillion: PLATFORM_STRONG_FLOOR_PER_MILLION,
    scenarios: results,
    capacityChecks: checks,
    transactionCheck,
    liveCost,
    handlerImportsInProcess: imports.map(({ group, ms }) => ({ group, ms: round(ms, 1) })),
    memoryAfterRun: { heapUsedMb: mb(memory.heapUsed), heapTotalMb: mb(memory.heapTotal), rssMb: mb(memory.rss) },
    notes: notesFor(results, checks, transactionCheck),
    runSeconds: round((Date.now() - started) / 1000, 1),
  };
}

/**
 * What production would report for the same requests: `importctl cost` over the metrics records the
 * handlers wrote during this run (the local stack's metrics file), per operation, beside this bench's
 * figures (scenarios of one operation weighted by their requests). The two must agree within 10%.
 */
function liveCostCheck(workDir: string, results: ScenarioResult[], since: number) {
  flushMetrics(true);
  const live = h.liveCost(workDir, since).operations;
  // As the functions meter them: a group observed as one (the dashboard) is one operation here too.
  const operationOf = new Map(ROUTES.map((route) => [routeKey(route), meteredOperation(route)]));
  const byOperation = new Map<string, { requests: number; dollars: number }>();
  for (const result of results) {
    const operation = operationOf.get(result.route) ?? 'notFound';
    const entry = byOperation.get(operation) ?? { requests: 0, dollars: 0 };
    entry.requests += result.requests;
    entry.dollars += result.requests * result.costPerMillion.total;
    byOperation.set(operation, entry);
  }
  return [...byOperation].map(([operation, { requests, dollars }]) => {
    const bench = dollars / requests;
    const importctl = live.find((entry) => entry.operation === operation)?.costPerMillion.total ?? 0;
    return { operation, benchPerMillion: round(bench), importctlPerMillion: round(importctl), ratio: round(importctl / bench, 3) };
  });
}

type ScenarioResult = ReturnType<typeof summarize>;
function summarize(scenario: Scenario, route: string, samples: Sample[], memoryMb: number) {
  const of = (field: keyof Sample) => samples.map((sample) => sample[field]);
  const meanOf = (field: keyof Sample, digits?: number) => round(mean(of(field)), digits);
  const billedMs = samples.map((sample) => Math.ceil(sample.ms)); // Lambda bills each invocation rounded up to the ms
  const serviceLogBytes = mean(of('logBytes'));
  // The one cost model: the same function `importctl cost` applies to the metrics.
  const cost = requestCostPerMillion(
    {
      requests: samples.length,
      billedMs: sum(billedMs),
      rcu: sum(of('rcu')),
      wcu: sum(samples.map(pricedWcu)),
      s3Gets: sum(of('s3Gets')),
      s3Puts: sum(of('s3Puts')),
      sqsRequests: sum(of('sqsRequests')),
      logBytes: sum(samples.map((sample) => ACCESS_LOG_BYTES + sample.logBytes)),
      httpApiUnits: sum(samples.map((s) => Math.max(1, Math.ceil((s.requestBytes + s.responseBytes) / HTTP_API_UNIT_BYTES)))),
    },
    memoryMb,
  );
  return {
    scenario: scenario.name,
    route,
    expectedStatus: scenario.status,
    statuses: h.tally(samples.map((sample) => String(sample.status))),
    requests: samples.length,
    durationMs: {
      mean: meanOf('ms', 2), p50: round(percentile(of('ms'), 0.5), 2), p95: round(percentile(of('ms'), 0.95), 2), max: round(Math.max(...of('ms')), 2),
    },
    billedMs: round(mean(billedMs), 2),
    dynamodb: {
      calls: meanOf('ddbCalls', 2),
      rcu: meanOf('rcu'),
      /** Priced: transactions at the larger of reported and modelled (pricedWcu). */
      wcu: round(mean(samples.map(pricedWcu))),
      wcuReported: meanOf('wcu'),
      transactWcuReported: meanOf('transactWcuReported'),
      transactWcuModelled: meanOf('transactWcuModelled'),
      callsWithoutReportedCapacity: meanOf('unreported', 2),
    },
    requestBytes: Math.round(mean(of('requestBytes'))),
    responseBytes: Math.round(mean(of('responseBytes'))),
    s3Gets: meanOf('s3Gets', 2),
    s3Puts: meanOf('s3Puts', 2),
    sqsRequests: meanOf('sqsRequests', 2),
    serviceLogBytes: round(serviceLogBytes, 1),
    // What the service's own logs and metrics records add (the rest of the logs column is the access log).
    observabilityPerMillion: round((serviceLogBytes / 1e9) * PRICES.logsPerGb * 1e6, 5),
    costPerMillion: h.mapValues(cost, (value) => round(value)),
  };
}

type Checks = Awaited<ReturnType<typeof capacityChecks>>;
function notesFor(scenarios: ScenarioResult[], checks: Checks, tx: Awaited<ReturnType<typeof transactionCrossCheck>>) {
  const notes: string[] = [];
  const undercount = checks.find((c) => !c.ok && c.check.startsWith('TransactWriteItems'));
  const unreported = scenarios.filter((s) => s.dynamodb.callsWithoutReportedCapacity > 0);
  // A replay's failed call is the Idempotency-Key's claim, not the rate limit: noted apart below.
  const replays = unreported.filter((s) => s.scenario.includes('replayed'));
  const limited = unreported.filter((s) => !replays.includes(s));
  if (limited.length > 0) {
    notes.push(
      `${limited.map((s) => s.scenario).join(', ')}: the rate-limit UpdateItem (the API key's auth and count, or the ` +
        "embed client's counter) fails its condition, and a failed call returns no ConsumedCapacity (neither DynamoDB nor " +
        'DynamoDB Local), so WCU shows 0*. AWS documents that a failed conditional write still consumes write capacity ' +
        `(1 WRU here: the item is < 1 KB or absent): add $${PRICES.dynamoWruPerMillion.toFixed(3)}/M to these rows.`,
    );
  }
  const keyWcu = (() => {
    const [plain, keyed] = ['api import: create (', 'api import: create with an Idempotency-Key'].map((name) => scenarios.find((s) => s.scenario.startsWith(name)));
    return plain && keyed ? round(keyed.dynamodb.wcu - plain.dynamodb.wcu, 2) : undefined;
  })();
  for (const s of replays) {
    notes.push(
      `${s.scenario}: the Idempotency-Key's claim (a conditional PutItem) fails its condition, as a replay must, and hands back ` +
        'the stored answer (ReturnValuesOnConditionCheckFailure: no read). A failed call returns no ConsumedCapacity, so WCU ' +
        `shows ${s.dynamodb.wcu}* (the auth alone). AWS bills a failed conditional write by the existing item's size, at least ` +
        `1 WRU${keyWcu === undefined ? '' : ` (the key's item, answer included, stays under 1 KB: the key adds ${keyWcu} WCU to a create, the claim and the answer's update)`}: ` +
        `add $${PRICES.dynamoWruPerMillion.toFixed(3)}/M to this row.`,
    );
  }
  for (const s of scenarios.filter((s) => s.dynamodb.transactWcuModelled > s.dynamodb.transactWcuReported)) {
    notes.push(
      `${s.scenario}: DynamoDB Local reported ${s.dynamodb.transactWcuReported} WCU for its TransactWriteItems, AWS bills ` +
        `${s.dynamodb.transactWcuModelled} (2 per item per started KB): priced with ${s.dynamodb.wcu} WCU in all, not the ${s.dynamodb.wcuReported} reported.`,
    );
  }
  for (const s of scenarios.filter((s) => s.statuses[s.expectedStatus] !== s.requests)) {
    notes.push(`${s.scenario}: expected every response to be ${s.expectedStatus}, got ${JSON.stringify(s.statuses)}.`);
  }
  // The cross-check compares the template scenarios: those of this run (`--only` may leave them all out).
  const operations = (['create', 'duplicate', 'delete'] as const).filter((op) => scenarios.some((s) => s.scenario.startsWith(`${op} template`)));
  const missing = (op: (typeof operations)[number]) => tx.expectedLocalWcu[op] - tx.measured[op];
  const differing = operations.filter((op) => missing(op) !== 0);
  // Fewer WCU than the same writes done singly is Local's under-reporting (see capacityChecks), priceable; more is not explained.
  const verdict =
    differing.length === 0
      ? 'consistent'
      : differing.every((op) => missing(op) > 0)
        ? differing.map((op) => `${op} under-reported by ${missing(op)}: add $${(missing(op) * PRICES.dynamoWruPerMillion).toFixed(3)}/M to its row`).join('; ')
        : 'INCONSISTENT: the WCU of these rows is not trustworthy';
  if (operations.length > 0) {
    notes.push(
      `Transactions cross-check: auth ${tx.authWcu} WCU + 2 x (template item ${tx.templateItemWcu} + organization counter ` +
        `${tx.counterWcu} + index entry ${tx.indexEntryWcu}, each written singly) = ${tx.expectedLocalWcu.create} WCU for create and ` +
        `duplicate, and for delete (a template that is not embedded: its embed pointer stays out of the transaction). ` +
        `Measured ${operations.map((op) => `${op} ${tx.measured[op]}`).join(', ')} (${verdict}).` +
        ' DynamoDB Local doubles the index write of a transaction too; if AWS bills that one as a standard write, these rows are 1 WRU ($0.625/M) lower.',
    );
  }
  if (undercount) {
    notes.push(
      `DynamoDB Local under-reports a transaction whose items consume equal capacity (${undercount.check}: ` +
        `${undercount.measured} WCU; it seems to sum distinct per-item values). ` +
        (operations.length > 0 && differing.length === 0
          ? 'The template transactions pair a template item with the smaller counter item and are counted in full (cross-check above). '
          : '') +
        "The imports' creation (embed: start import, api import: create) is priced with the model instead of what Local reported; " +
        'organization and key creation (setup only, not priced) would be under-reported.',
    );
  }
  notes.push(
    `Lambda duration is billed per request rounded up to the whole ms (as Lambda bills), measured in-process on this ${h.machine().cpus}-core ` +
      'machine against DynamoDB Local over loopback: an approximation of Lambda (arm64, 256 MB gets a fraction of a vCPU; ' +
      'real DynamoDB calls take a few ms each in-region).',
  );
  const serviceLogs = Math.max(...scenarios.map((s) => s.serviceLogBytes));
  notes.push(
    `Logs: a ${ACCESS_LOG_BYTES} B API Gateway access-log line per request plus what the handler wrote ` +
      `(${serviceLogs === 0 ? 'nothing in these scenarios: only unexpected errors are logged' : `up to ${serviceLogs} B`}). ` +
      'Lambda writes no START/END/REPORT records: the functions run with system log level WARN (lib/api-function.ts).',
  );
  return notes;
}

function print(report: Awaited<ReturnType<typeof bench>>) {
  const parts: [keyof ScenarioResult['costPerMillion'], string][] = [
    ['apiGateway', 'API GW'], ['lambdaRequests', 'Lambda req'], ['lambdaDuration', 'Lambda dur'], ['dynamodb', 'DynamoDB'], ['s3', 'S3'], ['sqs', 'SQS'], ['logs', 'logs'],
  ];
  console.log(
    `\nCost per request in USD per million requests (us-east-1, PLATFORM.md prices); ${report.iterations} requests ` +
      `per scenario after ${report.warmup} warm-up, handlers in-process over DynamoDB Local\n`,
  );
  h.reportTable<ScenarioResult>(
    [
      ...requestColumns<ScenarioResult>(),
      ...parts.map(([part, header]): h.Column<ScenarioResult> => [header, (s) => money(s.costPerMillion[part])]),
      ['of which obs', (s) => money(s.observabilityPerMillion)],
      ['total $/M', (s) => money(s.costPerMillion.total)],
    ],
    report.scenarios,
    { above: ['API GW', '$ per million requests'] },
  );
  const getTemplate = report.scenarios.find((s) => s.scenario === 'get template');
  if (getTemplate) {
    const ratio = getTemplate.costPerMillion.total / PLATFORM_STRONG_FLOOR_PER_MILLION;
    console.log(
      `\nObservability budget: logs and metrics add $${getTemplate.observabilityPerMillion.toFixed(4)}/M to get template ` +
        `(${getTemplate.serviceLogBytes} B a request: EMF records aggregated per operation, errors-only logs; budget $${OBSERVABILITY_BUDGET_PER_MILLION.toFixed(2)}/M: ` +
        `${getTemplate.observabilityPerMillion <= OBSERVABILITY_BUDGET_PER_MILLION ? 'within' : 'OVER'}). get template $${getTemplate.costPerMillion.total.toFixed(3)}/M = ` +
        `${ratio.toFixed(3)}x the $${PLATFORM_STRONG_FLOOR_PER_MILLION.toFixed(2)}/M floor (target <= 1.10x: ${h.verdict(ratio <= 1.1)}).`,
    );
  }
  console.log(
    `\nPLATFORM.md floor for an authenticated, rate-limited read: ~$${PLATFORM_FLOOR_PER_MILLION.toFixed(2)}/M ` +
      '(HTTP API 1.00 + Lambda 0.20 + 1 WRU 0.625 + 0.5 RRU 0.0625; no duration, no logs); ' +
      `~$${PLATFORM_STRONG_FLOOR_PER_MILLION.toFixed(2)}/M strongly consistent (1 RRU), as every embed read is`,
  );
  console.log('\nCapacity checks (DynamoDB Local, ReturnConsumedCapacity TOTAL):\n');
  h.reportTable(
    [['', (c) => (c.ok ? 'ok' : 'DIFF')], ['check', (c) => c.check], ['measured', (c) => `${c.measured} ${c.unit.toUpperCase()}`], ['expected', (c) => c.expected]],
    report.capacityChecks,
    { alignLeft: 2 },
  );
  h.printNotes(report.notes);
  const worst = Math.max(...report.liveCost.map((c) => Math.abs(c.ratio - 1)));
  console.log(
    `\nThe same requests as \`importctl cost\` reports them (the metrics records the handlers wrote, priced by the shared ` +
      `model): within ${(worst * 100).toFixed(1)}% of the bench on every operation (target 10%: ${h.verdict(worst <= 0.1)}).\n`,
  );
  h.reportTable(
    [['operation', (c) => c.operation], ['bench $/M', (c) => c.benchPerMillion.toFixed(3)], ['importctl $/M', (c) => c.importctlPerMillion.toFixed(3)], ['importctl/bench', (c) => `${c.ratio.toFixed(3)}x`]],
    report.liveCost,
  );
  console.log(
    `\nHandler module imports in this process: ${report.handlerImportsInProcess.map(({ group, ms }) => `${group} ${ms.toFixed(1)} ms`).join(', ')} ` +
      '(after the local stack loaded the SDK and the route table; later handlers reuse modules already loaded). ' +
      'Cold starts of the deployed bundles in fresh processes: npm run bench:cold-start.',
  );
  const m = report.memoryAfterRun;
  console.log(
    `\nHeap used after the run: ${m.heapUsedMb} MB (heap total ${m.heapTotalMb} MB, RSS ${m.rssMb} MB; this process also ` +
      'hosts the SQS/S3 emulator and the local gateway, so it overstates one Lambda)',
  );
}

const report = await h.withLocalStack('bench', bench);
print(report);
h.writeResults(RESULTS, report);
console.log(`(${report.runSeconds} s)`);
