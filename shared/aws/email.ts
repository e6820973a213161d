// The SES v2 client, in a module of its own so that only the function that sends invitations bundles it,
// as a chunk it loads with the first invitation (account/invitation-mail.ts).
import { SESv2Client } from '@aws-sdk/client-sesv2';

export { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from '../config';

let client: SESv2Client | undefined;

export function ses(): SESv2Client {
  client ??= new SESv2Client({ region: config().region });
  return client;
}
