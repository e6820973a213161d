// importctl: the admin CLI standing in for the dashboard. Every command prints one JSON object on
// stdout; errors go to stderr with exit code 1 (2 for bad usage). It talks to the table directly,
// on the local stack that `npm start` runs (same PORT/DATA_DIR) or, with --stage, a deployed stage.
import { parseArgs } from 'node:util';
import { connect } from 'node:net';
import { handlerEnvironment, LOCAL_STAGE, readLocalStackState, type LocalStackState } from './local/state';
import { namesForStage } from '../shared/resources';
import { isPlan, PLANS, type Plan } from '../shared/domain/plans';
import { isId, newWebhookSecret } from '../shared/domain/ids';
import { webhookUrlProblem } from '../shared/domain/webhook-url';
import { embedSnippet, parseAllowedOrigins } from '../shared/domain/embed';
import type { Organization } from '../shared/data/organizations';
import { ApiError } from '../shared/domain/errors';
import * as v from 'valibot';
import { CreateInvitationSchema } from '../shared/domain/account';
import { existsSync } from 'node:fs';
import { testHook } from './importctl-hook';
import { createUser, UserCommandError, userToken } from './importctl-user';

class UsageError extends Error {}
class CommandError extends Error {}

const USAGE = `Usage: importctl <command> [options] [--stage NAME]
  org create --name NAME [--plan free|starter|pro|enterprise]
  org update --org ORG [--plan PLAN] [--webhook-url URL] [--webhook-secret SECRET]
  org show --org ORG
  org invite --org ORG --email EMAIL [--role owner|admin|developer|viewer]   (default owner)
  key create --org ORG
  key revoke --key-id ID
  key list --org ORG
  template embed --org ORG --template TPL --enable [--origins ORIGIN,...] | --disable
  import run --org ORG --template TPL --file PATH [--sheet N] [--mapping JSON] [--metadata JSON]
             [--user JSON] [--external-user-id ID] [--review]
  hook test --org ORG --template TPL --file PATH [--sheet N]
             (sends the file's first batch to the template's validation hook and prints the answer)
  cost [--since ISO]           (default: the last 24 hours)
  user create --email EMAIL --password PASSWORD   (local stack only: a user of its OpenID Connect provider)
  user token --email EMAIL     (local stack only: an access token for the dashboard API)`;

const OPTIONS = {
  name: { type: 'string' },
  plan: { type: 'string' },
  org: { type: 'string' },
  'webhook-url': { type: 'string' },
  'webhook-secret': { type: 'string' },
  'key-id': { type: 'string' },
  template: { type: 'string' },
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
  origins: { type: 'string' },
  stage: { type: 'string' },
  file: { type: 'string' },
  sheet: { type: 'string' },
  mapping: { type: 'string' },
  metadata: { type: 'string' },
  user: { type: 'string' },
  'external-user-id': { type: 'string' },
  since: { type: 'string' },
  review: { type: 'boolean' },
  email: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function required(values: Values, name: 'name' | 'org' | 'key-id' | 'template' | 'file' | 'email' | 'password'): string {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function originsOption(list: string): string[] {
  try {
    return parseAllowedOrigins(list);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function jsonOption(values: Values, name: 'mapping' | 'metadata' | 'user'): unknown {
  const raw = values[name];
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new UsageError(`--${name} must be JSON`);
  }
}

function sheetOption(values: Values): number | undefined {
  if (values.sheet === undefined) return undefined;
  if (!/^[0-9]{1,3}$/.test(values.sheet)) throw new UsageError('--sheet must be a zero-based sheet index');
  return Number(values.sheet);
}

function planOption(values: Values): Plan | undefined {
  if (values.plan === undefined) return undefined;
  if (!isPlan(values.plan)) throw new UsageError(`--plan must be one of: ${PLANS.join(', ')}`);
  return values.plan;
}

function organizationId(values: Values): string {
  const id = required(values, 'org');
  if (!isId('org', id)) throw new CommandError(`Organization ${id} not found`);
  return id;
}

/** Local stack unless --stage: point the shared data layer at the right table before it loads. */
async function selectTarget(stage: string | undefined): Promise<{ local: boolean; state?: LocalStackState }> {
  if (stage && stage !== LOCAL_STAGE) {
    process.env.STAGE = stage;
    process.env.TABLE_NAME = namesForStage(stage).tableName;
    return { local: false };
  }
  const dataDir = process.env.DATA_DIR ?? '.data';
  const state = readLocalStackState(dataDir);
  const running = state && (await reachable(state.dynamoEndpoint));
  if (!state || !running) {
    throw new CommandError(
      `No local stack is running for DATA_DIR=${dataDir}. Start it with \`npm start\` (same PORT and DATA_DIR), ` +
        'or target a deployed stage with --stage NAME.',
    );
  }
  Object.assign(process.env, handlerEnvironment(state));
  return { local: true, state };
}

function sinceOption(values: Values): Date {
  if (values.since === undefined) return new Date(Date.now() - 24 * 3600 * 1000);
  const since = new Date(values.since);
  if (!/^\d{4}-\d{2}-\d{2}/.test(values.since) || Number.isNaN(since.getTime())) throw new UsageError('--since must be an ISO date or time');
  return since;
}

/** `cost`: the local stack's metrics file (after asking it to write what it still aggregates), or the stage's CloudWatch metrics. */
async function cost(values: Values, state: LocalStackState | undefined) {
  const { costReport, sumsFromCloudWatch, sumsFromEmfFile } = await import('./importctl-cost');
  const since = sinceOption(values);
  if (state) {
    // The stack writes its aggregated metrics when asked (SIGUSR2), as a Lambda does on its next invocation.
    process.kill(state.pid, 'SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const until = new Date();
  const days = Math.max(1 / 1440, (until.getTime() - since.getTime()) / 86_400_000);
  if (state) {
    const report = costReport(sumsFromEmfFile(state.metricsFile, since.getTime(), until.getTime()), undefined, days);
    return { stage: LOCAL_STAGE, since: since.toISOString(), until: until.toISOString(), source: state.metricsFile, ...report };
  }
  const stage = process.env.STAGE!;
  const report = costReport(await sumsFromCloudWatch(stage, since, until), undefined, days);
  return { stage, since: since.toISOString(), until: until.toISOString(), source: 'CloudWatch GetMetricData', ...report };
}

function reachable(endpoint: string): Promise<boolean> {
  const url = new URL(endpoint);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** What `org show` prints: never the webhook secret or key hashes. */
function showOrganization(organization: Organization) {
  const { webhookSecret, ...visible } = organization;
  return { ...visible, webhookSecretSet: Boolean(webhookSecret) };
}

async function run(argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  if (values.help || positionals.length === 0) throw new UsageError('');
  const command = positionals.join(' ');
  if (positionals[0] === 'user' && values.stage && values.stage !== LOCAL_STAGE) {
    throw new CommandError(
      `${command} works on the local stack only: stage ${values.stage}'s users are in its Cognito user pool ` +
        '(sign up on its dashboard, or use the AWS CLI: aws cognito-idp admin-create-user)',
    );
  }
  const { local, state } = await selectTarget(values.stage).catch((error: unknown) => {
    if (positionals[0] === 'user' && error instanceof CommandError) {
      throw new CommandError(`${command} needs the local stack: ${error.message.replace(/, or target a deployed stage.*$/, '.')}`);
    }
    throw error;
  });
  if (command === 'cost') return cost(values, state);
  if (command === 'user create') return createUser(state!, required(values, 'email'), required(values, 'password'));
  if (command === 'user token') return userToken(state!, required(values, 'email'));
  // Loaded after the target is chosen: the data layer reads its configuration once.
  const organizations = await import('../shared/data/organizations');
  const templates = await import('../shared/data/templates');
  // Every change an operator makes is in the organization's audit log, by the operator.
  const { recordAudit, OPERATOR } = await import('../shared/account/audit');
  const audit = (organizationId: string, action: string, target: { type: string; id: string }, details: Record<string, unknown> = {}) =>
    recordAudit(organizationId, OPERATOR, action, target, details);
  const loadOrganization = async (id: string) => {
    const organization = await organizations.getOrganization(id);
    if (!organization) throw new CommandError(`Organization ${id} not found`);
    return organization;
  };

  switch (command) {
    case 'org create': {
      const name = required(values, 'name').trim();
      if (name.length === 0 || name.length > 200) throw new UsageError('--name must be 1 to 200 characters');
      const created = await organizations.createOrganization(name, planOption(values) ?? 'free');
      await audit(created.organizationId, 'organization.created', { type: 'organization', id: created.organizationId }, { name });
      await audit(created.organizationId, 'api_key.created', { type: 'api_key', id: created.keyId });
      return created;
    }
    case 'org update': {
      const id = organizationId(values);
      await loadOrganization(id);
      const plan = planOption(values);
      const webhookUrl = values['webhook-url'];
      let webhookSecret = values['webhook-secret'];
      if (plan === undefined && webhookUrl === undefined && webhookSecret === undefined) {
        throw new UsageError('org update needs --plan, --webhook-url or --webhook-secret');
      }
      // An empty key would make signatures anyone can compute.
      if (webhookSecret === '' && webhookUrl !== '') throw new UsageError('--webhook-secret must not be empty');
      if (webhookUrl) {
        const problem = webhookUrlProblem(webhookUrl, local);
        if (problem) throw new CommandError(problem);
      }
      const generated = webhookUrl && webhookSecret === undefined ? newWebhookSecret() : undefined;
      webhookSecret = generated ?? webhookSecret;
      const cleared = webhookUrl === '';
      const updated = await organizations.updateOrganization(id, {
        plan,
        webhookUrl: cleared ? null : webhookUrl,
        webhookSecret: cleared ? null : webhookSecret,
      });
      if (!updated) throw new CommandError(`Organization ${id} not found`);
      await audit(id, 'organization.updated', { type: 'organization', id }, {
        ...(plan !== undefined && { plan }),
        ...(webhookUrl !== undefined && { webhookUrl: cleared ? null : webhookUrl }),
        ...(webhookSecret !== undefined && !cleared && { signingKeyChanged: true }),
      });
      return generated ? { ...showOrganization(updated), webhookSecret: generated } : showOrganization(updated);
    }
    case 'org invite': {
      const organization = await loadOrganization(organizationId(values));
      const parsed = v.safeParse(CreateInvitationSchema, { email: required(values, 'email'), role: values.role ?? 'owner' });
      if (!parsed.success) throw new UsageError(`--${String(parsed.issues[0].path?.[0]?.key ?? 'email')} ${parsed.issues[0].message}`);
      const { inviteAsOperator } = await import('../shared/account/members');
      return inviteAsOperator(organization, parsed.output.email, parsed.output.role).catch((error: unknown) => {
        throw error instanceof ApiError ? new CommandError(error.message) : error;
      });
    }
    case 'org show':
      return showOrganization(await loadOrganization(organizationId(values)));
    case 'key create': {
      const organization = await loadOrganization(organizationId(values));
      const created = await organizations.createApiKey(organization, { name: 'importctl', createdBy: OPERATOR });
      await audit(organization.organizationId, 'api_key.created', { type: 'api_key', id: created.keyId }, { name: 'importctl' });
      return { keyId: created.keyId, apiKey: created.apiKey };
    }
    case 'key revoke': {
      const keyId = required(values, 'key-id');
      const record = isId('key', keyId) ? await organizations.getApiKey(keyId) : undefined;
      if (!record) throw new CommandError(`API key ${keyId} not found`);
      const revoked = await organizations.revokeApiKey(record);
      if (!record.revokedAt) await audit(record.organizationId, 'api_key.revoked', { type: 'api_key', id: keyId });
      return { keyId: revoked.keyId, organizationId: revoked.organizationId, revokedAt: revoked.revokedAt };
    }
    case 'key list': {
      const id = organizationId(values);
      await loadOrganization(id);
      const keys = await organizations.listApiKeys(id);
      return {
        organizationId: id,
        keys: keys.map(({ keyId, createdAt, revokedAt }) => ({ keyId, createdAt, revokedAt })),
      };
    }
    case 'template embed': {
      const id = organizationId(values);
      const templateId = required(values, 'template');
      if (values.enable === values.disable) throw new UsageError('give exactly one of --enable or --disable');
      if (values.origins !== undefined && !values.enable) throw new UsageError('--origins goes with --enable');
      const allowedOrigins = values.origins === undefined ? null : originsOption(values.origins);
      if (!isId('tpl', templateId)) throw new CommandError(`Template ${templateId} not found`);
      const embed = await templates
        .setTemplateEmbed(id, templateId, { enabled: Boolean(values.enable), allowedOrigins })
        .catch((error: unknown) => {
          throw error instanceof ApiError && error.status === 404 ? new CommandError(`Template ${templateId} not found`) : error;
        });
      await audit(id, values.enable ? 'template.embed_enabled' : 'template.embed_disabled', { type: 'template', id: templateId }, values.enable ? { allowedOrigins: embed.allowedOrigins } : {});
      const shown = { templateId: embed.template.id, embedEnabled: embed.template.embedEnabled, allowedOrigins: embed.allowedOrigins };
      if (!embed.template.embedEnabled) return shown;
      // Locally the stack serves the widget; a deployed stage's is its stack output WidgetUrl.
      const scriptUrl = local ? `${state!.url}/widget/import-widget.js` : process.env.WIDGET_URL;
      if (!scriptUrl) {
        process.stderr.write('Set WIDGET_URL to the stack output WidgetUrl to print the snippet to paste.\n');
        return shown;
      }
      const snippet = embedSnippet(scriptUrl, embed.template.id);
      process.stderr.write(`Paste this into the page (its origin must be allowed):\n\n${snippet}\n\n`);
      if (local) process.stderr.write(`Or try it on the demo page: ${state!.url}/widget/demo.html?template=${embed.template.id}\n`);
      return { ...shown, snippet };
    }
    case 'import run': {
      const id = organizationId(values);
      const templateId = required(values, 'template');
      const file = required(values, 'file');
      if (!existsSync(file)) throw new CommandError(`File ${file} not found`);
      if (!isId('tpl', templateId)) throw new CommandError(`Template ${templateId} not found`);
      if (!local && !process.env.BUCKET_NAME) {
        // Deployed bucket names carry the account id: the stack prints it as the output FilesBucketName.
        throw new CommandError('Set BUCKET_NAME to the stack output FilesBucketName to import into a deployed stage');
      }
      if (!local && !process.env.IMPORTS_QUEUE_URL) {
        // Every import is created with its deadline message on the imports queue.
        throw new CommandError('Set IMPORTS_QUEUE_URL to the stack output ImportsQueueUrl to import into a deployed stage');
      }
      await loadOrganization(id);
      // Loaded here: the upload's S3 client and multipart code serve this command only.
      const { runImport } = await import('./importctl-import');
      return runImport({
        organizationId: id,
        templateId,
        file,
        sheet: sheetOption(values),
        mapping: jsonOption(values, 'mapping'),
        metadata: jsonOption(values, 'metadata'),
        user: jsonOption(values, 'user'),
        externalUserId: values['external-user-id'],
        review: values.review,
        progress: (line) => process.stderr.write(`${line}\n`),
      }).catch((error) => {
        // Validation and not-found answers of the domain are the command's error message.
        throw error instanceof ApiError ? new CommandError(error.message) : error;
      });
    }
    case 'hook test': {
      const id = organizationId(values);
      const templateId = required(values, 'template');
      const file = required(values, 'file');
      if (!existsSync(file)) throw new CommandError(`File ${file} not found`);
      if (!isId('tpl', templateId)) throw new CommandError(`Template ${templateId} not found`);
      await loadOrganization(id);
      return testHook({ organizationId: id, templateId, file, sheet: sheetOption(values) }).catch((error) => {
        throw error instanceof ApiError ? new CommandError(error.message) : error;
      });
    }
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}

run(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      const message = (error as Error).message;
      process.stderr.write(`${message ? `importctl: ${message}\n` : ''}${USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`importctl: ${error instanceof CommandError || error instanceof UserCommandError ? error.message : String((error as Error)?.message ?? error)}\n`);
    process.exitCode = 1;
  },
);
