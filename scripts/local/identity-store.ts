// The local identity provider's lasting state under one directory ($DATA_DIR/identity): its users
// (users/, one file per user, password hashes only) and its keys (keys.json: the RS256 signing JWKS,
// generated on first start so tokens survive a restart, and the cookie keys). The running stack and any
// number of importctl processes share it, so a user is created by one exclusive link(2) of a finished
// file: no writer replaces what another wrote, and the file system keeps an email unique.
//
// Passwords are hashed with scrypt (Node's crypto, a memory-hard KDF) and compared in constant time;
// nothing here writes its own cryptography. Keys come from jose.
import { createHash, randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

/** Cognito's default policy is 8 characters with character classes; locally only the length is checked. */
export const MIN_PASSWORD_LENGTH = 8;
/** A bound on what the KDF is handed, not a policy. */
export const MAX_PASSWORD_LENGTH = 256;

export interface IdentityUser {
  /** The subject of the user's tokens: a random UUID, as Cognito's. */
  sub: string;
  /** Normalized: trimmed, lowercase. */
  email: string;
  /** Locally always true: sign-up sends no mail (Cognito verifies the address by a code). */
  emailVerified: boolean;
  /** scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url> */
  passwordHash: string;
  createdAt: string;
}

export class UserExistsError extends Error {
  override name = 'UserExistsError';
}

/** A problem with what a person typed, for the field it concerns. */
export class InvalidUserInputError extends Error {
  override name = 'InvalidUserInputError';
  constructor(
    readonly field: 'email' | 'password',
    message: string,
  ) {
    super(message);
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function emailProblem(email: string): string | undefined {
  if (email === '') return 'Enter your email address';
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Enter an email address like name@example.com';
  return undefined;
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

// scrypt with N = 2^15, r = 8: 32 MiB and about 100 ms a hash, so a stolen user file is slow to guess.
const SCRYPT = { log2N: 15, r: 8, p: 1, keyLength: 32, saltLength: 16 };

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const scryptOptions = (log2N: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** log2N,
  r,
  p,
  // Node's default (32 MiB) is exactly what N = 2^15, r = 8 needs, and scrypt needs a little more.
  maxmem: 2 * 128 * 2 ** log2N * r,
});

export async function hashPassword(password: string): Promise<string> {
  const { log2N, r, p, keyLength, saltLength } = SCRYPT;
  const salt = randomBytes(saltLength);
  const key = await scrypt(password, salt, keyLength, scryptOptions(log2N, r, p));
  return ['scrypt', log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, scryptOptions(Number(log2N), Number(r), Number(p)));
  return timingSafeEqual(key, expected);
}

/** A hash no password matches: an unknown email costs the same KDF run as a known one. */
const UNKNOWN_USER_HASH = `scrypt$${SCRYPT.log2N}$${SCRYPT.r}$${SCRYPT.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(32).toString('base64url')}`;

/** Replace a file whole: a reader sees the old or the new content, never half of one. */
function writeAtomically(file: string, content: string) {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  renameSync(temporary, file);
}

const isErrno = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/**
 * The users, one file each under <dir>/users: `email-<sha256 of the email>.json`, and the same file
 * hard-linked as `sub-<sub>.json` for look-ups by subject. Until 2026-11-29 they were one users.json
 * that every change replaced whole: two processes creating users at once (importctl beside a sign-up)
 * each wrote the list they had read, and one user was lost. A users.json left by that version is
 * moved into files on first use.
 */
export class UserStore {
  private readonly dir: string;

  constructor(identityDir: string) {
    mkdirSync(identityDir, { recursive: true, mode: 0o700 });
    this.dir = join(identityDir, 'users');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.adoptUsersJson(join(identityDir, 'users.json'));
  }

  private emailFile = (email: string) => join(this.dir, `email-${createHash('sha256').update(email).digest('hex')}.json`);
  private subFile = (sub: string) => join(this.dir, `sub-${sub}.json`);

  private readUser(file: string): IdentityUser | undefined {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as IdentityUser;
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return undefined;
      throw error;
    }
  }

  findBySub(sub: string): IdentityUser | undefined {
    if (!/^[\w-]+$/.test(sub)) return undefined;
    return this.readUser(this.subFile(sub)) ?? this.scanForSub(sub);
  }

  /** A user whose creator stopped between its two links has only its email file. */
  private scanForSub(sub: string): IdentityUser | undefined {
    for (const name of readdirSync(this.dir)) {
      if (!name.startsWith('email-')) continue;
      const user = this.readUser(join(this.dir, name));
      if (user?.sub === sub) return user;
    }
    return undefined;
  }

  findByEmail(email: string): IdentityUser | undefined {
    return this.readUser(this.emailFile(normalizeEmail(email)));
  }

  /** A new user; the address counts as verified (no mail loop locally). */
  async create(emailInput: string, password: string): Promise<IdentityUser> {
    const email = normalizeEmail(emailInput);
    const emailIssue = emailProblem(email);
    if (emailIssue) throw new InvalidUserInputError('email', emailIssue);
    const passwordIssue = passwordProblem(password);
    if (passwordIssue) throw new InvalidUserInputError('password', passwordIssue);
    if (this.findByEmail(email)) throw new UserExistsError(`A user with the email ${email} already exists`);
    const passwordHash = await hashPassword(password);
    const user: IdentityUser = { sub: randomUUID(), email, emailVerified: true, passwordHash, createdAt: new Date().toISOString() };
    if (!this.add(user)) throw new UserExistsError(`A user with the email ${email} already exists`);
    return user;
  }

  /**
   * Writes the user's file whole beside its name, then links it under its email: link(2) fails if that
   * name exists, so of two creators of one email exactly one succeeds, and a reader never sees half a file.
   */
  private add(user: IdentityUser): boolean {
    const temporary = join(this.dir, `.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    writeFileSync(temporary, `${JSON.stringify(user, null, 2)}\n`, { mode: 0o600 });
    try {
      linkSync(temporary, this.emailFile(user.email));
    } catch (error) {
      unlinkSync(temporary);
      if (isErrno(error, 'EEXIST')) return false;
      throw error;
    }
    try {
      linkSync(temporary, this.subFile(user.sub));
    } catch {
      // Only a second adoption of one users.json meets an existing link; without it, findBySub scans.
    } finally {
      unlinkSync(temporary);
    }
    return true;
  }

  private adoptUsersJson(file: string) {
    if (!existsSync(file)) return;
    let users: IdentityUser[];
    try {
      users = (JSON.parse(readFileSync(file, 'utf8')) as { users: IdentityUser[] }).users;
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return; // another process adopted it meanwhile
      throw error;
    }
    for (const user of users) this.add(user);
    try {
      renameSync(file, `${file}.adopted`);
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
    }
  }

  /** The user whose email and password these are, or undefined (the same work either way). */
  async authenticate(email: string, password: string): Promise<IdentityUser | undefined> {
    const user = this.findByEmail(email);
    const matches = await passwordMatches(password.slice(0, MAX_PASSWORD_LENGTH + 1), user?.passwordHash ?? UNKNOWN_USER_HASH);
    return user && matches ? user : undefined;
  }
}

export interface IdentityKeys {
  /** Private RS256 JWKs (kid = thumbprint); the provider publishes their public halves at its jwks_uri. */
  jwks: { keys: JWK[] };
  /** Signing keys of the provider's cookies. */
  cookieKeys: string[];
}

/** keys.json, generated on first use and kept: tokens signed before a restart still verify after it. */
export async function loadOrCreateKeys(dir: string): Promise<IdentityKeys> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'keys.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as IdentityKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const key: JWK = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
  const keys: IdentityKeys = { jwks: { keys: [key] }, cookieKeys: [randomBytes(32).toString('base64url')] };
  writeAtomically(file, `${JSON.stringify(keys, null, 2)}\n`);
  chmodSync(file, 0o600);
  return keys;
}
