import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signUpPerson, uniqueEmail, verifyFromInbox, type Person } from './support';

// The contact form (W02) and the email preferences in Settings (W04), as a person uses them.

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string, target = page.locator('main')) => {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png` });
};

test('a visitor sends the contact form and sees the confirmation with the reference', async ({ page }) => {
  await page.goto('/contact-us/');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form).toBeVisible();
  await shot(page, 'contact-empty', form.locator('..'));
  await expectNoAxeViolations(page);

  // Sent empty, each field says what it needs.
  await form.getByRole('button', { name: 'Send my message' }).click();
  await expect(form.getByText('Choose what your message is about.')).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'contact-errors', form.locator('..'));
  await expectNoAxeViolations(page);

  await form.getByLabel('Your name').fill('Tomasz Nowak');
  await form.getByLabel('Email').fill(uniqueEmail('contact'));
  await form.getByLabel('Topic').selectOption('billing-and-payments');
  await form.getByLabel('Subject').fill('Invoice for the Growth plan');
  await form.getByLabel('Message').fill('Could you send the March invoice again with our VAT number on it?');
  await form.getByRole('button', { name: 'Send my message' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Thank you, your message is sent' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(/CS-[0-9A-Z]{8}/);
  await shot(page, 'contact-sent', done.locator('..'));
});

test('a signed-in user turns a list off in Settings and finds it off after a reload', async ({ page }) => {
  test.setTimeout(60_000);
  const person: Person = {
    firstname: 'Lena',
    lastname: 'Fischer',
    email: uniqueEmail('preferences'),
    password: 'Harbor-Willow-63',
  };
  await signUpPerson(page, 'client', person);
  await verifyFromInbox(page, person.email);

  await page.goto('/dashboard/settings/#email-preferences');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Email preferences' }) });
  const reminders = section.getByRole('checkbox', { name: 'Unread message reminders' });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await section.getByRole('button', { name: 'Save email preferences' }).click();
  await expect(section.getByRole('status')).toHaveText('Your email preferences are saved.');
  if (SHOTS) {
    // The whole viewport, the section in the middle: the sticky header must not cover its heading.
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/settings-email-preferences.png` });
  }

  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'Unread message reminders' })).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Newsletter' })).toBeChecked();
  await expectNoAxeViolations(page);
});
