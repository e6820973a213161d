// `npm run openapi`: writes docs/openapi.json from the route table and valibot schemas, and from that
// document the dashboard's typed client (dashboard/src/api/schema.d.ts) and the official client's types
// (clients/typescript/src/schema.ts), so neither can drift from the API: their builds fail where a call
// no longer fits.
// `--check` writes nothing and fails when either committed file is not what it would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderOpenApiDocument } from '../shared/http/openapi';
import { DASHBOARD_SCHEMA_FILE, renderDashboardSchema } from '../dashboard/schema';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from '../clients/typescript/generate';

const OPENAPI_FILE = 'docs/openapi.json';
const document = renderOpenApiDocument();
const files = {
  [OPENAPI_FILE]: document,
  [DASHBOARD_SCHEMA_FILE]: await renderDashboardSchema(document),
  [CLIENT_SCHEMA_FILE]: await renderClientSchema(document),
};
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(([file, text]) => readFileSync(file, 'utf8') !== text).map(([file]) => file);
  if (stale.length) {
    console.error(`Not current: ${stale.join(', ')}. Run \`npm run openapi\`.`);
    process.exit(1);
  }
} else {
  for (const [file, text] of Object.entries(files)) {
    writeFileSync(file, text);
    console.log(`Wrote ${file}`);
  }
}
