// `npm run openapi`: writes docs/openapi.json from the route table and valibot schemas, and the
// dashboard's typed client (dashboard/src/api/schema.d.ts) from that document, so the app cannot drift
// from the API: `tsc -p dashboard` fails where a call no longer fits.
// `--check` writes nothing and fails when either committed file is not what it would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderOpenApiDocument } from '../shared/http/openapi';
import { DASHBOARD_SCHEMA_FILE, renderDashboardSchema } from '../dashboard/schema';

const OPENAPI_FILE = 'docs/openapi.json';
const document = renderOpenApiDocument();
const files = { [OPENAPI_FILE]: document, [DASHBOARD_SCHEMA_FILE]: await renderDashboardSchema(document) };
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
