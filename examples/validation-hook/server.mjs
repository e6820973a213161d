// Runs the example validation hook on 127.0.0.1:PORT until SIGINT/SIGTERM:
//   HOOK_SECRET=whsec_... PORT=4400 node examples/validation-hook/server.mjs
// Optional: CUSTOMERS_FILE (a JSON array of ids), CUSTOMER_COLUMN, PHONE_COLUMN, EMAIL_COLUMN (a column
// key, or empty to turn that check off), DELAY_MS (an artificial delay per batch, for benchmarks).
import { fileURLToPath } from 'node:url';
import { createHookServer, DEFAULT_COLUMNS, loadCustomers } from './hook.mjs';

function fail(message) {
  console.error(`validation-hook: ${message}`);
  process.exit(1);
}

const secret = process.env.HOOK_SECRET;
if (!secret) fail("HOOK_SECRET is not set: give it the organization's webhook secret (whsec_...)");

const port = Number(process.env.PORT ?? 4400);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT ${process.env.PORT} is not a port number`);

const delayMs = Number(process.env.DELAY_MS ?? 0);
if (!Number.isFinite(delayMs) || delayMs < 0) fail(`DELAY_MS ${process.env.DELAY_MS} is not a number of milliseconds`);

const customersFile = process.env.CUSTOMERS_FILE ?? fileURLToPath(new URL('./customers.json', import.meta.url));
let customers;
try {
  customers = loadCustomers(customersFile);
} catch (error) {
  fail(`cannot read the customers from ${customersFile}: ${error.message}`);
}

// `??` and not `||`: an empty variable is a deliberate "skip this check", an unset one means the default.
const columns = {
  customer: process.env.CUSTOMER_COLUMN ?? DEFAULT_COLUMNS.customer,
  phone: process.env.PHONE_COLUMN ?? DEFAULT_COLUMNS.phone,
  email: process.env.EMAIL_COLUMN ?? DEFAULT_COLUMNS.email,
};

function line(entry) {
  if (entry.status !== 200) return `${entry.status} ${entry.reason} ${entry.ms}ms`;
  const batch = entry.batch ? `batch ${entry.batch.index + 1}${entry.batch.of ? `/${entry.batch.of}` : ''}` : 'batch ?';
  return (
    `${entry.importId} ${entry.mode} ${batch}: rows=${entry.rows} errors=${entry.errors} ` +
    `warnings=${entry.warnings} valuesChanged=${entry.valuesChanged} ${entry.ms}ms`
  );
}

let server;
try {
  server = createHookServer({ secret, customers, columns, delayMs, log: (entry) => console.log(line(entry)) });
} catch (error) {
  fail(`HOOK_SECRET is not a usable secret: ${error.message}`);
}

server.on('error', (error) => fail(error.message));
server.listen(port, '127.0.0.1', () => {
  const { port: bound } = server.address();
  console.log(`validation hook on http://127.0.0.1:${bound}/ (${customers.length} customers from ${customersFile})`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    // close() lets batches in flight get their answers (the service would otherwise retry them) and
    // drops idle keep-alive connections; the process then ends on its own with nothing left to run.
    server.close();
    server.closeIdleConnections();
  });
}
