// The example validation hook (examples/validation-hook): a request signed with the public standardwebhooks
// package, over HTTP on 127.0.0.1, its sample.csv as the batch; then, as its README tells, as a template's
// hook while the real local stack imports sample.csv.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret } from '../shared/domain/ids';
import { updateOrganization } from '../shared/data/organizations';
import { newOrganization } from './support/api';
import { runImport } from './support/imports';
import {
  createHookServer,
  loadCustomers,
  normalizePhone,
  validateRows,
  type HookAnswer,
  type HookLogEntry,
  type HookRequest,
} from '../examples/validation-hook/hook.mjs';

const EXAMPLE = join(__dirname, '..', 'examples', 'validation-hook');
const customers = loadCustomers(join(EXAMPLE, 'customers.json'));

/** sample.csv as the service would send it: row numbers as the end user sees them (the header is row 1), empty cells null. */
function sampleRequest(): HookRequest {
  const [header, ...lines] = readFileSync(join(EXAMPLE, 'sample.csv'), 'utf8').trim().split('\n');
  const keys = header.split(',');
  return {
    type: 'rows.validate',
    importId: 'imp_01JEXAMPLE',
    templateId: 'tpl_01JEXAMPLE',
    mode: 'import',
    batch: { index: 0, of: null },
    rows: lines.map((line, i) => {
      const cells = line.split(',');
      return {
        row: i + 2,
        revision: 0,
        values: Object.fromEntries(keys.map((key, k) => [key, cells[k] === '' ? null : cells[k]])),
        errors: [],
      };
    }),
    user: { id: 'u1', email: null, name: null },
    metadata: null,
  };
}

function signed(secret: string, body: string, msgId = 'hook_imp_01JEXAMPLE_0_0') {
  const now = new Date();
  return {
    'Content-Type': 'application/json',
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(msgId, now, body),
  };
}

const messagesOf = (answer: HookAnswer) => answer.rows.flatMap((row) => (row.messages ?? []).map((message) => ({ row: row.row, ...message })));

describe('the example validation hook over HTTP', () => {
  const secret = newWebhookSecret();
  const logged: HookLogEntry[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createHookServer({ secret, customers, log: (entry) => logged.push(entry) });
    url = await listen(server);
  });

  afterAll(() => close(server));

  it('answers 401 to a request whose signature does not verify', async () => {
    // Prepare
    const body = JSON.stringify(sampleRequest());
    const otherSecret = newWebhookSecret();

    // Act
    const wrongKey = await fetch(url, { method: 'POST', headers: signed(otherSecret, body), body });
    const tampered = await fetch(url, { method: 'POST', headers: signed(secret, body), body: body.replace('C-9999', 'C-1001') });
    const unsigned = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

    // Assess
    expect([wrongKey.status, tampered.status, unsigned.status]).toEqual([401, 401, 401]);
    expect(await wrongKey.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 400 to a signed body that is not JSON or not rows.validate', async () => {
    const notJson = 'rows please';
    const otherType = JSON.stringify({ type: 'import.completed', rows: [] });

    const first = await fetch(url, { method: 'POST', headers: signed(secret, notJson), body: notJson });
    const second = await fetch(url, { method: 'POST', headers: signed(secret, otherType), body: otherType });

    expect([first.status, second.status]).toEqual([400, 400]);
  });

  it('checks the sample rows: 3 unknown customers (one with a suggestion), 2 phones normalized, 1 free-mail warning', async () => {
    // Prepare
    const request = sampleRequest();
    const body = JSON.stringify(request);

    // Act
    const response = await fetch(url, { method: 'POST', headers: signed(secret, body), body });
    const answer = (await response.json()) as HookAnswer;

    // Assess
    expect(response.status).toBe(200);
    const messages = messagesOf(answer);
    const unknown = messages.filter((message) => message.code === 'unknown_customer');
    expect(unknown).toEqual([
      { row: 4, column: 'customer_id', level: 'error', code: 'unknown_customer', message: 'Customer C-9999 does not exist' },
      { row: 6, column: 'customer_id', level: 'error', code: 'unknown_customer', message: 'Customer c1003 does not exist', suggestion: 'C-1003' },
      { row: 8, column: 'customer_id', level: 'error', code: 'unknown_customer', message: 'Customer C-2000 does not exist' },
    ]);
    const warnings = messages.filter((message) => message.level === 'warning');
    expect(warnings).toEqual([
      { row: 5, column: 'email', level: 'warning', code: 'free_mail', message: expect.stringContaining('a work address is preferred') },
    ]);
    expect(messages).toHaveLength(4);
    const changed = answer.rows.filter((row) => row.values).map(({ row, values }) => ({ row, values }));
    expect(changed).toEqual([
      { row: 3, values: { phone: '+14155550102' } },
      { row: 7, values: { phone: '+14155550106' } },
    ]);
    // Every answered row names the revision it was asked about, and only rows with something to say are answered.
    expect(answer.rows.every((row) => row.revision === 0)).toBe(true);
    expect(answer.rows.map((row) => row.row)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(logged.at(-1)).toEqual(
      expect.objectContaining({ status: 200, importId: 'imp_01JEXAMPLE', rows: 10, errors: 3, warnings: 1, valuesChanged: 2 }),
    );
  });
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('the example validation hook as a template\'s hook', () => {
  it('turns sample.csv into 7 valid rows with 2 phones normalized and a warning, and 3 unknown customers', async () => {
    // Prepare
    const org = await newOrganization();
    const secret = newWebhookSecret();
    await updateOrganization(org.organizationId, { webhookSecret: secret });
    const server = createHookServer({ secret, customers });
    try {
      const url = await listen(server);
      const template = await org.api.post('/api/v1/templates', {
        name: 'Customers',
        allowPartialImport: true,
        columns: [
          { key: 'customer_id', name: 'Customer', type: 'string', required: true },
          { key: 'name', name: 'Name', type: 'string' },
          { key: 'email', name: 'Email', type: 'email' },
          { key: 'phone', name: 'Phone', type: 'string' },
        ],
        validationHook: { url },
      });
      expect(template.status).toBe(201);

      // Act
      const record = await runImport(org.organizationId, template.body.id, readFileSync(join(EXAMPLE, 'sample.csv')), { fileName: 'sample.csv' });

      // Assess
      expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 10, validRows: 7, errorRows: 3 });
      const errors = (await org.api.get(`/api/v1/imports/${record.id}/errors`)).body.data;
      type ErrorRow = { row: number; errors: { code: string; suggestion?: string }[] };
      const codes = (row: ErrorRow) => [row.row, row.errors.map((e) => [e.code, e.suggestion])];
      expect(errors.map(codes)).toEqual([
        [4, [['unknown_customer', undefined]]],
        [6, [['unknown_customer', 'C-1003']]],
        [8, [['unknown_customer', undefined]]],
      ]);
      const rows = (await org.api.get(`/api/v1/imports/${record.id}/rows`)).body;
      expect(rows.data.map((row: Record<string, unknown>) => row.phone)).toEqual([
        '+14155550101',
        '+14155550102',
        null,
        '+14155550106',
        '+14155550108',
        null,
        '+14155550110',
      ]);
      expect(rows.messages).toEqual([{ index: 2, row: 5, messages: [expect.objectContaining({ level: 'warning', code: 'free_mail' })] }]);
      const detail = (await org.api.get(`/api/v1/imports/${record.id}`)).body;
      expect(detail.hook).toMatchObject({ status: 'ok', calls: 1, failedCalls: 0, rows: 10 });
    } finally {
      await close(server);
    }
  });
});

describe('validateRows', () => {
  const row = (values: Record<string, unknown>, errors: HookRequest['rows'][number]['errors'] = [], revision = 0) => ({
    ...sampleRequest(),
    rows: [{ row: 2, revision, values, errors }],
  });

  it('skips a column the template already rejected and echoes the revision of a correction', () => {
    const values = { customer_id: 'C-404', phone: '(415) 555-0100', email: 'me@gmail.com' };
    const rejected = [{ column: 'customer_id', message: 'must match' }];
    const answer = validateRows({ ...row(values, rejected, 7), mode: 'correction' }, { customers });
    expect(answer.rows).toEqual([
      {
        row: 2,
        revision: 7,
        values: { phone: '+14155550100' },
        messages: [expect.objectContaining({ column: 'email', code: 'free_mail' })],
      },
    ]);
  });

  it('suggests a known id for one differing only by case, spaces or its dash', () => {
    for (const typed of ['c-1003', ' C-1003 ', 'C1003', 'c 1003']) {
      const [message] = validateRows(row({ customer_id: typed }), { customers }).rows[0].messages ?? [];
      expect(message).toEqual(expect.objectContaining({ level: 'error', suggestion: 'C-1003' }));
    }
    expect(validateRows(row({ customer_id: 'C-1003', phone: null, email: null }), { customers }).rows).toEqual([]);
  });

  it('follows configured column keys and leaves a turned-off check alone', () => {
    const answer = validateRows(row({ account: 'C-1', tel: '415 555 0100', customer_id: 'nobody' }), {
      customers,
      columns: { customer: 'account', phone: 'tel', email: null },
    });
    expect(answer.rows).toEqual([
      { row: 2, revision: 0, values: { tel: '+14155550100' }, messages: [expect.objectContaining({ column: 'account', code: 'unknown_customer' })] },
    ]);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['(415) 555-0100', '+14155550100'],
    ['415.555.0100', '+14155550100'],
    ['1 415 555 0100', '+14155550100'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+49 30 1234567', '+49301234567'],
    ['+14155550100', '+14155550100'],
  ])('%s -> %s', (text, e164) => {
    expect(normalizePhone(text)).toBe(e164);
  });

  it.each(['555-0100', '2 415 555 0100', '+123456', '+1234567890123456', '415-555-0100 x12', 'call me'])(
    'leaves %s to a person',
    (text) => {
      expect(normalizePhone(text)).toBeNull();
    },
  );

  it('a number it cannot normalize gets a warning, not a changed value', () => {
    const answer = validateRows(
      { ...sampleRequest(), rows: [{ row: 2, revision: 0, values: { customer_id: 'C-1001', phone: '555-0100', email: null }, errors: [] }] },
      { customers },
    );
    expect(answer.rows).toEqual([
      { row: 2, revision: 0, messages: [expect.objectContaining({ column: 'phone', level: 'warning', code: 'unrecognized_phone' })] },
    ]);
  });
});
