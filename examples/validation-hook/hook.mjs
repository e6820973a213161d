// The example validation hook: checks customer ids against a known list, normalizes phone numbers to
// E.164 and warns about free-mail addresses, behind a node:http server that verifies Standard Webhooks
// signatures. Plain Node, no build step, so it can be copied out and run as it is.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export const DEFAULT_COLUMNS = Object.freeze({ customer: 'customer_id', phone: 'phone', email: 'email' });
export const FREE_MAIL_DOMAINS = Object.freeze(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com']);

// The service sends at most 5,000 rows a batch, far below this; the limit only stops a runaway body
// from filling the example's memory.
const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** Reads a JSON array of customer ids (the example's stand-in for a database lookup). */
export function loadCustomers(file) {
  const list = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(list) || !list.every((id) => typeof id === 'string')) {
    throw new TypeError(`${file}: expected a JSON array of customer id strings`);
  }
  return list;
}

// Case, whitespace and dashes are what people get wrong when they type an id by hand, so two ids that
// differ only in those are "the same customer, mistyped" and the known one is offered as a suggestion.
const looseKey = (id) => id.toUpperCase().replace(/[\s-]/g, '');

// validateRows stays pure and takes the list as given; the index is cached per list object so a
// server answering many batches against one list builds it once, not once per batch.
const indexes = new WeakMap();
function customerIndex(customers) {
  let index = indexes.get(customers);
  if (!index) {
    const exact = new Set(customers);
    const loose = new Map();
    for (const id of exact) if (!loose.has(looseKey(id))) loose.set(looseKey(id), id);
    index = { exact, loose };
    indexes.set(customers, index);
  }
  return index;
}

/**
 * A phone number's E.164 form, or null when it cannot be told without guessing: anything but digits,
 * spaces and the usual punctuation (an extension, letters) is left to a person, as is a number
 * without a country code that is not a 10-digit North American one.
 */
export function normalizePhone(text) {
  if (/[^\d\s+().\-/]/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  // A leading + means the country code is already there, whatever its length.
  if (text.trimStart().startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

function checkCustomer(value, column, index) {
  const id = String(value);
  if (index.exact.has(id)) return undefined;
  const known = index.loose.get(looseKey(id));
  return {
    column,
    level: 'error',
    code: 'unknown_customer',
    message: `Customer ${id} does not exist`,
    ...(known ? { suggestion: known } : {}),
  };
}

function checkPhone(value, column) {
  const text = String(value);
  const normalized = normalizePhone(text);
  if (normalized === null) {
    return {
      message: {
        column,
        level: 'warning',
        code: 'unrecognized_phone',
        message: `Phone number ${text} was left as it is: write it with its country code (+...) to have it normalized`,
      },
    };
  }
  return normalized === text ? {} : { value: normalized };
}

function checkEmail(value, column, freeMail) {
  const text = String(value);
  const domain = text.slice(text.lastIndexOf('@') + 1).toLowerCase();
  if (!freeMail.has(domain)) return undefined;
  return {
    column,
    level: 'warning',
    code: 'free_mail',
    message: `Personal e-mail address (${domain}): a work address is preferred`,
  };
}

/**
 * The answer to one `rows.validate` request. Only rows with something to say are answered: the
 * service accepts the rows an answer leaves out, and a smaller answer stays well under its 5 MB limit.
 */
export function validateRows(body, { customers, columns = DEFAULT_COLUMNS, freeMailDomains = FREE_MAIL_DOMAINS }) {
  const index = customerIndex(customers);
  const freeMail = new Set(freeMailDomains.map((domain) => domain.toLowerCase()));
  const answer = [];
  for (const { row, revision, values = {}, errors = [] } of body.rows) {
    // A cell the template's own rules already rejected holds raw text (or is empty); checking it again
    // would only add a second message about the same mistake.
    const failed = new Set(errors.map((error) => error.column));
    const checked = (column) => Boolean(column) && !failed.has(column) && values[column] != null;
    const messages = [];
    const changed = {};

    if (checked(columns.customer)) {
      const message = checkCustomer(values[columns.customer], columns.customer, index);
      if (message) messages.push(message);
    }
    if (checked(columns.phone)) {
      const { value, message } = checkPhone(values[columns.phone], columns.phone);
      if (value !== undefined) changed[columns.phone] = value;
      if (message) messages.push(message);
    }
    if (checked(columns.email)) {
      const message = checkEmail(values[columns.email], columns.email, freeMail);
      if (message) messages.push(message);
    }

    if (messages.length === 0 && Object.keys(changed).length === 0) continue;
    // revision goes back as it came: the service applies an answer only to the revision it was asked
    // about, so an answer that arrives after the end user edited the row again is set aside.
    answer.push({
      row,
      revision,
      ...(Object.keys(changed).length > 0 ? { values: changed } : {}),
      ...(messages.length > 0 ? { messages } : {}),
    });
  }
  return { rows: answer };
}

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new HttpError(413, `body over ${MAX_BODY_BYTES} bytes`);
    if (Number(request.headers['content-length']) > MAX_BODY_BYTES) return reject(tooLarge());
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return chunks.push(chunk);
      // Not destroyed here: that would drop the socket before the 413 could be sent. Paused, the
      // sender is held back by TCP until the answer is out and the connection closed.
      request.off('data', onData).pause();
      reject(tooLarge());
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks, size)));
    request.on('error', reject);
  });
}

function summarize(answer, rows) {
  let errors = 0;
  let warnings = 0;
  let valuesChanged = 0;
  for (const row of answer.rows) {
    for (const message of row.messages ?? []) {
      if (message.level === 'error') errors++;
      else if (message.level === 'warning') warnings++;
    }
    valuesChanged += Object.keys(row.values ?? {}).length;
  }
  return { rows, errors, warnings, valuesChanged };
}

/**
 * A node:http server (not listening yet) answering the service's validation requests. `log`, when
 * given, receives one object per request: its status and, for an answered batch, what it said.
 */
export function createHookServer({ secret, customers, columns = DEFAULT_COLUMNS, freeMailDomains = FREE_MAIL_DOMAINS, delayMs = 0, log }) {
  // Made once so a malformed secret fails at start-up, not on the first request.
  const webhook = new Webhook(secret);

  async function handle(request, response, started) {
    if (request.method !== 'POST') throw new HttpError(405, 'POST only');
    const raw = await readBody(request);
    try {
      // The signature covers the exact bytes sent, so it is checked on the raw body before parsing.
      webhook.verify(raw, request.headers, { jsonParse: false });
    } catch (error) {
      if (error instanceof WebhookVerificationError) throw new HttpError(401, error.message);
      throw error;
    }
    let body;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'body is not JSON');
    }
    if (body?.type !== 'rows.validate' || !Array.isArray(body.rows)) {
      throw new HttpError(400, 'expected a rows.validate request');
    }
    const answer = validateRows(body, { customers, columns, freeMailDomains });
    if (delayMs > 0) await sleep(delayMs);
    send(response, 200, answer);
    log?.({
      status: 200,
      importId: body.importId,
      mode: body.mode,
      batch: body.batch,
      ...summarize(answer, body.rows.length),
      ms: Math.round(performance.now() - started),
    });
  }

  return createServer((request, response) => {
    const started = performance.now();
    handle(request, response, started).catch((error) => {
      // Anything unexpected is a 500, which the service retries; a 4xx it does not, so only a request
      // that can never succeed gets one.
      const status = error instanceof HttpError ? error.status : 500;
      const reason = error instanceof HttpError ? error.message : 'internal error';
      if (status === 413) response.setHeader('Connection', 'close');
      if (status === 405) response.setHeader('Allow', 'POST');
      send(response, status, { error: reason });
      if (status === 413) response.on('finish', () => request.destroy());
      log?.({ status, reason: status === 500 ? String(error?.stack ?? error) : reason, ms: Math.round(performance.now() - started) });
    });
  });
}

function send(response, status, json) {
  if (response.headersSent) return;
  const payload = JSON.stringify(json);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  response.end(payload);
}
