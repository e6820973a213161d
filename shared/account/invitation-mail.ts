// The invitation email. On AWS it goes through SES from the stage's identity (INVITATION_FROM); the
// local stack has no mail: it writes the message to $DATA_DIR/outbox/ and prints one line with the
// accept link. Without either, nothing is sent and the inviter shares the link from the API's answer.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../config';
import type { Invitation } from '../data/invitations';

export type Delivery = 'emailed' | 'outbox' | 'not-sent';

export function acceptUrl(invitationId: string): string {
  return `${config().dashboardUrl}/invitations/${invitationId}`;
}

function message(invitation: Invitation, organizationName: string) {
  const link = acceptUrl(invitation.invitationId);
  const subject = `You are invited to ${organizationName} on Import Service`;
  const text = [
    `${invitation.invitedBy.email ?? 'An administrator'} invited you to join ${organizationName} as ${invitation.role}.`,
    '',
    `Accept the invitation (sign in or sign up with ${invitation.email}): ${link}`,
    '',
    `The invitation expires at ${invitation.expiresAt}. If you did not expect it, ignore this email.`,
  ].join('\n');
  return { subject, text, link };
}

export async function sendInvitation(invitation: Invitation, organizationName: string): Promise<Delivery> {
  const { subject, text, link } = message(invitation, organizationName);
  const { outboxDir, invitationFrom } = config();
  if (outboxDir) {
    await mkdir(outboxDir, { recursive: true });
    const file = join(outboxDir, `${invitation.invitationId}.json`);
    await writeFile(file, `${JSON.stringify({ to: invitation.email, subject, text, acceptUrl: link }, null, 2)}\n`);
    // stderr: a person reads it on npm start's console; stdout stays importctl's one JSON answer.
    process.stderr.write(`Invitation for ${invitation.email} to ${organizationName}: ${link} (written to ${file})\n`);
    return 'outbox';
  }
  if (!invitationFrom) return 'not-sent';
  const { ses, SendEmailCommand } = await import('../aws/email');
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: invitationFrom,
      Destination: { ToAddresses: [invitation.email] },
      Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } } },
    }),
  );
  return 'emailed';
}
