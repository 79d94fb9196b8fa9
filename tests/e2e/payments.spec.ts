import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../support/outbox';
import {
  api,
  emailLinkTo,
  expectNoAxeViolations,
  onboardFreelancer,
  OUTBOX_DIR,
  signUpAndVerify,
  uniqueEmail,
} from './support';

// Payments end to end with the sandbox provider: the app's pages start a checkout, the sandbox's
// hosted page takes a test card, and the return pages, the pricing page, the buy page and the
// account menu show what was bought. The onboarding is done through the API with the browser's
// own session (the onboarding pages have tests of their own).

const PASSWORD = 'Lantern-Orchard-58';
/** Where the pages' pictures go (`PAYMENTS_SHOTS` to keep them elsewhere). */
const SHOTS = process.env.PAYMENTS_SHOTS ?? join(tmpdir(), 'payments-shots');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** A verified business with its onboarding done, signed in in the page's browser. */
async function aBusinessOnItsDashboard(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(`payments-${label}`);
  await signUpAndVerify(
    page,
    'business',
    { companyname: 'Harborline Advisory', heardAboutUs: 'linkedin' },
    email,
    PASSWORD,
  );
  const request = page.request;
  await api(request, 'POST', '/api/account/business/details/set/', {
    json: {
      companyName: 'Harborline Advisory',
      tagline: 'Finance operations for growing logistics companies.',
      description:
        'We run month-end close, planning and reporting for logistics and freight companies, then train their finance teams to own it.',
      website: 'https://harborline.example.com',
      foundedYear: 2015,
      businessType: 'agency',
      industry: 'financial-services',
    },
  });
  await api(request, 'POST', '/api/account/business/personal-contact/set/', {
    json: {
      firstname: 'Nora',
      lastname: 'Lindqvist',
      jobTitle: 'Founder',
      phone: '+14155550132',
      email: uniqueEmail('payments-contact'),
    },
  });
  await api(request, 'POST', '/api/account/business/about/set/', {
    json: {
      services: ['finance-transformation/fp-and-a-revolution'],
      totalEmployees: '10-49',
      minimumProjectSize: '25000-plus',
      averageHourlyRate: '100-149',
      languages: ['en'],
    },
  });
  await api(request, 'POST', '/api/account/business/locations/set/', {
    json: {
      locations: [
        {
          label: 'Headquarters',
          line1: '100 King Street West',
          line2: null,
          city: 'Toronto',
          state: 'ON',
          postalCode: 'M5X 1A9',
          country: 'CA',
          phone: null,
          isHeadquarters: true,
        },
      ],
    },
  });
  await api(request, 'POST', '/api/account/business/social-profiles/set/', {
    json: { linkedin: 'https://www.linkedin.com/company/harborline-advisory' },
  });
  return email;
}

const CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** Fills the sandbox's hosted checkout page with a test card (a future expiry, a CVC) and pays. */
async function payWith(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_\w+$/);
  await expect(page.getByText('Test payment — no real card is charged')).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Nora Lindqvist');
  await page.getByRole('button', { name: /^Pay / }).click();
}

const plansPage = (page: Page) => page.getByRole('list', { name: 'Business plans' });
const planCard = (page: Page, name: string) =>
  plansPage(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test('a business pays for the Pro plan, and a declined card pays nothing', async ({ page }) => {
  test.slow();
  const email = await aBusinessOnItsDashboard(page, 'plan');
  await page.goto('/dashboard/business/pricing/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business plans');
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  await expect(planCard(page, 'Free').getByText('Your current plan')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'business-pricing-free');

  // A declined card: the provider's message on its page, and nothing paid.
  await planCard(page, 'Pro').getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay Versimarket');
  await expect(page.getByText('Pro plan, billed monthly')).toBeVisible();
  await shoot(page, 'sandbox-checkout');
  await payWith(page, CARDS.declined);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await shoot(page, 'sandbox-checkout-declined');
  await page.goto('/dashboard/business/pricing/');
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  await expect(planCard(page, 'Pro').getByRole('button', { name: 'Choose Pro' })).toBeEnabled();

  // 4242 pays: the success page names the plan, and the pricing page marks it.
  await planCard(page, 'Pro').getByRole('button', { name: 'Choose Pro' }).click();
  await payWith(page, CARDS.pays);
  await expect(page).toHaveURL(/\/payments\/checkout\/success\/\?session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');
  await expect(page.getByText(/You are on the Pro plan, billed monthly at \$49(\.00)? a month\./)).toBeVisible();
  await expect(page.getByText(/It renews on .+\. A receipt is on its way to your email\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'checkout-success-plan');
  // The return page asked again (a reload) says the same; one receipt, linking to the plans.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');
  expect(await emailLinkTo(email, '/dashboard/business/pricing/')).toBe('/dashboard/business/pricing/');
  const receipts = readOutbox(OUTBOX_DIR).filter(
    (sent) => sent.to.includes(email) && sent.subject.startsWith('Your receipt'),
  );
  expect(receipts.map((sent) => sent.subject)).toEqual([expect.stringContaining('Pro plan')]);

  await page.getByRole('link', { name: 'See your plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/business\/pricing\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your plan:' })).toContainText(
    'Your plan: Pro, billed monthly.',
  );
  await expect(planCard(page, 'Pro').getByText('Your plan', { exact: true })).toBeVisible();
  await expect(planCard(page, 'Pro').getByText('Your current plan')).toBeVisible();
  await expect(planCard(page, 'Pro').getByRole('button')).toHaveCount(0);
  await expect(planCard(page, 'Free').getByText('Your current plan')).toHaveCount(0);
  await shoot(page, 'business-pricing-pro');

  // Paying once cannot be paid twice: the checkout page, opened again, says it is paid.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_\w+$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This checkout is already paid');
});

test('a Featured business is listed first as sponsored, manages its billing in the portal and cancels', async ({
  page,
}) => {
  test.slow();
  await aBusinessOnItsDashboard(page, 'portal');
  await page.goto('/dashboard/business/pricing/');
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await planCard(page, 'Featured').getByRole('button', { name: 'Choose Featured' }).click();
  await payWith(page, CARDS.pays);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');

  // The directory: newest first, the sponsored listings before the rest, this one among them.
  await page.goto('/find/businesses/?sort=newest');
  const first = page.getByRole('article').first();
  await expect(first).toContainText('Harborline Advisory');
  await expect(first.getByText('Sponsored', { exact: true })).toBeVisible();
  await page.getByText('How results are ranked').click();
  await expect(page.getByText(/Sponsored listings come first/)).toBeVisible();
  await expect(page.getByText(/ordered by when they joined, newest first/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'directory-sponsored');

  // Manage billing opens the sandbox's portal: a test page like its checkout.
  await page.goto('/dashboard/business/pricing/');
  await expect(page.getByRole('status').filter({ hasText: 'Your plan:' })).toContainText(/Renews on /);
  await expectNoAxeViolations(page);
  await shoot(page, 'business-pricing-manage-billing');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/sandbox\/billing\/bps_test_\w+$/);
  await expect(page.getByText('Test payment — no real card is charged')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage billing');
  await expect(page.getByText('Featured plan, billed monthly')).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await shoot(page, 'sandbox-portal');

  // A declined card is refused like at checkout; 4242 replaces the card.
  await page.getByLabel('Card number').fill(CARDS.declined);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Nora Lindqvist');
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill(CARDS.pays);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('status')).toHaveText('Your card was updated. Your next payments use it.');

  // Cancel: at the end of the period, as the provider's portal does.
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByRole('status')).toContainText('Your plan is canceled.');
  await expect(page.getByText(/^Cancels on /)).toBeVisible();
  await shoot(page, 'sandbox-portal-canceled');
  await page.getByRole('link', { name: 'Return to Versimarket' }).click();
  await expect(page).toHaveURL(/\/dashboard\/business\/pricing\/$/);
  const summary = page.getByRole('status').filter({ hasText: 'Your plan:' });
  await expect(summary).toContainText('Your plan: Featured, billed monthly.');
  await expect(summary).toContainText(/Cancels on \d{1,2} \w{3} \d{4}\./);
  await expect(planCard(page, 'Free').getByText(/You return to Free on /)).toBeVisible();
  await shoot(page, 'business-pricing-cancels-on');

  // Until the period ends the listing stays sponsored; once it ends, it is not.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: 'End the billing period now' }).click();
  await expect(page.getByRole('status')).toContainText('The billing period ended');
  await page.getByRole('link', { name: 'Return to Versimarket' }).click();
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
});

test('a freelancer buys versigems and the account menu counts them', async ({ page }) => {
  test.slow();
  await signUpAndVerify(
    page,
    'freelancer',
    { firstname: 'Ines', lastname: 'Moreau' },
    uniqueEmail('payments-gems'),
    PASSWORD,
  );
  await onboardFreelancer(page.request);
  const before = ((await api(page.request, 'GET', '/api/payments/freelancer/versigems/')) as { balance: number })
    .balance;

  await page.goto('/dashboard/plans/versigems/buy/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy versigems');
  const menu = page.getByRole('button', { name: /account menu/i });
  await menu.click();
  await expect(page.getByRole('link', { name: `Versigems: ${before}` })).toBeVisible();
  await menu.click();
  await expect(page.getByText(`Your balance: ${before} versigems`)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'versigems-buy-before');

  // Two Growth bundles: 2 × (50 + 5 bonus) = 110 versigems for $38.
  await page.getByLabel('How many Growth bundles').selectOption('2');
  await expect(page.getByText('110 versigems for $38')).toBeVisible();
  await page.getByRole('button', { name: 'Buy Growth' }).click();
  await expect(page.getByText(/Growth versigems × 2 \(110 versigems\)/)).toBeVisible();
  await expect(page.getByText('38.00 USD', { exact: false }).first()).toBeVisible();
  await payWith(page, CARDS.pays);

  await expect(page).toHaveURL(/\/payments\/checkout\/success\/\?session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');
  await expect(page.getByText('110 versigems were added to your balance.')).toBeVisible();
  await expect(page.getByText(`Your balance is now ${before + 110} versigems.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'checkout-success-versigems');

  // The header's balance follows without a reload.
  await menu.click();
  await expect(page.getByRole('link', { name: `Versigems: ${before + 110}` })).toBeVisible();
  await page.getByRole('link', { name: `Versigems: ${before + 110}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/plans\/versigems\/buy\/$/);
  await expect(page.getByText(`Your balance: ${before + 110} versigems`)).toBeVisible();
  const history = page.getByRole('table', { name: /versigems history/ });
  const rows = history.getByRole('row');
  await expect(rows.filter({ hasText: 'Growth × 2 (bonus)' })).toContainText('+10');
  await expect(rows.filter({ hasText: 'Growth × 2 (bonus)' })).toContainText(String(before + 110));
  const purchase = rows.filter({ has: page.getByRole('cell', { name: 'Growth × 2', exact: true }) });
  await expect(purchase).toContainText('Purchase');
  await expect(purchase).toContainText('+100');
  await shoot(page, 'versigems-buy-after');
});

test('cancel returns to the canceled page, and the stale checkout cannot be paid', async ({ page, context }) => {
  await aBusinessOnItsDashboard(page, 'cancel');
  await page.goto('/dashboard/business/pricing/');
  await planCard(page, 'Featured').getByRole('button', { name: 'Choose Featured' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_\w+$/);
  // The same checkout left open in a second tab.
  const staleTab = await context.newPage();
  await staleTab.goto(page.url());
  await expect(staleTab.getByRole('button', { name: /^Pay / })).toBeVisible();

  await page.getByRole('link', { name: 'Cancel and return to Versimarket' }).click();
  await expect(page).toHaveURL(/\/payments\/checkout\/canceled\/\?session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout canceled');
  await expect(page.getByText('Nothing was charged to your card.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'checkout-canceled');

  // The stale tab cannot pay it any more, and says why.
  await payWith(staleTab, CARDS.pays);
  await expect(staleTab.getByRole('heading', { level: 1 })).toHaveText('This checkout is closed');
  await expect(staleTab.getByText('it can no longer be paid. Nothing was charged.', { exact: false })).toBeVisible();
  await shoot(staleTab, 'sandbox-checkout-closed');
  await staleTab.close();

  await page.goto('/dashboard/business/pricing/');
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  await expect(planCard(page, 'Featured').getByRole('button', { name: 'Choose Featured' })).toBeEnabled();
});

test('a visitor reads the public pricing without signing in', async ({ page }) => {
  await page.goto('/pricing/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and versigems');
  await expect(planCard(page, 'Pro')).toContainText('$49');
  await expect(planCard(page, 'Pro').getByText('30 proposals a month', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Choose/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'public-pricing');
});
