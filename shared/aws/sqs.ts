// The SQS client and the command the service sends, in a module of its own: the Lambda bundles load it
// as a separate chunk on first use (messages.ts loadSqs), so functions whose usual requests send no
// message (the dashboard's and the APIs' reads, a webhook's first attempt) do not compile it at cold
// start. Locally and in tests it is an ordinary module.
import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config';
import { meterSqs } from '../observability/meter';
import { metered, onDestroyClients } from './clients';

export { SendMessageCommand } from '@aws-sdk/client-sqs';

let sqsClient: SQSClient | undefined;

export function sqs(): SQSClient {
  const { region, sqsEndpoint: endpoint } = config();
  sqsClient ??= metered(new SQSClient({ region, endpoint }), meterSqs);
  return sqsClient;
}

onDestroyClients(() => {
  sqsClient?.destroy();
  sqsClient = undefined;
});
