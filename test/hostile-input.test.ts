// Generated hostile input against the real handlers, invoked in-process over DynamoDB Local. Whatever
// the body: never a 500; every refusal is a 400 with the error shape; every success is stored exactly
// as sent (read back with GET, numbers exact). Seeded, so a failure reproduces; fast-check prints the
// shrunk body that failed.
import fc from 'fast-check';
import { handler as templatesHandler } from '../functions/templates/handler';
import { handler as brandingHandler } from '../functions/branding/handler';
import { buildApiEvent, lambdaContext } from '../scripts/local/gateway';
import { createApiKey, getOrganization } from '../shared/data/organizations';
import type { LambdaApiHandler } from '../shared/http/pipeline';
import type { Plan } from '../shared/domain/plans';
import { invokeHandler } from './support/invoke';
import { newOrganization } from './support/api';

const SEED = 20261123;
const RUNS = 100;
const TEMPLATES = '/api/v1/templates';
const BRANDING = '/api/v1/organization/branding';
const RANGE = 'must be a number between -9007199254740991 and 9007199254740991';
const MAGNITUDE = 'must be 0 or at least 1e-100 in absolute value';
const LENGTH_RANGE = 'must be between 0 and 9007199254740991';

// JSON.rawJSON (Node 24) writes exact JSON text inside JSON.stringify; TypeScript's lib lacks it.
const { rawJSON, isRawJSON } = JSON as unknown as { rawJSON(text: string): object; isRawJSON(value: unknown): boolean };

// ---- Valid bodies that the generators mutate ----

/** Every rule type, numbers of every kind in rules and enums. */
const VALID_TEMPLATE = {
  name: 'Contacts',
  description: 'CRM contacts',
  columns: [
    {
      key: 'email',
      name: 'Email',
      type: 'email',
      required: true,
      description: null,
      validations: [
        { type: 'unique', value: true, message: 'Email already listed' },
        { type: 'regex', value: '^[^@]+@example\\.com$', message: null },
      ],
      suggestedMappings: ['e-mail', 'mail'],
    },
    {
      key: 'age',
      name: 'Age',
      type: 'number',
      validations: [
        { type: 'min', value: -1.5 },
        { type: 'max', value: 150 },
        { type: 'enum', value: [18, 21.5, 'n/a'] },
      ],
    },
    { key: 'code', name: 'Code', type: 'string', validations: [{ type: 'minLength', value: 2 }, { type: 'maxLength', value: 10 }] },
  ],
  allowExtraColumns: true,
  skipHeaderRows: 1,
  allowPartialImport: false,
};

/** Every updatable field, so that a pro organization's GET shows each one back. */
const VALID_BRANDING = {
  primaryColor: '#123456',
  secondaryColor: '#abc',
  accentColor: '#F59E0B',
  backgroundColor: '#FFFFFF',
  textColor: '#111827',
  borderColor: '#E5E7EB',
  errorColor: '#DC2626',
  successColor: '#16A34A',
  logoUrl: 'https://cdn.example.com/logo.png',
  showPoweredBy: false,
  fontFamily: '"Open Sans", sans-serif',
  fontSize: 'large',
  borderRadius: 'full',
  buttonStyle: 'ghost',
  customCss: '.importer { color: red; }',
  customWelcomeText: 'Welcome',
  customSuccessText: null,
  locale: 'fr',
};

// ---- Generators ----

/** Numbers at and past every bound: the storable ones must round-trip, the others must be refused. */
const extremeNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2, -0, 5e-324, -5e-324, 1e-200, 1e-130, 1e-100, -1e-100, 0.1, -1.5, 1, 0,
  ),
  // As text, JSON holds numbers a double cannot: 2**53 + 1, 1e999 (parsed as Infinity), 1e-400 (as 0).
  fc.constantFrom('9007199254740993', '-9007199254740993', '1e999', '-1e999', '-0', '1e-400', '1E+2').map(rawJSON),
  fc.double(), // NaN and Infinity are written as null
  fc.integer(),
);

/** Empty, control, lone-surrogate, combining, right-to-left, markup, and longer than each limit and the body. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\udfffb', '\u202eevil', '\ufeff', 'e\u0301', '👩‍👩‍👧', '__proto__', '</style><script>'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(101, 201, 501, 1001, 2001, 60_000, 300_000).map((length) => 'é'.repeat(length)),
);

/** Arrays nested up to far deeper than any schema expects. */
const deeplyNested = fc.integer({ min: 1, max: 1000 }).map((depth) => {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
});

/** Keys that name prototype machinery or read-only fields. */
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id', 'embedEnabled', 'importCount', '');

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  extremeNumber,
  hostileString,
  fc.constantFrom(null, true, false, [], {}, [[]], [{}]),
  fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }),
  deeplyNested,
  fc.tuple(hostileKey, fc.jsonValue({ maxDepth: 1 })).map(([key, value]) => withOwnKey({}, key, value)),
);

/** Arbitrary JSON, plain objects, and objects of the known field names with hostile values. */
const arbitraryBody = (fields: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(fc.jsonValue(), fc.object(), fc.dictionary(fc.constantFrom(...fields), hostileValue));

type Path = (string | number)[];
type Edit =
  | { replace: Path; value: unknown }
  | { remove: Path }
  | { addTo: Path; key: string; value: unknown };

/**
 * Up to two edits of a valid body (or none: the valid body itself). Most edits put an extreme number where
 * a number is, or a hostile value in place of one leaf, so that most bodies fail one check, not many.
 */
function mutationOf(valid: object): fc.Arbitrary<unknown> {
  const places = pathsIn(valid);
  const leaves = places.filter((path) => !isContainer(valueAt(valid, path)));
  const numbers = leaves.filter((path) => typeof valueAt(valid, path) === 'number');
  const objects = places.filter((path) => isPlainObject(valueAt(valid, path)));
  const edits: fc.WeightedArbitrary<Edit>[] = [
    { weight: 2, arbitrary: fc.record({ replace: fc.constantFrom(...leaves), value: hostileValue }) },
    { weight: 1, arbitrary: fc.record({ replace: fc.constantFrom(...places), value: hostileValue }) },
    { weight: 1, arbitrary: fc.record({ remove: fc.constantFrom(...places.filter((path) => path.length > 0)) }) },
    { weight: 1, arbitrary: fc.record({ addTo: fc.constantFrom(...objects), key: hostileKey, value: hostileValue }) },
  ];
  if (numbers.length > 0) {
    edits.push({ weight: 4, arbitrary: fc.record({ replace: fc.constantFrom(...numbers), value: extremeNumber }) });
  }
  const edit = fc.oneof(...edits);
  // Mostly one edit: a second one often makes an earlier check fail first and hides the first edit.
  const editList: fc.Arbitrary<readonly Edit[]> = fc.oneof(
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 6, arbitrary: fc.tuple(edit) },
    { weight: 2, arbitrary: fc.tuple(edit, edit) },
  );
  return editList.map((list) => list.reduce<unknown>(applyEdit, valid));
}

/** The body as text; sometimes with a top-level key given twice (JSON.parse keeps the last one). */
const bodyText = (body: fc.Arbitrary<unknown>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: body.map(toText) },
    { weight: 1, arbitrary: fc.tuple(body, fc.nat(), hostileValue, fc.boolean()).map((args) => withDuplicateKey(...args)) },
  );

// ---- Body editing (immutable: fast-check reuses generated values while shrinking) ----

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isRawJSON(value);
}

function isContainer(value: unknown): value is Record<string | number, unknown> {
  return Array.isArray(value) || isPlainObject(value);
}

/** An own enumerable key, even `__proto__` (an assignment would set the prototype instead). */
function withOwnKey(object: object, key: string, value: unknown): object {
  return Object.defineProperty({ ...object }, key, { value, enumerable: true, writable: true, configurable: true });
}

function pathsIn(value: unknown, path: Path = []): Path[] {
  if (!isContainer(value)) return [path];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [path, ...keys.flatMap((key) => pathsIn(value[key], [...path, key]))];
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (isContainer(value) ? value[key] : undefined), root);
}

/** A copy of root with `update` applied at path; unchanged where an earlier edit removed the path. */
function updateAt(root: unknown, path: Path, update: (value: unknown) => unknown): unknown {
  if (path.length === 0) return update(root);
  const [key, ...rest] = path;
  if (!isContainer(root) || !(key in root)) return root;
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<string | number, unknown>;
  copy[key] = updateAt(root[key], rest, update);
  return copy;
}

function applyEdit(body: unknown, edit: Edit): unknown {
  if ('replace' in edit) return updateAt(body, edit.replace, () => edit.value);
  if ('addTo' in edit) return updateAt(body, edit.addTo, (object) => (isPlainObject(object) ? withOwnKey(object, edit.key, edit.value) : object));
  const parent = edit.remove.slice(0, -1);
  const key = edit.remove[edit.remove.length - 1];
  return updateAt(body, parent, (container) => {
    if (Array.isArray(container)) return container.filter((_, i) => i !== key);
    if (!isPlainObject(container)) return container;
    const { [key]: _removed, ...rest } = container;
    return rest;
  });
}

/** JSON text, -0 kept (JSON.stringify writes it as 0); '' (no body) for undefined. */
function toText(value: unknown): string {
  return JSON.stringify(value, (_key, item) => (Object.is(item, -0) ? rawJSON('-0') : item)) ?? '';
}

/** The body with its n-th top-level key (modulo their count) given again, first or last. */
function withDuplicateKey(body: unknown, n: number, value: unknown, last: boolean): string {
  const text = toText(body);
  if (!isPlainObject(body) || Object.keys(body).length === 0) return text;
  const keys = Object.keys(body);
  const duplicate = `${JSON.stringify(keys[n % keys.length])}:${toText(value) || 'null'}`;
  return last ? `${text.slice(0, -1)},${duplicate}}` : `{${duplicate},${text.slice(1)}`;
}

/** What the handler parsed, as JSON can say it (JSON has no -0: the answer writes 0 either way). */
function parsedAsJson(text: string): unknown {
  return JSON.parse(JSON.stringify(JSON.parse(text)));
}

// ---- Requests ----

interface Answer {
  status: number;
  body: any;
}

/**
 * One organization's requests through the handlers. Rate limits are 30 writes and 100 reads per key
 * and minute: a fresh key every 25 requests stays under both, however long shrinking takes.
 */
async function caller(plan: Plan) {
  const { organizationId, apiKey: firstKey } = await newOrganization(plan);
  let apiKey = firstKey;
  let used = 0;
  const nextKey = async () => {
    if (used++ < 25) return apiKey;
    apiKey = (await createApiKey((await getOrganization(organizationId))!)).apiKey;
    used = 1;
    return apiKey;
  };
  const answer = (result: { statusCode?: number; body?: string }): Answer => ({
    status: result.statusCode!,
    body: result.body ? JSON.parse(result.body) : undefined,
  });
  return {
    /** A body sent as exact text: invokeHandler would re-serialize it and lose duplicate keys and -0. */
    send: async (handler: LambdaApiHandler, method: string, url: string, text: string) => {
      const headers = { authorization: `Bearer ${await nextKey()}`, 'content-type': 'application/json' };
      const { event } = buildApiEvent({ method, url, headers, body: Buffer.from(text) }, 'req-hostile');
      return answer(await handler(event, lambdaContext('test', 'req-hostile')));
    },
    call: async (handler: LambdaApiHandler, method: string, url: string, body?: unknown) =>
      answer(await invokeHandler(handler, { method, url, apiKey: await nextKey(), body })),
  };
}

/** Anything but a 2xx is a 400 with exactly `{ error: { code, message } }`; true when it was a 2xx. */
function expectSuccessOrRefusal(answer: Answer): boolean {
  if (answer.status >= 200 && answer.status < 300) return true;
  expect(answer).toEqual({
    status: 400,
    body: { error: { code: expect.stringMatching(/^(VALIDATION_ERROR|BAD_REQUEST)$/), message: expect.any(String) } },
  });
  return false;
}

const refusal = (message: string) => ({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message } } });

// ---- Properties ----

describe('hostile input never breaks the API', () => {
  let api: Awaited<ReturnType<typeof caller>>;
  beforeAll(async () => {
    api = await caller('pro');
  });

  async function expectTemplateStored(answer: Answer, status: number, text: string) {
    if (!expectSuccessOrRefusal(answer)) return;
    expect(answer.status).toBe(status);
    const stored = await api.call(templatesHandler, 'GET', `${TEMPLATES}/${answer.body.id}`);
    expect(stored.body).toEqual(answer.body);
    expect(stored.body).toMatchObject(parsedAsJson(text) as object);
  }

  const createTemplate = async (text: string) =>
    expectTemplateStored(await api.send(templatesHandler, 'POST', TEMPLATES, text), 201, text);

  it('POST /templates with arbitrary JSON: refused with 400, or stored as sent', async () => {
    await fc.assert(fc.asyncProperty(bodyText(arbitraryBody(Object.keys(VALID_TEMPLATE))), createTemplate), {
      seed: SEED,
      numRuns: RUNS,
    });
  });

  it('POST /templates with a mutated valid body: refused with 400, or stored as sent', async () => {
    await fc.assert(fc.asyncProperty(bodyText(mutationOf(VALID_TEMPLATE)), createTemplate), { seed: SEED, numRuns: RUNS });
  });

  it('PATCH /templates/:id with a mutated valid patch: refused with 400, or stored as sent', async () => {
    const existing = await api.call(templatesHandler, 'POST', TEMPLATES, VALID_TEMPLATE);
    const url = `${TEMPLATES}/${existing.body.id}`;
    const patch = fc
      .subarray(Object.keys(VALID_TEMPLATE), { minLength: 1 })
      .chain((fields) => mutationOf(Object.fromEntries(fields.map((field) => [field, VALID_TEMPLATE[field as keyof typeof VALID_TEMPLATE]]))));
    const updateTemplate = async (text: string) =>
      expectTemplateStored(await api.send(templatesHandler, 'PATCH', url, text), 200, text);
    await fc.assert(fc.asyncProperty(bodyText(patch), updateTemplate), { seed: SEED, numRuns: RUNS });
  });

  it('PUT /organization/branding (pro) with a mutated valid or arbitrary body: refused with 400, or stored as sent', async () => {
    const body = fc.oneof(mutationOf(VALID_BRANDING), arbitraryBody(Object.keys(VALID_BRANDING)));
    const updateBranding = async (text: string) => {
      const answer = await api.send(brandingHandler, 'PUT', BRANDING, text);
      if (!expectSuccessOrRefusal(answer)) return;
      expect(answer).toEqual({ status: 200, body: { success: true, message: 'Branding settings updated' } });
      expect((await api.call(brandingHandler, 'GET', BRANDING)).body).toMatchObject(parsedAsJson(text) as object);
    };
    await fc.assert(fc.asyncProperty(bodyText(body), updateBranding), { seed: SEED, numRuns: RUNS });
  });
});

// ---- Regressions: numbers that the document client or DynamoDB refuse were answered 500 ----

describe('rule numbers outside what storage holds exactly are a 400 naming the path', () => {
  let api: Awaited<ReturnType<typeof caller>>;
  beforeAll(async () => {
    api = await caller('free');
  });

  /** A number column with one rule, its value written as exact JSON text. */
  const withRule = (type: string, valueText: string) =>
    `{"name":"Limits","columns":[{"key":"n","name":"N","type":"number","validations":[{"type":"${type}","value":${valueText}}]}]}`;
  const path = 'Validation error: columns[0].validations[0].value';

  it.each([
    ['min', '1e308', RANGE],
    ['min', '-1e308', RANGE],
    ['min', '9007199254740993', RANGE],
    ['max', '1e308', RANGE],
    ['max', '9007199254740993', RANGE],
    ['max', '1e999', RANGE],
    ['min', '1e-200', MAGNITUDE],
    ['max', '-5e-324', MAGNITUDE],
    ['minLength', '1e308', LENGTH_RANGE],
    ['minLength', '9007199254740993', LENGTH_RANGE],
    ['maxLength', '1e308', LENGTH_RANGE],
    ['maxLength', '9007199254740993', LENGTH_RANGE],
  ])('POST %s %s: %s', async (type, valueText, problem) => {
    expect(await api.send(templatesHandler, 'POST', TEMPLATES, withRule(type, valueText))).toEqual(refusal(`${path} ${problem}`));
  });

  it.each([
    ['1e308', RANGE],
    ['9007199254740993', RANGE],
    ['1e-200', MAGNITUDE],
  ])('POST enum ["a", %s]: the item is named', async (valueText, problem) => {
    const answer = await api.send(templatesHandler, 'POST', TEMPLATES, withRule('enum', `["a",${valueText}]`));
    expect(answer).toEqual(refusal(`${path}[1] ${problem}`));
  });

  it('PATCH answers the same 400 and leaves the template as it was', async () => {
    const created = await api.call(templatesHandler, 'POST', TEMPLATES, JSON.parse(withRule('max', '10')));
    const url = `${TEMPLATES}/${created.body.id}`;
    const patch = `{"columns":${JSON.stringify(created.body.columns).replace('"value":10', '"value":9007199254740993')}}`;
    expect(await api.send(templatesHandler, 'PATCH', url, patch)).toEqual(refusal(`${path} ${RANGE}`));
    expect((await api.call(templatesHandler, 'GET', url)).body).toEqual(created.body);
  });

  it('stores the bounds themselves exactly', async () => {
    const bounds = '[-9007199254740991,9007199254740991,1e-100,-1e-100,0.1,-0]';
    const text = `{"name":"Bounds","columns":[{"key":"n","name":"N","type":"number","validations":[
      {"type":"min","value":-9007199254740991},{"type":"max","value":9007199254740991},{"type":"enum","value":${bounds}}]},
      {"key":"s","name":"S","type":"string","validations":[{"type":"maxLength","value":9007199254740991}]}]}`;
    const created = await api.send(templatesHandler, 'POST', TEMPLATES, text);
    expect(created.status).toBe(201);
    const stored = await api.call(templatesHandler, 'GET', `${TEMPLATES}/${created.body.id}`);
    expect(stored.body.columns.map((column: any) => column.validations.map((rule: any) => rule.value))).toEqual([
      [-9007199254740991, 9007199254740991, [-9007199254740991, 9007199254740991, 1e-100, -1e-100, 0.1, 0]],
      [9007199254740991],
    ]);
  });
});
