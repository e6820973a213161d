// SQS as the service uses it: SendMessage over the JSON protocol, in the SDK's shapes.
import { AwsClient, Command, type ResponseMetadata } from './client';

export interface SendMessageCommandInput {
  QueueUrl: string;
  MessageBody: string;
  DelaySeconds?: number;
  MessageAttributes?: Record<string, { DataType: string; StringValue?: string }>;
}

export class SendMessageCommand extends Command<SendMessageCommandInput, { $metadata: ResponseMetadata; MessageId?: string }> {
  readonly operation = 'SendMessage';
}

export class SQSClient extends AwsClient {
  send<Input, Output>(command: Command<Input, Output>): Promise<Output> {
    return this.call(command, async (input) => (await this.json(`AmazonSQS.${command.operation}`, input)) as Output);
  }
}
