import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  aBusiness,
  expectNoAxeViolations,
  fillBusinessOnboarding,
  signUpBusiness,
  signUpPerson,
  uniqueEmail,
  verifyFromInbox,
  type Person,
} from './support';

// What a person saves comes back: settings after a reload, the business profile on its page and
// on its public page, and onboarding steps reopened after they were saved.

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Harbor-Willow-63';

const section = (page: Page, name: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

async function fillPersonalDetails(personal: Locator): Promise<void> {
  await personal.getByLabel(/^Phone/).fill('+13125550187');
  await personal.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await personal.getByLabel(/^State or region/).selectOption({ label: 'Illinois' });
  await personal.getByLabel(/^City/).fill('Chicago');
  await personal.getByRole('searchbox', { name: /search time zones/i }).fill('Chicago');
  await personal.getByLabel('Time zone', { exact: true }).selectOption('America/Chicago');
  await personal.getByRole('button', { name: 'Save personal details' }).click();
  await expect(personal.getByRole('button', { name: 'Save personal details' })).toBeEnabled();
}

async function expectPersonalDetails(personal: Locator): Promise<void> {
  await expect(personal.getByLabel(/^Phone/)).toHaveValue('+13125550187');
  await expect(personal.getByLabel('Country', { exact: true })).toHaveValue('US');
  await expect(personal.getByLabel(/^State or region/)).toHaveValue('IL');
  await expect(personal.getByLabel(/^City/)).toHaveValue('Chicago');
  await expect(personal.getByLabel('Time zone', { exact: true })).toHaveValue('America/Chicago');
}

test('a client saves every settings section, reloads and sees every value', async ({ page }) => {
  test.setTimeout(60_000);
  const client: Person = {
    firstname: 'Priya',
    lastname: 'Raman',
    email: uniqueEmail('settings-client'),
    password: PASSWORD,
  };
  await signUpPerson(page, 'client', client);
  await verifyFromInbox(page, client.email);

  await page.goto('/dashboard/settings/');
  await fillPersonalDetails(section(page, 'Personal details'));
  await expect(page.getByText('Personal details saved.')).toBeVisible();

  const details = section(page, 'Profile details');
  await details.getByLabel(/^Company$/).fill('Brightline Logistics');
  await details.getByLabel(/^Your job title/).fill('VP Finance');
  await details.getByLabel(/^Industry/).selectOption({ index: 1 });
  await details.getByLabel(/^Size of your organisation/).selectOption({ index: 1 });
  const industry = await details.getByLabel(/^Industry/).inputValue();
  const size = await details.getByLabel(/^Size of your organisation/).inputValue();
  await details.getByRole('button', { name: 'Save profile details' }).click();
  await expect(page.getByText('Profile details saved.')).toBeVisible();

  await page.reload();
  await expectPersonalDetails(section(page, 'Personal details'));
  await expect(section(page, 'Personal details').getByLabel(/^First name/)).toHaveValue('Priya');
  const reloaded = section(page, 'Profile details');
  await expect(reloaded.getByLabel(/^Company$/)).toHaveValue('Brightline Logistics');
  await expect(reloaded.getByLabel(/^Your job title/)).toHaveValue('VP Finance');
  await expect(reloaded.getByLabel(/^Industry/)).toHaveValue(industry);
  await expect(reloaded.getByLabel(/^Size of your organisation/)).toHaveValue(size);
  await expectNoAxeViolations(page);
});

test('a freelancer saves personal details and tagline, reloads and sees them', async ({ page }) => {
  test.setTimeout(60_000);
  const freelancer: Person = {
    firstname: 'Maya',
    lastname: 'Okafor',
    email: uniqueEmail('settings-freelancer'),
    password: PASSWORD,
  };
  await signUpPerson(page, 'freelancer', freelancer);
  await verifyFromInbox(page, freelancer.email);

  await page.goto('/dashboard/settings/');
  await fillPersonalDetails(section(page, 'Personal details'));
  await expect(page.getByText('Personal details saved.')).toBeVisible();

  const tagline = section(page, 'Tagline');
  await tagline.getByLabel(/^Tagline/).fill('I turn month-end chaos into a four-day close.');
  await tagline.getByRole('button', { name: 'Save tagline' }).click();
  await expect(page.getByText('Tagline saved.')).toBeVisible();

  await page.reload();
  await expectPersonalDetails(section(page, 'Personal details'));
  await expect(section(page, 'Tagline').getByLabel(/^Tagline/)).toHaveValue(
    'I turn month-end chaos into a four-day close.',
  );
  await expectNoAxeViolations(page);
});

const company = `Harborline Advisory ${Date.now().toString(36)}`;
const businessEmail = uniqueEmail('settings-business');
const business = aBusiness({ company, email: businessEmail, password: PASSWORD });

test('a business finishes onboarding, sees its saved answers on reopened steps, and edits its profile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpBusiness(page, business);
  await verifyFromInbox(page, businessEmail);

  await page.goto('/auth/su/business/details/');
  await fillBusinessOnboarding(page, business);
  await expect(page).toHaveURL(/\/auth\/su\/business\/competitors\/$/);

  // A fresh page (nothing kept in the tab): reopened steps show what the server holds.
  await page.goto('/auth/su/business/details/');
  await page.reload();
  await expect(page.getByLabel('Tagline')).toHaveValue(business.tagline);
  await expect(page.getByLabel('Year founded')).toHaveValue(business.yearFounded);
  await page.goto('/auth/su/business/personal-contact/');
  await page.reload();
  await expect(page.getByLabel('Job title')).toHaveValue(business.contact.jobTitle);
  await expect(page.getByLabel(/Phone/)).toHaveValue(business.contact.phone);
  await page.goto('/auth/su/business/social-profiles/');
  await page.reload();
  await expect(page.getByLabel('LinkedIn')).toHaveValue(business.linkedin);

  // The profile page: reached from the dashboard, starting from what is stored.
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: /Business profile/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/business\/profile\/$/);
  const details = section(page, 'Business details');
  await expect(details.getByLabel('Tagline')).toHaveValue(business.tagline);
  await expect(section(page, 'About').getByRole('radio', { name: '10 - 49 employees' })).toBeChecked();
  // Offices by name: the state from the country's list, never its code.
  await expect(section(page, 'Offices')).toContainText('Toronto, Ontario, Canada');
  await expectNoAxeViolations(page);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/business-profile.png`, fullPage: true });

  await details.getByLabel('Tagline').fill('Close the books in four days, every month.');
  await details.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByText('Business details updated.')).toBeVisible();
  await page.reload();
  await expect(section(page, 'Business details').getByLabel('Tagline')).toHaveValue(
    'Close the books in four days, every month.',
  );

  // An office edited in place: the onboarding location form, starting from what is stored.
  const offices = section(page, 'Offices');
  await offices.getByRole('button', { name: /^Edit office: .*Toronto, Ontario, Canada$/ }).click();
  await expect(offices.getByLabel('City')).toHaveValue('Toronto');
  await expect(offices.getByLabel(/^Province|^State/)).toHaveValue('ON');
  await offices.getByLabel('Name of the office').fill('Toronto office');
  await offices.getByLabel('Street address').fill('200 Bay Street');
  if (process.env.SHOTS) {
    await page.screenshot({ path: `${process.env.SHOTS}/business-profile-office-edit.png`, fullPage: true });
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await offices.screenshot({ path: `${process.env.SHOTS}/business-profile-office-edit-390.png` });
    await page.setViewportSize(desktop);
  }
  await offices.getByRole('button', { name: 'Save office' }).click();
  await expect(page.getByText('Location updated.')).toBeVisible();
  await page.reload();
  await expect(section(page, 'Offices')).toContainText('Toronto office, 200 Bay Street, Toronto, Ontario, Canada');

  await page.getByRole('link', { name: 'View your public profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(company);
  await expect(page.getByText('Close the books in four days, every month.')).toBeVisible();
  // The public page names the office's place too: the state and country by name, never by code.
  await expect(page.getByText('Toronto, Ontario, Canada', { exact: true })).toBeVisible();
  await expect(page.getByText('200 Bay Street')).toBeVisible();

  // Settings link to the same page.
  await page.goto('/dashboard/settings/');
  await expect(page.getByRole('link', { name: 'Edit your business profile' })).toHaveAttribute(
    'href',
    '/dashboard/business/profile/',
  );
  await expectNoAxeViolations(page);
});
