// What each function's code does on the table, and so all its role may do (least privilege). The
// DynamoDB-calls test runs every operation and checks the code stays inside these lists.
// No aws-cdk-lib import: tests load this without synthesizing.
import type { FunctionGroup } from '../shared/http/routes';
import { LISTING_INDEX } from '../shared/resources';

/** Item-level actions; TransactWriteItems has no action of its own, it is authorized per item. */
export type TableItemAction = 'GetItem' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem';

export interface TableAccess {
  items: readonly TableItemAction[];
  /** Indexes the function queries. */
  indexes: readonly string[];
}

/** Every API function authenticates with an UpdateItem on the key's item (shared/data/rate-limit.ts). */
export const FUNCTION_TABLE_ACCESS: Record<FunctionGroup, TableAccess> = {
  // Get/patch one, list (organization count, index keys, BatchGet), create/duplicate/delete in transactions.
  templates: { items: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: [LISTING_INDEX.name] },
  // Read and partially update the branding item.
  branding: { items: ['GetItem', 'UpdateItem'], indexes: [] },
};
