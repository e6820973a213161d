// The mapping review through the embed API, as the widget uses it: an import started with review
// waits after its upload (phase AWAITING_MAPPING) with a preview of the file's head and suggested
// matches; the end user's confirmation starts processing with exactly that mapping, is remembered for
// the same headers, and an import nobody confirms closes with MAPPING_TIMEOUT (8 s in the test set-up).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTemplateEmbed } from '../shared/data/templates';
import { confirmMapping as commitConfirmation } from '../shared/data/imports';
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { call, contactsTemplate, newOrganization } from './support/api';
import { startReceiver } from './support/receiver';
import { untilEmbedPhase } from './support/imports';

jest.setTimeout(120_000);

const FILE = 'E-Mail Address,Years,Notes\nann@example.com,34,vip\nbob@example.com,41,\nnot-an-email,7,x\n';

async function reviewTemplate() {
  const org = await newOrganization();
  const created = await org.api.post('/api/v1/templates', contactsTemplate({ allowPartialImport: true }));
  await setTemplateEmbed(org.organizationId, created.body.id, { enabled: true, allowedOrigins: null });
  return { ...org, templateId: created.body.id as string };
}

async function startAndUpload(templateId: string, content: string | Buffer, extra: Record<string, unknown> = { review: true }) {
  const started = await call('POST', `/embed/v1/templates/${templateId}/imports`, {
    body: { fileName: 'contacts.csv', fileSize: Buffer.byteLength(content), contentType: 'text/csv', ...extra },
  });
  expect(started.status).toBe(201);
  const { importId, token, upload } = started.body;
  expect((await fetch(upload.url, { method: 'PUT', body: content, headers: upload.headers })).status).toBe(200);
  return { importId: importId as string, token: token as string };
}

const preview = (importId: string, token: string) => call('GET', `/embed/v1/imports/${importId}/preview`, { key: token });
const confirm = (importId: string, token: string, body: unknown) => call('POST', `/embed/v1/imports/${importId}/mapping`, { key: token, body });

describe('an import started with review', () => {
  it('waits with a preview and suggestions, refuses a wrong mapping, processes exactly the confirmed one and remembers it', async () => {
    const hook = await startReceiver([]);
    try {
      const org = await reviewTemplate();
      await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
      const { importId, token } = await startAndUpload(org.templateId, FILE);
      expect([200, 409]).toContain((await preview(importId, token)).status);

      const waiting = await untilEmbedPhase(importId, token, 'AWAITING_MAPPING');
      expect(waiting.status).toBe('PENDING');
      const shown = await preview(importId, token);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({ phase: 'AWAITING_MAPPING', sheetIndex: 0 });
      expect(shown.body.columns).toEqual([
        { key: 'email', name: 'Email', type: 'email', required: true, dateOrder: null, numberFormat: null },
        { key: 'age', name: 'Age', type: 'number', required: false, dateOrder: null, numberFormat: null },
      ]);
      const [sheet] = shown.body.sheets;
      expect(sheet).toMatchObject({ index: 0, name: null, headers: ['E-Mail Address', 'Years', 'Notes'] });
      expect(sheet.sampleRows).toEqual([
        ['ann@example.com', '34', 'vip'],
        ['bob@example.com', '41', ''],
        ['not-an-email', '7', 'x'],
      ].map((row) => row.map((cell) => (cell === '' ? expect.anything() : cell))));
      expect(sheet.suggestedMapping['E-Mail Address']).toBe('email');
      expect(sheet.source['E-Mail Address']).toBe('fuzzy');
      expect(sheet.suggestedMapping.Notes).toBeNull();

      // Every problem named at once; nothing changes.
      const wrong = await confirm(importId, token, { mapping: { Nope: 'email', Years: 'ghost', Notes: null } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('VALIDATION_ERROR');
      expect(wrong.body.error.message).toContain('"Nope"');
      expect(wrong.body.error.message).toContain('"ghost"');
      expect(wrong.body.error.message).toContain('"email"');
      const twice = await confirm(importId, token, { mapping: { 'E-Mail Address': 'email', Years: 'email' } });
      expect(twice.status).toBe(400);
      expect(twice.body.error.message).toContain('mapped from 2 headers');
      expect((await untilEmbedPhase(importId, token, 'AWAITING_MAPPING')).status).toBe('PENDING');

      // The user maps Years to age although nothing suggested it, and leaves Notes out.
      const mapping = { 'E-Mail Address': 'email', Years: 'age', Notes: null };
      const accepted = await confirm(importId, token, { mapping });
      expect(accepted.status).toBe(202);
      // Its invalid row waits for the end user's corrections (corrections.test.ts); submitted as it is.
      await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');
      expect((await call('POST', `/embed/v1/imports/${importId}/submit`, { key: token })).status).toBe(202);
      const finished = await untilEmbedPhase(importId, token, 'FINISHED');
      expect(finished).toMatchObject({
        status: 'COMPLETED',
        totalRows: 3,
        validRows: 2,
        errorRows: 1,
        columnMapping: { 'E-Mail Address': 'email', Years: 'age' },
      });
      expect((await confirm(importId, token, { mapping })).status).toBe(409);
      expect((await preview(importId, token)).body.phase).toBe('FINISHED');
      const detail = await org.api.get(`/api/v1/imports/${importId}`);
      expect(detail.body.phase).toBe('FINISHED');
      for (let i = 0; i < 100 && hook.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(hook.received.map((r) => JSON.parse(r.body.toString()).importId)).toEqual([importId]);

      // The same headers next time: exactly the confirmed mapping, remembered.
      const again = await startAndUpload(org.templateId, FILE);
      await untilEmbedPhase(again.importId, again.token, 'AWAITING_MAPPING');
      const remembered = (await preview(again.importId, again.token)).body.sheets[0];
      expect(remembered.suggestedMapping).toEqual(mapping);
      expect(remembered.source).toEqual({ 'E-Mail Address': 'remembered', Years: 'remembered', Notes: 'remembered' });
      expect(remembered.confidence).toEqual({ 'E-Mail Address': 1, Years: 1, Notes: 1 });
    } finally {
      await hook.stop();
    }
  });

  it('has no preview without review, and is 409 before its file was read', async () => {
    const org = await reviewTemplate();
    const started = await call('POST', `/embed/v1/templates/${org.templateId}/imports`, {
      body: { fileName: 'contacts.csv', fileSize: 10, contentType: 'text/csv', review: true },
    });
    const early = await preview(started.body.importId, started.body.token);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('PREVIEW_NOT_READY');
    expect((await call('GET', `/embed/v1/imports/${started.body.importId}`, { key: started.body.token })).body.phase).toBe('AWAITING_UPLOAD');
    expect((await confirm(started.body.importId, started.body.token, { mapping: {} })).status).toBe(409);

    const plain = await startAndUpload(org.templateId, 'email,age\na@example.com,1\n', {});
    await untilEmbedPhase(plain.importId, plain.token, 'FINISHED');
    expect((await preview(plain.importId, plain.token)).body.error.code).toBe('PREVIEW_NOT_READY');
  });

  it('previews every sheet of a workbook and imports the rows of the sheet the user picks', async () => {
    const org = await newOrganization();
    const created = await org.api.post('/api/v1/templates', {
      name: 'Products',
      columns: [
        { key: 'sku', name: 'SKU', type: 'string', required: true },
        { key: 'price', name: 'Price', type: 'number' },
      ],
    });
    await setTemplateEmbed(org.organizationId, created.body.id, { enabled: true, allowedOrigins: null });
    const workbook = readFileSync(join(__dirname, 'fixtures', 'three-sheets.xlsx'));
    const { importId, token } = await startAndUpload(created.body.id, workbook, {
      review: true,
      fileName: 'book.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await untilEmbedPhase(importId, token, 'AWAITING_MAPPING');
    const shown = (await preview(importId, token)).body;
    expect(shown.sheets.map((sheet: { index: number; name: string }) => [sheet.index, sheet.name])).toEqual([
      [0, 'Contacts'],
      [1, 'Products'],
      [2, 'Gaps'],
    ]);
    expect(shown.sheets[1]).toMatchObject({ headers: ['sku', 'price', 'note'], suggestedMapping: { sku: 'sku', price: 'price', note: null } });
    expect(shown.sheets[1].sampleRows).toHaveLength(2);
    // The first sheet has no SKU column: confirming it is refused, naming the required column.
    const wrongSheet = await confirm(importId, token, { sheet: 0, mapping: {} });
    expect(wrongSheet.body.error.message).toContain('"sku"');

    expect((await confirm(importId, token, { sheet: 1, mapping: { sku: 'sku', price: 'price' } })).status).toBe(202);
    const finished = await untilEmbedPhase(importId, token, 'FINISHED');
    expect(finished).toMatchObject({ status: 'COMPLETED', totalRows: 2, validRows: 2, columnMapping: { sku: 'sku', price: 'price' } });
  });

  it('processes a confirmation whose processing message was lost after its commit, when the mapping deadline arrives', async () => {
    const org = await reviewTemplate();
    const { importId, token } = await startAndUpload(org.templateId, FILE);
    await untilEmbedPhase(importId, token, 'AWAITING_MAPPING');
    // The confirmation's transaction commits, then the function dies before its processImport message
    // and its processing deadline are sent, and the client never retries.
    const mapping = { 'E-Mail Address': 'email', Years: 'age', Notes: null };
    expect(await commitConfirmation(org.organizationId, importId, { sheetIndex: 0, mapping, confirmedAt: new Date().toISOString() })).toBe(true);
    expect((await call('GET', `/embed/v1/imports/${importId}`, { key: token })).body.phase).toBe('PROCESSING');
    // The mapping deadline (8 s after the preview here) finds it confirmed and not started, and queues it.
    await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS', 60_000);
    expect((await call('POST', `/embed/v1/imports/${importId}/submit`, { key: token })).status).toBe(202);
    const finished = await untilEmbedPhase(importId, token, 'FINISHED', 60_000);
    expect(finished).toMatchObject({ status: 'COMPLETED', totalRows: 3, validRows: 2, errorRows: 1, columnMapping: { 'E-Mail Address': 'email', Years: 'age' } });
  });

  it('closes FAILED with MAPPING_TIMEOUT when nobody confirms the mapping', async () => {
    const org = await reviewTemplate();
    const { importId, token } = await startAndUpload(org.templateId, FILE);
    await untilEmbedPhase(importId, token, 'AWAITING_MAPPING');
    const closed = await untilEmbedPhase(importId, token, 'FINISHED', 60_000);
    expect(closed).toMatchObject({ status: 'FAILED', error: { code: 'MAPPING_TIMEOUT' } });
    expect((await preview(importId, token)).status).toBe(200);
  });
});
