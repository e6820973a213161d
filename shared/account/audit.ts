// Every change made through the dashboard API or importctl is one audit entry: who, what, on what. The
// details never hold a secret (an API key, a webhook secret, a token): callers pass names and ids only,
// and `withoutSecrets` drops any field whose name says it is one, as a second line of defense.
import { appendAuditEntry, type AuditEntry } from '../data/audit-log';
import { nowIso } from '../domain/ids';

export type AuditActor = AuditEntry['actor'];

/** importctl's changes: the operator, not a person of the organization. */
export const OPERATOR: AuditActor = { id: 'importctl', email: null };

const SECRET_FIELD = /secret|apikey|api_key|token|password/i;

function withoutSecrets(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([name]) => !SECRET_FIELD.test(name)));
}

export function recordAudit(
  organizationId: string,
  actor: AuditActor,
  action: string,
  target: AuditEntry['target'],
  details: Record<string, unknown> = {},
): Promise<void> {
  return appendAuditEntry(organizationId, { at: nowIso(), actor, action, target, details: withoutSecrets(details) });
}
