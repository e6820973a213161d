// moto (the machine's Python package) in server mode with IAM authentication on, for the suite that
// runs the service's AWS calls against a server that verifies SigV4 (test/aws-signatures.test.ts).
//
// moto_server lets the first INITIAL_NO_AUTH_ACTION_COUNT actions through unchecked, then checks the
// signature (and the IAM policy) of every request. The unchecked ones are spent here on exactly the IAM
// calls that make a user, give it a policy and an access key: IAM_SETUP_CALLS. Everything is signed by
// the AWS SDK; nothing here signs a request itself.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { freePort } from '../../scripts/local/ports';
import { Readable } from 'node:stream';
import { delimiter, join, sep } from 'node:path';
import { CreateAccessKeyCommand, CreateUserCommand, IAMClient, PutUserPolicyCommand } from '@aws-sdk/client-iam';

export const MOTO_REGION = 'us-east-1';

/**
 * The requests that may go unchecked, and so the INITIAL_NO_AUTH_ACTION_COUNT the server gets: CreateUser,
 * PutUserPolicy (moto denies every action a user's policies do not allow) and CreateAccessKey.
 */
export const IAM_SETUP_CALLS = 3;

/** The user's policy: what the service's functions call, and no IAM (a further IAM call is refused). */
const SERVICE_POLICY = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['dynamodb:*', 'sqs:*', 's3:*'], Resource: '*' }],
};

export interface MotoCommand {
  command: string;
  args: string[];
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * How to start moto's server, or why it cannot be. MOTO_SERVER may name another command (e.g.
 * "python3 -m moto.server"). A pyenv shim exists for every installed Python version's scripts: it is
 * resolved to the active version's own script, or the server is absent.
 */
export function findMotoServer(): MotoCommand | { missing: string } {
  const [command, ...args] = (process.env.MOTO_SERVER ?? 'moto_server').split(' ').filter(Boolean);
  const found = command.includes(sep) ? command : onPath(command);
  if (!found) return { missing: `${command} is not on PATH` };
  if (found.split(sep).slice(-2, -1)[0] === 'shims' && found.includes(`${sep}.pyenv${sep}`)) {
    const resolved = spawnSync('pyenv', ['which', command], { encoding: 'utf8', timeout: 15_000 });
    if (resolved.status !== 0) return { missing: `${command} is a pyenv shim without a script in the active Python (${resolved.stderr.trim()})` };
    return { command: resolved.stdout.trim(), args };
  }
  return { command: found, args };
}

export interface MotoServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The server's last output lines (each request is logged), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts moto_server on a free port of 127.0.0.1 with `noAuthActions` unchecked actions and waits until
 * it answers (its own /moto-api/ pages, which are no AWS action and spend none of them).
 */
export async function startMoto(moto: MotoCommand, noAuthActions: number): Promise<MotoServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(moto.command, [...moto.args, '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, INITIAL_NO_AUTH_ACTION_COUNT: String(noAuthActions) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines = [...lines, ...chunk.toString().split('\n').filter(Boolean)].slice(-40);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  // A test run that ends without afterAll (a crash) must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const output = () => lines.join('\n');

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!running) throw new Error(`moto_server exited before answering:\n${output()}`);
    try {
      const answer = await fetch(`${url}/moto-api/data.json`, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`moto_server did not answer within 30 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, output, stop };
}

export interface AccessKey {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The IAM user the suite signs as: its policy and its access key, made with the unchecked requests.
 * `requests` counts every HTTP request the IAM client sent (no retries: one attempt each), which the
 * suite compares with IAM_SETUP_CALLS.
 */
export async function createSignedUser(url: string, userName: string): Promise<AccessKey & { requests: number }> {
  // Any credentials: these requests are not checked (that is what the unchecked count is for).
  const iam = new IAMClient({ endpoint: url, region: MOTO_REGION, credentials: { accessKeyId: 'setup', secretAccessKey: 'setup' }, maxAttempts: 1 });
  let requests = 0;
  iam.middlewareStack.add(
    (next) => async (args) => {
      requests++;
      return next(args);
    },
    { step: 'finalizeRequest', name: 'countIamSetupRequests', priority: 'low' },
  );
  try {
    await iam.send(new CreateUserCommand({ UserName: userName }));
    await iam.send(new PutUserPolicyCommand({ UserName: userName, PolicyName: 'import-service', PolicyDocument: JSON.stringify(SERVICE_POLICY) }));
    const { AccessKey } = await iam.send(new CreateAccessKeyCommand({ UserName: userName }));
    return { accessKeyId: AccessKey!.AccessKeyId!, secretAccessKey: AccessKey!.SecretAccessKey!, requests };
  } finally {
    iam.destroy();
  }
}

type Stackable = { middlewareStack: { add: (...args: any[]) => unknown } };

/**
 * The bodies of a client's error answers, as received. moto answers a refused signature in XML even to a
 * JSON-protocol client (DynamoDB, SQS), whose SDK then only says that the body is no JSON: this keeps
 * the body, so a test can read which check refused the request.
 */
export function keepErrorBodies(client: Stackable): string[] {
  const bodies: string[] = [];
  client.middlewareStack.add(
    (next: (args: unknown) => Promise<{ response: any }>) => async (args: unknown) => {
      const result = await next(args);
      const { response } = result;
      if (response?.statusCode >= 400 && response.body && typeof response.body[Symbol.asyncIterator] === 'function') {
        const chunks: Buffer[] = [];
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
        const body = Buffer.concat(chunks);
        bodies.push(body.toString('utf8'));
        response.body = Readable.from([body]);
      }
      return result;
    },
    { step: 'deserialize', name: 'keepErrorBodies', priority: 'low' },
  );
  return bodies;
}
