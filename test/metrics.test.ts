// The meter and the metrics: work is metered apart even when it runs concurrently, records are valid
// EMF with bounded dimensions and are written when an operation has 99 values or has waited long
// enough; `importctl cost` prices what the local stack's functions recorded with the shared model.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import { withMeter } from '../shared/observability/meter';
import { observeWork } from '../shared/observability/observe';
import { flushMetrics, recordMetrics } from '../shared/observability/metrics';
import { requestCostPerMillion } from '../shared/observability/cost-model';
import { API_FUNCTION_MEMORY_MB } from '../shared/resources';
import { newOrganization, contactsTemplate } from './support/api';
import { importctl } from './support/importctl';

jest.setTimeout(60_000);

const read = (key: string) => dynamo().send(new GetCommand({ TableName: config().tableName, Key: { pk: `METRICS#${key}`, sk: 'x' }, ConsistentRead: true }));

describe('the meter', () => {
  it('counts each unit of work apart while they run at once, and an outer scope sees both', async () => {
    const { result, meter: outer } = await withMeter(() =>
      Promise.all([
        withMeter(async () => {
          await Promise.all([read('a'), read('b'), read('c')]);
        }),
        withMeter(async () => {
          await read('d');
        }),
      ]),
    );
    const [three, one] = result.map((entry) => entry.meter);
    expect(three.ddbCalls).toBe(3);
    expect(one.ddbCalls).toBe(1);
    expect(three.rcu).toBeGreaterThan(0);
    expect(three.rcu).toBe(3 * one.rcu);
    expect(outer.ddbCalls).toBe(4);
    expect(outer.rcu).toBe(three.rcu + one.rcu);
  });
});

describe('the metrics records', () => {
  let dir: string;
  const saved = { file: process.env.METRICS_FILE, seconds: process.env.METRICS_FLUSH_SECONDS };
  beforeEach(() => {
    flushMetrics(true);
    dir = mkdtempSync(join(tmpdir(), 'metrics-test-'));
    process.env.METRICS_FILE = join(dir, 'metrics.emf.jsonl');
    delete process.env.METRICS_FLUSH_SECONDS;
  });
  afterEach(() => {
    process.env.METRICS_FILE = saved.file;
    if (saved.seconds === undefined) delete process.env.METRICS_FLUSH_SECONDS;
    else process.env.METRICS_FLUSH_SECONDS = saved.seconds;
    rmSync(dir, { recursive: true, force: true });
  });
  const records = () =>
    readFileSync(process.env.METRICS_FILE!, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));

  it('aggregate an operation until it has 99 values, then write one EMF record with its dimensions', () => {
    for (let i = 0; i < 98; i++) recordMetrics('templates', 'getTemplate', { Requests: 1, Latency: 3, RCU: 1, WCU: 1 });
    flushMetrics();
    expect(() => records()).toThrow(); // nothing written yet: no file
    recordMetrics('templates', 'getTemplate', { Requests: 1, Latency: 4, RCU: 1, WCU: 1 });
    flushMetrics();
    const [record] = records();
    expect(record._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'ImportService/local',
        Dimensions: [['service', 'operation']],
        Metrics: expect.arrayContaining([{ Name: 'Requests', Unit: 'Count' }, { Name: 'Latency', Unit: 'Milliseconds' }]),
      },
    ]);
    expect(record).toMatchObject({ service: 'templates', operation: 'getTemplate', Requests: 99, RCU: 99, WCU: 99 });
    expect(record.Latency).toHaveLength(99);
    expect(record.Latency.at(-1)).toBe(4);
    // 99 requests in one record of about a kilobyte: ~10 bytes of log ingestion a request.
    expect(Buffer.byteLength(JSON.stringify(record)) / 99).toBeLessThan(20);
  });

  it('write an operation whose oldest value is older than METRICS_FLUSH_SECONDS, and everything when forced', () => {
    recordMetrics('embed', 'preflight', { Requests: 1, Latency: 1 });
    recordMetrics('branding', 'getBranding', { Requests: 1, Latency: 1 });
    flushMetrics();
    expect(() => records()).toThrow();
    process.env.METRICS_FLUSH_SECONDS = '0';
    recordMetrics('embed', 'preflight', { Requests: 1, Latency: 2 });
    flushMetrics();
    expect(records().map((r) => [r.service, r.operation, r.Requests])).toEqual([
      ['embed', 'preflight', 2],
      ['branding', 'getBranding', 1],
    ]);
  });

  it('count a unit of work that throws as an error, with what it was billed for', async () => {
    await expect(
      observeWork({ service: 'import-processor', operation: 'import', correlation: {}, work: () => read('e').then(() => Promise.reject(new Error('boom'))) }),
    ).rejects.toThrow('boom');
    flushMetrics(true);
    expect(records()[0]).toMatchObject({ service: 'import-processor', operation: 'import', Requests: 1, Errors: 1, RCU: expect.any(Number) });
    expect(records()[0].RCU).toBeGreaterThan(0);
  });
});

describe('importctl cost on the local stack', () => {
  it('prices each operation from the metrics its functions recorded, with the shared model', async () => {
    const org = await newOrganization();
    const template = await org.api.post('/api/v1/templates', contactsTemplate());
    for (let i = 0; i < 20; i++) expect((await org.api.get(`/api/v1/templates/${template.body.id}`)).status).toBe(200);
    expect((await org.api.get('/api/v1/imports/not-an-import')).status).toBe(404);

    const result = await importctl(['cost', '--since', new Date(Date.now() - 3600_000).toISOString()]);
    expect(result.code).toBe(0);
    const getTemplate = result.json.operations.find((o: { operation: string }) => o.operation === 'getTemplate');
    expect(getTemplate).toMatchObject({ service: 'templates', requests: expect.any(Number) });
    expect(getTemplate.requests).toBeGreaterThanOrEqual(20);
    const getImport = result.json.operations.find((o: { operation: string }) => o.operation === 'getImport');
    expect(getImport.status4xx).toBeGreaterThanOrEqual(1);
    // One authenticated, rate-limited, strongly consistent read: 1 WCU and (for a template that exists) 1 RCU a
    // request. Other suites' requests share the stack's metrics, their 404s among them (no item read).
    expect(getTemplate.perRequest).toMatchObject({ wcu: 1, s3Gets: 0, sqsRequests: 0 });
    expect(getTemplate.perRequest.rcu).toBeGreaterThan(0.5);
    expect(getTemplate.perRequest.rcu).toBeLessThanOrEqual(1);
    const { total, ...parts } = getTemplate.costPerMillion;
    expect(total).toBeCloseTo(Object.values(parts as Record<string, number>).reduce((a, b) => a + b, 0), 4);
    expect(parts.dynamodb).toBeCloseTo(0.625 + 0.125 * getTemplate.perRequest.rcu, 3);
    // The same figures through the cost model give the same price.
    const p = getTemplate.perRequest;
    const model = requestCostPerMillion(
      { requests: 1, billedMs: p.billedMs, rcu: p.rcu, wcu: p.wcu, s3Gets: p.s3Gets, s3Puts: p.s3Puts, sqsRequests: p.sqsRequests, logBytes: p.logBytes },
      API_FUNCTION_MEMORY_MB,
    );
    expect(total).toBeCloseTo(model.total, 2);
    expect(total).toBeGreaterThan(1.95);
    expect(result.json).toMatchObject({ stage: 'local', imports: expect.any(Object), webhooks: expect.any(Object) });
  });

  it('says so when --since is not a date', async () => {
    const result = await importctl(['cost', '--since', 'yesterday']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--since must be an ISO date');
  });
});
