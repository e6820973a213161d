// The processImport message on the imports queue: it processes an import whose mapping was confirmed
// after its preview (the upload's own notification only previewed it). Sent by the confirmation, and
// again by a deadline message that finds a confirmed import never started (shared/imports/deadlines.ts).
import { sendMessage } from '../aws/messages';
import { config } from '../config';

export interface ProcessMessage {
  organizationId: string;
  importId: string;
}

export function parseProcessMessage(body: string): ProcessMessage | undefined {
  try {
    const message = JSON.parse(body)?.processImport;
    return typeof message?.organizationId === 'string' && typeof message?.importId === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** Queue the processing of a confirmed import (the processor is idempotent: a second message changes nothing). */
export async function queueProcessing(message: ProcessMessage): Promise<void> {
  const { organizationId, importId } = message;
  await sendMessage({ QueueUrl: config().importsQueueUrl, MessageBody: JSON.stringify({ processImport: { organizationId, importId } }) });
}
