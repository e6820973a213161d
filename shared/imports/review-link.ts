// Review links: an API import created with `review: true` waits for corrections like the widget's
// imports, and a link opens the widget's correction step for that one import to someone with no
// account. The link is the credential: its token is shown once, only its hash is kept on the record,
// it reaches that import's correction routes alone (http/embed-pipeline.ts) and a new link or a DELETE
// closes the previous one.
import { config } from '../config';
import { getImportItems, setReviewLink } from '../data/imports';
import { ApiError, notFound } from '../domain/errors';
import { reviewLinkUrl } from '../domain/api-imports';
import { newImportToken } from '../domain/embed';

const notReviewable = (message: string) => new ApiError(409, 'IMPORT_NOT_AWAITING_CORRECTIONS', message);

export async function openReviewLink(organizationId: string, importId: string, expiresInSeconds: number, nowMs = Date.now()): Promise<{ url: string; expiresAt: string }> {
  const items = await getImportItems(organizationId, importId);
  if (!items) throw notFound('Import');
  if (!items.snapshot.corrections) {
    throw notReviewable(`Import ${importId} was not created with review: true, so it never waits for corrections`);
  }
  const finished = () => notReviewable(`Import ${importId} has finished: there is nothing left to review`);
  if (items.record.status !== 'PENDING') throw finished();
  const { token, tokenHash } = newImportToken('review', organizationId);
  const expiresAt = new Date(nowMs + expiresInSeconds * 1000).toISOString();
  if (!(await setReviewLink(organizationId, importId, { hash: tokenHash, expiresAt }))) throw finished();
  return { url: reviewLinkUrl(config().dashboardUrl, importId, token), expiresAt };
}

export async function closeReviewLink(organizationId: string, importId: string): Promise<void> {
  if (!(await setReviewLink(organizationId, importId, null))) throw notFound('Import');
}
