// The committed OpenAPI document is generated from the route table and schemas, and must be current.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument, renderOpenApiDocument } from '../shared/http/openapi';
import { ROUTES } from '../shared/http/routes';

describe('docs/openapi.json', () => {
  const committed = readFileSync(join(__dirname, '..', 'docs', 'openapi.json'), 'utf8');

  it('is up to date (run `npm run openapi` after changing routes or schemas)', () => {
    expect(committed).toBe(renderOpenApiDocument());
  });

  it("is what the dashboard's typed client was generated from (run `npm run openapi`)", () => {
    // A child process: openapi-typescript is an ES module, which jest's CommonJS runtime cannot load.
    const root = join(__dirname, '..');
    const run = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/openapi.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  it('documents every route with its success status and the error shape', () => {
    const document = JSON.parse(committed);
    expect(document.openapi).toBe('3.1.0');
    for (const route of ROUTES.filter(({ method }) => method !== 'OPTIONS')) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation.operationId).toBe(route.operationId);
      expect(operation.responses[route.status]).toBeDefined();
      expect(operation.responses['429'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
      // The API's routes take an API key; the embed API's none, or the import's token on /imports routes.
      if (route.group !== 'embed') expect(operation.responses['401']).toBeDefined();
      else expect(operation.security).toEqual(route.path.includes('/imports/') ? [{ importToken: [] }] : []);
    }
  });

  it('derives request bodies from the validation schemas', () => {
    const create = buildOpenApiDocument().paths['/api/v1/templates'].post;
    const schema = create.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['name', 'columns']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.columns.maxItems).toBe(500);
  });
});
