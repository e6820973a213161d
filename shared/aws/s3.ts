// The S3 client and the commands the service sends, in a module of its own: the Lambda bundles load it
// as a separate chunk on first use (objects.ts loadS3), so functions whose usual requests never touch S3
// do not compile it at cold start. Locally and in tests it is an ordinary module.
import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { meterS3 } from '../observability/meter';
import { metered, onDestroyClients } from './clients';

export { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type GetObjectCommandOutput } from '@aws-sdk/client-s3';

let s3Client: S3Client | undefined;

export function s3(): S3Client {
  const { region, s3Endpoint: endpoint } = config();
  // The emulator serves buckets by path, not by virtual host.
  s3Client ??= metered(new S3Client({ region, endpoint, forcePathStyle: Boolean(endpoint) }), meterS3);
  return s3Client;
}

onDestroyClients(() => {
  s3Client?.destroy();
  s3Client = undefined;
});
