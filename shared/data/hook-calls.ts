// An import's validation-hook call log (pattern 23 of table.ts): one small item per HTTP attempt, put
// after each call in one BatchWrite (a call is 1 to 3 attempts), so recording costs one write unit per
// attempt and never a read. They expire with the import's rows.
import { randomBytes } from 'node:crypto';
import { config } from '../config';
import { TTL_ATTRIBUTE } from '../resources';
import { hookCallsPrefix, keys } from './table';
import { queryPrefix } from './listing';
import { writeBatch } from './writes';
import type { HookCall } from '../domain/validation-hook';

export async function recordHookCalls(organizationId: string, importId: string, calls: HookCall[]): Promise<void> {
  if (!calls.length) return;
  const expiresAt = Math.floor(Date.now() / 1000) + config().retentionDays * 86_400 + config().correctionsDeadlineSeconds;
  await writeBatch({
    puts: calls.map((call) => ({
      ...keys.hookCall(organizationId, importId, call.at, call.batch, call.attempt, randomBytes(3).toString('hex')),
      ...call,
      [TTL_ATTRIBUTE]: expiresAt,
    })),
  });
}

/** Every call of the import, oldest first. */
export async function listHookCalls(organizationId: string, importId: string): Promise<HookCall[]> {
  const items = await queryPrefix(keys.organization(organizationId).pk, hookCallsPrefix(importId), { consistent: true });
  return items.map((item) => ({
    at: item.at,
    mode: item.mode,
    batch: Number(item.batch),
    rows: Number(item.rows),
    attempt: Number(item.attempt),
    status: item.status ?? null,
    ok: Boolean(item.ok),
    latencyMs: Number(item.latencyMs),
    error: item.error ?? null,
    ignored: Number(item.ignored ?? 0),
  }));
}
