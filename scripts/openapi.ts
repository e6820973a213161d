// `npm run openapi`: writes docs/openapi.json from the route table and valibot schemas.
import { writeFileSync } from 'node:fs';
import { renderOpenApiDocument } from '../shared/http/openapi';

writeFileSync('docs/openapi.json', renderOpenApiDocument());
console.log('Wrote docs/openapi.json');
