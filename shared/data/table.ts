/**
 * The single-table design: the only module that builds a key. Every organization's own items live
 * under its partition `ORG#<organizationId>`; an API key's hot item is found by the hash of the key.
 *
 * Access patterns and what serves them:
 *  1. Authenticate an API key and count the request in its rate-limit window (one UpdateItem)
 *       pk=APIKEY#<sha256(key)>  sk=APIKEY            (holds organizationId, plan, revokedAt, rl_* counters)
 *  2. Read/update an organization (plan, webhook, template total for pagination)
 *       pk=ORG#<org>             sk=PROFILE
 *  3. Read/update/delete one template of an organization (tenant isolation: the org is in the key)
 *       pk=ORG#<org>             sk=TPL#<templateId>
 *  4. List an organization's templates, newest first, page by page
 *       gsi1 (KEYS_ONLY) gsi1pk=ORG#<org>#TPL  gsi1sk=<createdAt>#<templateId>  -> BatchGet the page
 *  5. Find an API key by its public id (revoke), list an organization's keys
 *       pk=APIKEYID#<keyId>      sk=APIKEYID          gsi1pk=ORG#<org>#APIKEY gsi1sk=<createdAt>#<keyId>
 *  6. Read/partially update an organization's branding settings (one item, only fields ever set)
 *       pk=ORG#<org>             sk=BRANDING
 *  7. Rate-limit windows: attributes rl_<bucket>_<minute> on the item of pattern 1 (see rate-limit.ts)
 */
import { LISTING_INDEX, TABLE_KEYS } from '../resources';

export type Key = { pk: string; sk: string };

const ORG = 'ORG#';

export const keys = {
  organization: (organizationId: string): Key => ({ pk: ORG + organizationId, sk: 'PROFILE' }),
  template: (organizationId: string, templateId: string): Key => ({
    pk: ORG + organizationId,
    sk: `TPL#${templateId}`,
  }),
  branding: (organizationId: string): Key => ({ pk: ORG + organizationId, sk: 'BRANDING' }),
  apiKeyByHash: (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' }),
  apiKeyById: (keyId: string): Key => ({ pk: `APIKEYID#${keyId}`, sk: 'APIKEYID' }),
};

/** Listing-index keys: one partition per (organization, kind), sorted by creation time then id. */
export const listings = {
  templates: (organizationId: string) => `${ORG}${organizationId}#TPL`,
  apiKeys: (organizationId: string) => `${ORG}${organizationId}#APIKEY`,
  sortKey: (createdAt: string, id: string) => `${createdAt}#${id}`,
};

export const TABLE = { ...TABLE_KEYS, listingIndex: LISTING_INDEX };

/** Strip the key attributes so an item can be mapped to an API resource. */
export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk'> {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...rest } = item;
  return rest;
}
