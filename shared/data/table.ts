/**
 * The single-table design: the only module that builds a key. Every organization's own items live
 * under its partition `ORG#<organizationId>`; an API key's hot item is found by the hash of the key.
 *
 * Access patterns and what serves them:
 *  1. Authenticate an API key and count the request in its rate-limit window (one UpdateItem)
 *       pk=APIKEY#<sha256(key)>  sk=APIKEY            (holds organizationId, plan, revokedAt, rl_* counters)
 *  2. Read/update an organization (plan, webhook URL and secret, a rotated-out secret and its expiry,
 *     template total for pagination)
 *       pk=ORG#<org>             sk=PROFILE
 *  3. Read/update/delete one template of an organization (tenant isolation: the org is in the key;
 *     its columns packed as columnsBr by packed-json.ts)
 *       pk=ORG#<org>             sk=TPL#<templateId>
 *  4. List an organization's templates, newest first, page by page
 *       gsi1 (KEYS_ONLY) gsi1pk=ORG#<org>#TPL  gsi1sk=<createdAt>#<templateId>  -> BatchGet the page
 *  5. Find an API key by its public id (revoke), list an organization's keys
 *       pk=APIKEYID#<keyId>      sk=APIKEYID          gsi1pk=ORG#<org>#APIKEY gsi1sk=<createdAt>#<keyId>
 *  6. Read/partially update an organization's branding settings (one item, only fields ever set)
 *       pk=ORG#<org>             sk=BRANDING
 *  7. Rate-limit windows: attributes rl_<bucket>_<minute> on the item of pattern 1 (see rate-limit.ts)
 *  8. Read a template's import counters (importCount and per status; read with the template, never
 *     written with it: a template item can be hundreds of KB and DynamoDB bills a write by item size)
 *       pk=ORG#<org>             sk=TPL#<templateId>#STATS   (importCount, PENDING, COMPLETED, FAILED)
 *  9. Read an import: the small record that changes state, its immutable snapshot (template columns,
 *     user, explicit mapping: written once at creation, packed as snapshotBr by packed-json.ts), the mapping its end user confirmed after the
 *     preview (imports started with review: written once) and its immutable result (columnMapping,
 *     sheet, error: written once before it finishes). One strongly consistent Query reads them all:
 *       pk=ORG#<org>             sk=IMP#<importId>  |  IMP#<importId>#RESULT  |  IMP#<importId>#SNAPSHOT
 *                                   |  IMP#<importId>#MAPPING
 * 10. An organization's import totals (exact list totals without a scan)
 *       pk=ORG#<org>             sk=IMPORTSTATS            (total, PENDING, COMPLETED, FAILED)
 * 11. List imports newest first with any combination of the templateId and status filters: small
 *     pointer items in the base table (strongly consistent, no index), one partition per filter. A new
 *     import gets one pointer, in ALL, marked `open` (= its templateId) while it is PENDING, written just
 *     before the transaction of the record and its counters (a pointer without a record lists nothing
 *     and is deleted by the import's upload deadline). Its finish transaction closes that pointer and
 *     puts the three others (by template, by status, by both). PENDING imports are listed from the open
 *     pointers of ALL (filtered by templateId), read newest first until the counters' `openPending` are
 *     found: every import has deadlines, so they are recent. Imports created before open pointers have
 *     all four pointers from their creation; their finish moves the two status pointers.
 *       pk=ORG#<org>#IMPORTS#ALL | #S#<status> | #T#<templateId> | #T#<templateId>#S#<status>
 *       sk=<createdAt>#<importId>
 *     A creation range (from/to) is a key condition on sk (BETWEEN <from> AND <to>#~) of the same
 *     partitions; its total is counted from the range's pointers (no counter holds it).
 *     Totals: IMPORTSTATS (all, per status) and TPL#<templateId>#STATS (per template, per template and
 *     status; openPending: the PENDING ones listed by open pointers). A deleted template's pointers and
 *     counters stay, so its imports stay listed under its id.
 * 12. An import's webhook attempt log, in order (delivery, then attempt). The current delivery's entries
 *     are a small list attribute (webhookLog) on the record (pattern 9), appended by the conditional
 *     update that counts each attempt; items hold the entries of ended deliveries (moved there when a
 *     resend begins the next), answers longer than the record keeps (written beside that update), and
 *     the entries of records written before the log rode on the record. The webhook worker reads the
 *     records and organizations (pattern 2) of a batch of attempts in one BatchGet.
 *       pk=ORG#<org>             sk=WEBHOOK#<importId>#<delivery:6>#<attempt:2>
 * 13. The embed API finds an embed-enabled template by its id alone (the widget knows no organization):
 *     a small pointer that exists exactly while the template's embedEnabled is true, written in the same
 *     transaction as the template (enable/disable, duplicate, delete); it holds the allowed origins
 *       pk=EMBED#<templateId>    sk=EMBED                  (organizationId, allowedOrigins)
 * 14. Status tokens issued before the import's record held the token's hash (embedTokenHash, pattern
 *     9): found by the import id, the token stored only as its SHA-256; read until they expire (TTL,
 *     24 hours), never written any more
 *       pk=EMBEDIMP#<importId>   sk=TOKEN                  (organizationId, templateId, tokenHash, expiresAt)
 * 15. Embed rate-limit windows per template and client address (attributes rl_<bucket>_<minute>, as in
 *     pattern 7); the item expires by TTL an hour after its last request
 *       pk=EMBEDRL#<templateId>#<client>  sk=EMBEDRL
 * 16. A template's remembered mapping for a header set (the last mapping an end user confirmed for
 *     those headers, normalized): one small item, read by the preview, written by each confirmation;
 *     it expires by TTL 180 days after its last use
 *       pk=ORG#<org>             sk=MAPMEM#<templateId>#<sha256(header set)>
 * 17. An import's correction workspace while its end user fixes rows (shared/corrections/, with the
 *     objects of objects.ts): the small head every change moves (version `seq`, live counts, the current
 *     generation), the immutable facts of the validation (META: rows, segment first row numbers), per
 *     generation (a bulk change writes a new one and the head switches to it) its description (GEN), each
 *     segment's status bits (one item per 1,000 rows with any row removed or in error), each edited row's
 *     values (ROW: a cell edit writes this small item, never a chunk), the rows that claimed a value of a
 *     unique column by an edit (UQ, by the value's digest); and the change log, one item per change,
 *     keyed by the number of its first entry (the corrections list pages by it). Every item expires with the import's rows (TTL). Not under IMP#: pattern 9
 *     never reads it.
 *       pk=ORG#<org>  sk=FIX#<importId>#HEAD | #META | #GEN#<gen> | #SEG#<gen>#<segment:6> | #ROW#<gen>#<index:8>
 *                        | #UQ#<gen>#<column>#<digest> | #LOG#<first entry:10>
 * 18. A signed-in person (the dashboard API): their profile (email as their last token said) and their
 *     rate-limit windows (attributes rl_<bucket>_<minute>, as in pattern 7): one UpdateItem per request
 *     counts it and keeps the profile
 *       pk=USER#<userId>         sk=PROFILE
 * 19. Memberships, written in pairs in one transaction with the organization's ownerCount (pattern 2:
 *     the last owner can never leave): the organization's side answers "may this user do this here"
 *     (GetItem) and lists the members (Query); the user's side lists their organizations (Query)
 *       pk=ORG#<org>             sk=MEMBER#<userId>        (userId, email, role, joinedAt)
 *       pk=USER#<userId>         sk=MEMBER#<org>           (organizationId, role, joinedAt)
 * 20. Invitations: found by their id alone (the accept link), and listed with the organization's
 *     members; both items expire by TTL when the invitation does
 *       pk=INVITE#<invitationId> sk=INVITE                 (organizationId, email, role, invitedBy, expiresAt)
 *       pk=ORG#<org>             sk=INVITE#<invitationId>
 * 21. The audit log, newest first by its sequence number; the organization's AUDITSTATS item holds the
 *     last number, moved in the same transaction as the entry's put (exact pages: one Query each)
 *       pk=ORG#<org>             sk=AUDIT#<seq:12>          and  sk=AUDITSTATS (seq)
 * 22. Usage per day (UTC): imports by outcome and their rows (ADDed in the import's finish transaction,
 *     conditioned on PENDING, to the day's item); webhook deliveries by outcome and their attempts, tallied
 *     per worker invocation: the conditional record update that ends a delivery (DELIVERED or FAILED)
 *     marks it with the invocation's writer and batch number, and the invocation then ADDs its ended
 *     deliveries to its writer's item of the organization and day in one UpdateItem (batch number
 *     conditioned to grow, so a retried write never adds twice). A writer is one invocation at a time and
 *     never writes again after a failed write, so a redelivered message whose mark's batch is missing from
 *     the writer's item (checked once the invocation's time is surely over) counts its own delivery in an
 *     item keyed by the delivery (an idempotent PutItem). Older days may hold the 8 delivery shards of the
 *     transaction design (`#<1-8>`). Small counters only, so every write of them is 1 KB; a range of days
 *     is one Query (BETWEEN), a day's items added up, missing days zeros
 *       pk=ORG#<org>             sk=USAGE#<yyyy-mm-dd>  |  USAGE#<yyyy-mm-dd>#W#<writer>  |
 *                                   USAGE#<yyyy-mm-dd>#R#<importId>#<delivery>  |  USAGE#<yyyy-mm-dd>#<shard 1-8>
 *                                 (importsCompleted, importsFailed, totalRows, validRows, errorRows |
 *                                  webhooksDelivered, webhooksFailed, webhookAttempts, seq)
 * 23. An import's validation-hook calls, one item per HTTP attempt (batch, rows, status, latency, error),
 *     in the order they were made: written in one BatchWrite after each call, listed by the hook-calls
 *     route (one Query, newest last); they expire with the import's rows (TTL)
 *       pk=ORG#<org>             sk=HOOKCALL#<importId>#<at ISO>#<batch:6>#<attempt:1>#<nonce>
 * 24. Idempotency keys of the API-key API's POSTs (http/idempotency.ts): one item per organization and
 *     key, claimed by a conditional put before the operation runs and given its answer (packed) after;
 *     a claim whose request ended in an error is deleted. Deleted by TTL 24 hours after the claim
 *       pk=IDEM#<org>#<sha256(key)>  sk=IDEM  (fingerprint, claim, leaseUntil, status, answerBr, expiresAt)
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
  templateStats: (organizationId: string, templateId: string): Key => ({
    pk: ORG + organizationId,
    sk: `TPL#${templateId}#STATS`,
  }),
  importRecord: (organizationId: string, importId: string): Key => ({ pk: ORG + organizationId, sk: `IMP#${importId}` }),
  importResult: (organizationId: string, importId: string): Key => ({
    pk: ORG + organizationId,
    sk: `IMP#${importId}#RESULT`,
  }),
  importSnapshot: (organizationId: string, importId: string): Key => ({
    pk: ORG + organizationId,
    sk: `IMP#${importId}#SNAPSHOT`,
  }),
  importConfirmedMapping: (organizationId: string, importId: string): Key => ({
    pk: ORG + organizationId,
    sk: `IMP#${importId}#MAPPING`,
  }),
  importStats: (organizationId: string): Key => ({ pk: ORG + organizationId, sk: 'IMPORTSTATS' }),
  mappingMemory: (organizationId: string, templateId: string, headerSetHash: string): Key => ({
    pk: ORG + organizationId,
    sk: `MAPMEM#${templateId}#${headerSetHash}`,
  }),
  correctionsHead: (organizationId: string, importId: string): Key => ({ pk: ORG + organizationId, sk: `FIX#${importId}#HEAD` }),
  correctionsMeta: (organizationId: string, importId: string): Key => ({ pk: ORG + organizationId, sk: `FIX#${importId}#META` }),
  correctionsGeneration: (organizationId: string, importId: string, gen: string): Key => ({
    pk: ORG + organizationId,
    sk: `FIX#${importId}#GEN#${gen}`,
  }),
  correctionsSegment: (organizationId: string, importId: string, gen: string, segment: number): Key => ({
    pk: ORG + organizationId,
    sk: `${correctionsPrefixes.segments(importId, gen)}${String(segment).padStart(6, '0')}`,
  }),
  correctionsRow: (organizationId: string, importId: string, gen: string, index: number): Key => ({
    pk: ORG + organizationId,
    sk: `${correctionsPrefixes.rows(importId, gen)}${String(index).padStart(8, '0')}`,
  }),
  correctionsClaims: (organizationId: string, importId: string, gen: string, column: number, digest: string): Key => ({
    pk: ORG + organizationId,
    sk: `FIX#${importId}#UQ#${gen}#${column}#${digest}`,
  }),
  correctionsLog: (organizationId: string, importId: string, firstEntry: number): Key => ({
    pk: ORG + organizationId,
    sk: `${correctionsPrefixes.log(importId)}${String(firstEntry).padStart(10, '0')}`,
  }),
  userProfile: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  organizationMember: (organizationId: string, userId: string): Key => ({ pk: ORG + organizationId, sk: `MEMBER#${userId}` }),
  userMembership: (userId: string, organizationId: string): Key => ({ pk: `USER#${userId}`, sk: `MEMBER#${organizationId}` }),
  invitation: (invitationId: string): Key => ({ pk: `INVITE#${invitationId}`, sk: 'INVITE' }),
  organizationInvitation: (organizationId: string, invitationId: string): Key => ({
    pk: ORG + organizationId,
    sk: `INVITE#${invitationId}`,
  }),
  auditStats: (organizationId: string): Key => ({ pk: ORG + organizationId, sk: 'AUDITSTATS' }),
  auditEntry: (organizationId: string, seq: number): Key => ({
    pk: ORG + organizationId,
    sk: `${accountPrefixes.audit}${String(seq).padStart(12, '0')}`,
  }),
  /** A day's usage item: imports (data/usage.ts). */
  usageDay: (organizationId: string, day: string): Key => ({ pk: ORG + organizationId, sk: `${accountPrefixes.usage}${day}` }),
  /** A day's deliveries tallied by one webhook worker writer (data/usage.ts). */
  deliveryTally: (organizationId: string, day: string, writer: string): Key => ({
    pk: ORG + organizationId,
    sk: `${accountPrefixes.usage}${day}#W#${writer}`,
  }),
  /** One delivery counted by its redelivered message, when its writer's tally lacks it (data/usage.ts). */
  redeliveredUsage: (organizationId: string, day: string, importId: string, delivery: number): Key => ({
    pk: ORG + organizationId,
    sk: `${accountPrefixes.usage}${day}#R#${importId}#${delivery}`,
  }),
  idempotencyKey: (organizationId: string, keyHash: string): Key => ({ pk: `IDEM#${organizationId}#${keyHash}`, sk: 'IDEM' }),
  embedTemplate: (templateId: string): Key => ({ pk: `EMBED#${templateId}`, sk: 'EMBED' }),
  embedToken: (importId: string): Key => ({ pk: `EMBEDIMP#${importId}`, sk: 'TOKEN' }),
  embedRateLimit: (templateId: string, client: string): Key => ({ pk: `EMBEDRL#${templateId}#${client}`, sk: 'EMBEDRL' }),
  hookCall: (organizationId: string, importId: string, at: string, batch: number, attempt: number, nonce: string): Key => ({
    pk: ORG + organizationId,
    sk: `${hookCallsPrefix(importId)}${at}#${String(batch).padStart(6, '0')}#${attempt}#${nonce}`,
  }),
  webhookAttempt: (organizationId: string, importId: string, delivery: number, attempt: number): Key => ({
    pk: ORG + organizationId,
    sk: `${webhookAttemptsPrefix(importId)}${String(delivery).padStart(6, '0')}#${String(attempt).padStart(2, '0')}`,
  }),
};

/** Pattern 17: the sort-key prefixes a correction workspace's queries read. */
export const correctionsPrefixes = {
  segments: (importId: string, gen: string) => `FIX#${importId}#SEG#${gen}#`,
  rows: (importId: string, gen: string) => `FIX#${importId}#ROW#${gen}#`,
  log: (importId: string) => `FIX#${importId}#LOG#`,
};

/** Patterns 19-22: the sort-key prefixes the account's queries read. */
export const accountPrefixes = {
  members: 'MEMBER#',
  invitations: 'INVITE#',
  audit: 'AUDIT#',
  usage: 'USAGE#',
};

/** Pattern 23: the sort-key prefix of an import's validation-hook calls (not under IMP#: pattern 9 never reads them). */
export const hookCallsPrefix = (importId: string) => `HOOKCALL#${importId}#`;

/** Pattern 12: the sort-key prefix of an import's attempt log (not under IMP#, so pattern 9 never reads it). */
export const webhookAttemptsPrefix = (importId: string) => `WEBHOOK#${importId}#`;

/** The template id of a template item's key (pattern 3). */
export const templateIdOf = (key: Key) => key.sk.slice('TPL#'.length);

/** Pattern 9: the sort-key prefix shared by an import's record, result and snapshot. */
export const importItemsPrefix = (importId: string) => `IMP#${importId}`;

/** Pattern 11: which filter a pointer partition serves. */
export interface ImportFilter {
  templateId?: string;
  status?: string;
}

export const importPointers = {
  partition(organizationId: string, { templateId, status }: ImportFilter): string {
    const template = templateId ? `#T#${templateId}` : '';
    const byStatus = status ? `#S#${status}` : '';
    return `${ORG}${organizationId}#IMPORTS${template || byStatus ? '' : '#ALL'}${template}${byStatus}`;
  },
  /** A new import's one pointer while PENDING: in ALL, open (the FilterExpression of openPointers finds it). */
  open(organizationId: string, templateId: string, createdAt: string, importId: string): Key & { open: string } {
    return { pk: importPointers.partition(organizationId, {}), sk: listings.sortKey(createdAt, importId), open: templateId };
  },
  /** Every pointer key an import in the given status may have: all, by status, by template, by template and status. */
  all(organizationId: string, templateId: string, status: string, createdAt: string, importId: string): Key[] {
    const sk = listings.sortKey(createdAt, importId);
    return [{}, { status }, { templateId }, { templateId, status }].map((filter) => ({
      pk: importPointers.partition(organizationId, filter),
      sk,
    }));
  },
  /** The two pointers that depend on the status (they move when the status changes). */
  byStatus(organizationId: string, templateId: string, status: string, createdAt: string, importId: string): Key[] {
    const sk = listings.sortKey(createdAt, importId);
    return [{ status }, { templateId, status }].map((filter) => ({ pk: importPointers.partition(organizationId, filter), sk }));
  },
  /** The pointers' sort keys of the imports created from `from` to `to` (ISO instants, both included). */
  createdRange({ from, to }: { from: string; to: string }): { from: string; to: string } {
    // Every sort key of an instant is `<createdAt>#imp_...`: after `<from>`, before `<to>#~`.
    return { from, to: `${to}#~` };
  },
  /** A pointer's sort key names the import: the record's key follows from it. */
  recordKey(organizationId: string, pointerSortKey: string): Key {
    return keys.importRecord(organizationId, pointerSortKey.slice(pointerSortKey.lastIndexOf('#') + 1));
  },
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
