// What each function's code does on the table, and so all its role may do (least privilege). The
// DynamoDB-calls test runs every operation and checks the code stays inside these lists.
// No aws-cdk-lib import: tests load this without synthesizing.
import type { FunctionGroup } from '../shared/http/routes';
import { LISTING_INDEX } from '../shared/resources';

/**
 * Actions on the table itself (Query here means the base table: pointer partitions, an item and its
 * companions). TransactWriteItems has no action of its own, it is authorized per item.
 */
export type TableItemAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem'
  | 'ConditionCheckItem';

export interface TableAccess {
  items: readonly TableItemAction[];
  /** Indexes the function queries. */
  indexes: readonly string[];
}

/** Every API function authenticates with an UpdateItem on the key's item (shared/data/rate-limit.ts). */
export const FUNCTION_TABLE_ACCESS: Record<FunctionGroup | 'import-processor' | 'webhook-worker', TableAccess> = {
  // Get one with its counter (Query), patch, list (organization count, index keys, the page as one range
  // Query; BatchGet completes a range cut short),
  // create/duplicate/delete in transactions; Idempotency-Keys (Put, Update, Delete).
  templates: {
    items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: [LISTING_INDEX.name],
  },
  // Reads: counters (GetItem), pointer pages (Query), records (BatchGet), an import's items (Query). The
  // resend moves the record (Update) and the ended delivery's attempt log entries into items (Update).
  // Creating an import writes as the widget's does (BatchWrite, then a transaction of a Put and Updates);
  // a review link updates the record; an Idempotency-Key is claimed (Put), answered (Update) or let go (Delete).
  imports: { items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], indexes: [] },
  // Read and partially update the branding item.
  branding: { items: ['GetItem', 'UpdateItem'], indexes: [] },
  // The organization's own API (a signed-in person): counts the user's requests and keeps their profile
  // (Update), reads memberships (Get, Query), and otherwise does what the groups above do for its
  // templates, imports, branding, keys and members (transactions of Puts, Updates and Deletes).
  dashboard: {
    items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: [LISTING_INDEX.name],
  },
  // The widget's API: the embed pointer, the import's record (its status token) and the
  // organization/branding (Get), the template with its counter (Query), an import's record and result
  // (BatchGet); writes the per-client counter (Update), the new import's snapshot and pointers
  // (BatchWrite), its record and counters (a transaction of a Put and Updates), the confirmed mapping.
  embed: { items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'BatchWriteItem'], indexes: [] },
  // The imports queue's consumer: reads the import (Query) and organization, writes the result item,
  // and finishes in a transaction (record update, pointer puts/deletes, counter and usage updates); an upload
  // deadline deletes what was written for an import whose record never was (BatchWrite).
  'import-processor': { items: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], indexes: [] },
  // The webhook queue's consumer: reads its batch's records and organizations (BatchGet), the import's
  // items when it must render a payload (Query), moves the delivery state with the attempt's log entry
  // (Update), tallies the deliveries a batch ended (Update), writes an entry whose answer is too long for
  // the record (Put); a redelivered message of an ended delivery reads its writer's tally (Get) and, when
  // the tally lacks it, counts the delivery itself (Put).
  'webhook-worker': { items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: [] },
};
