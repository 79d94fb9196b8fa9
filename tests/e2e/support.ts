import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readOutbox, type OutboxEmail } from '../support/outbox';
import { E2E_DATA_DIR } from './settings';

/** Where the server under test writes its emails (no SMTP server in the tests). */
export const OUTBOX_DIR = resolve(E2E_DATA_DIR, 'outbox');

/** A fresh address per test run, so reruns against a kept server do not collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The path of the first link in an email that leads to the given page path. */
export function linkPath(email: OutboxEmail, pathStart: string): string {
  const link = email.links.map((href) => new URL(href)).find((url) => url.pathname.startsWith(pathStart));
  if (!link) throw new Error(`no ${pathStart} link in "${email.subject}": ${email.links.join(', ')}`);
  return link.pathname + link.search;
}

/**
 * Waits for the newest email to an address holding a link to the given page, and returns the
 * link's path. Some emails (password reset) are sent after the answer, so they arrive late.
 */
export async function emailLinkTo(address: string, pathStart: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const email = readOutbox(OUTBOX_DIR)
      .reverse()
      .find(
        (candidate) =>
          candidate.to.toLowerCase().includes(address.toLowerCase()) &&
          candidate.links.some((href) => new URL(href).pathname.startsWith(pathStart)),
      );
    if (email) return linkPath(email, pathStart);
    if (Date.now() > deadline) throw new Error(`no email to ${address} with a ${pathStart} link in ${OUTBOX_DIR}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

export interface Person {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

export async function signUpPerson(page: Page, type: 'client' | 'freelancer', person: Person): Promise<void> {
  await page.goto(`/auth/${type}/signup/`);
  await page.getByLabel('First name').fill(person.firstname);
  await page.getByLabel('Last name').fill(person.lastname);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification\/email\/$/);
}

export async function logIn(page: Page, email: string, password: string, rememberMe = false): Promise<void> {
  await page.goto('/auth/login/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs out from the header: the account menu on site pages, the button on the logo-only header. */
/**
 * Signs out through whichever header the page shows: the site header keeps "Sign out" in the
 * account menu, the logo-only header shows it as a button. The page may still be moving (after
 * sign-in, the logo-only header gives way to the dashboard's), so each try resolves the header
 * present at that moment with auto-waiting locators, and a try whose button was replaced by a
 * re-render is retried instead of waiting on a detached element.
 */
export async function signOut(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const menu = page.getByRole('button', { name: /account menu/i });
  const signOutButton = banner.getByRole('button', { name: 'Sign out' });
  const loginLink = banner.getByRole('link', { name: 'Login' });
  await page.waitForLoadState();
  await expect(async () => {
    await expect(menu.or(signOutButton).first()).toBeVisible({ timeout: 2_000 });
    if (!(await signOutButton.isVisible())) await menu.click({ timeout: 2_000 });
    await signOutButton.click({ timeout: 2_000 });
    await expect(loginLink).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * axe finds nothing on the page at any impact (moderate and minor included): the WCAG 2.1 A/AA
 * rules and the best practices (landmarks, named regions).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const practices = await new AxeBuilder({ page }).withTags(['best-practice']).analyze();
  const all = [...violations, ...practices.violations].map(
    (v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(all).toEqual([]);
}
