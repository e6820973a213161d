// The import-finished event: one message per finished import on the webhook queue. It names the
// import, never carries rows; the webhook worker reads the import and renders the payload itself.
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../aws/clients';
import { config } from '../config';

export interface ImportFinishedMessage {
  type: 'import.finished';
  organizationId: string;
  importId: string;
}

/**
 * Sent after the finishing commit, and sent again by a redelivered processor that finds the import
 * already finished (the commit may have succeeded and this send failed): the consumer dedupes.
 */
export async function announceImportFinished(organizationId: string, importId: string): Promise<void> {
  const message: ImportFinishedMessage = { type: 'import.finished', organizationId, importId };
  await sqs().send(new SendMessageCommand({ QueueUrl: config().webhookQueueUrl, MessageBody: JSON.stringify(message) }));
}
