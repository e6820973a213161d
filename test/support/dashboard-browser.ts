// Driving the dashboard app as a person does: Chromium at /dashboard/, the local provider's own sign-up
// and sign-in pages, then the app. Each helper waits for what the person would wait for.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { baseUrl } from './api';
import { watchPage, type PageProblems } from './browser';

export const dashboardUrl = (path = '') => `${baseUrl()}/dashboard${path}`;

export interface Person {
  email: string;
  password: string;
}

export const newPerson = (name = 'person'): Person => ({ email: `${name}-${randomUUID().slice(0, 8)}@example.test`, password: `pw-${randomUUID()}` });

/** A page of its own (its own cookies: the issuer's session is per person), with its problems recorded. */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: PageProblems; close(): Promise<void> }> {
  // Reduced motion: dialogs open without a transition, so what axe and the screenshots see has settled.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { page, problems: watchPage(page), close: () => context.close() };
}

/** From the dashboard's welcome page through the provider's sign-up form, back to the app. */
export async function signUp(page: Page, person: Person, path = '/'): Promise<void> {
  await page.goto(dashboardUrl(path));
  await page.getByRole('button', { name: 'Sign in or create an account' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/') && !url.pathname.startsWith('/dashboard/callback'));
}

/** From the dashboard's welcome page through the provider's sign-in form, back to the app. */
export async function signIn(page: Page, person: Person, path = '/'): Promise<void> {
  await page.goto(dashboardUrl(path));
  await page.getByRole('button', { name: 'Sign in or create an account' }).click();
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/') && !url.pathname.startsWith('/dashboard/callback'));
}

/** "Create your organization" (where a new person lands), then its overview; answers its id. */
export async function createOrganization(page: Page, name: string): Promise<string> {
  await page.getByLabel('Organization name').fill(name);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForURL(/\/dashboard\/o\/org_[^/]+$/);
  return new URL(page.url()).pathname.split('/')[3];
}

/** A person signed up with an organization of their own, on its overview. */
export async function newOrganizationOwner(browser: Browser, name = 'owner') {
  const opened = await openPage(browser);
  const person = newPerson(name);
  await signUp(opened.page, person);
  const organizationId = await createOrganization(opened.page, `${name} org`);
  return { ...opened, person, organizationId };
}
