// The local SQS/S3 emulator (fauxqs), listening on 127.0.0.1 only. fauxqs' own startFauxqs() binds
// 0.0.0.0, so this assembles its app the same way (stores plus SQLite persistence) and listens on
// loopback. It uses fauxqs internals, which is why package.json pins fauxqs to an exact version.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { freePort, StartupError } from './ports';
import { emulateObjectCreatedNotifications, type NotificationTarget } from './bucket-notifications';

const require = createRequire(import.meta.url);

export interface SqsS3Emulator {
  endpoint: string;
  /**
   * Answer every long poll waiting on a queue now (with what is available, usually nothing), as
   * stopping consumers need: an aborted poll would stay registered and could still take a message
   * that then stays invisible for the queue's visibility timeout.
   */
  endLongPolls(): void;
  stop(): Promise<void>;
}

/** fauxqs exports only its ESM entry, so its folder is found by walking node_modules like Node does. */
function fauxqsDist(): string {
  const root = (require.resolve.paths('fauxqs') ?? [])
    .map((dir) => join(dir, 'fauxqs'))
    .find((dir) => existsSync(join(dir, 'package.json')));
  if (!root) throw new StartupError('The fauxqs package is missing: run npm ci again');
  return join(root, 'dist');
}

async function fauxqsModule<T>(relativePath: string): Promise<T> {
  return import(pathToFileURL(join(fauxqsDist(), relativePath)).href) as Promise<T>;
}

/**
 * Start the emulator; state under `dataDir` (SQLite), or in memory when it is undefined. Objects
 * created under the notification target's prefix are announced to its queue, as AWS would.
 */
export async function startSqsS3Emulator(
  dataDir: string | undefined,
  notificationTarget: () => NotificationTarget | undefined,
): Promise<SqsS3Emulator> {
  const { buildApp } = await fauxqsModule<any>('app.js');
  const { SqsStore } = await fauxqsModule<any>('sqs/sqsStore.js');
  const { SnsStore } = await fauxqsModule<any>('sns/snsStore.js');
  const { S3Store } = await fauxqsModule<any>('s3/s3Store.js');
  const sqsStore = new SqsStore();
  const snsStore = new SnsStore();
  const s3Store = new S3Store();
  emulateObjectCreatedNotifications(s3Store, notificationTarget);
  let persistence: any;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    const { PersistenceManager } = await fauxqsModule<any>('persistence.js');
    persistence = new PersistenceManager(dataDir);
    // fauxqs 2.4.1 writes NULL into approximate_receive_count (a NOT NULL column) when a message is made
    // visible again (ChangeMessageVisibility to 0). The write fails after the message has left the
    // in-flight set but before it is queued again: lost from memory, still in flight on disk until its
    // visibility timeout. Clearing only the in-flight columns keeps the count, as SQS does.
    const clearInflight = persistence.db.prepare('UPDATE sqs_messages SET receipt_handle = NULL, visibility_deadline = NULL WHERE message_id = ?');
    persistence.updateMessageReady = (messageId: string) => clearInflight.run(messageId);
    // Load before wiring persistence in, as fauxqs does, so loading does not write back.
    persistence.load(sqsStore, snsStore, s3Store);
    sqsStore.persistence = persistence;
    snsStore.persistence = persistence;
    s3Store.persistence = persistence;
    for (const queue of sqsStore.allQueues()) queue.persistence = persistence;
  }
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const app = buildApp({ logger: false, stores: { sqsStore, snsStore, s3Store } });
  if (persistence) app.addHook('preClose', () => persistence.close());
  await app.listen({ port, host: '127.0.0.1' });
  return {
    endpoint: `http://${host}`,
    endLongPolls: () => {
      for (const queue of sqsStore.allQueues()) queue.cancelWaiters();
    },
    stop: async () => {
      await app.close();
    },
  };
}
