import {
  AFFILIATE_MESSAGES,
  type AdminAffiliateSalesResponse,
  COMMISSION_TIERS,
  FAQ_ITEMS,
  formatNaira,
  statementMonthOf,
} from '@acres/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type PageOptions, useBrowserApp, type Viewport } from './fixtures/app';
import { atBothWidths } from './fixtures/widths';
import { waitForExpression, saveScreenshot, VIEWPORTS } from './harness';
import { chooseOption as chooseSelectOption } from './fixtures/select';
import { waitForErrorFocus } from './fixtures/error-focus';
import { sentAffiliateRegistration } from '@acres/fixtures';
import { clickAndAwaitPost, submitAndReadPost } from './fixtures/posted';

const app = useBrowserApp();

// ---- helpers ----

const newPage = (viewport: Viewport = VIEWPORTS.desktop, options: PageOptions = {}) => app.newPage(viewport, options);

const url = app.url;
const toast = (page: Page) => page.getByTestId('toast');
const fieldError = (page: Page, field: string) => page.locator(`[data-field="${field}"] [role="alert"]`);

/** The control labelled exactly `text` (the visual '*' of required fields aside). */
const byLabel = (page: Page, text: string) => page.getByLabel(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await chooseSelectOption(page, byLabel(page, label), option);
}

/** Waits for enter animations (dialogs, toasts) so screenshots show the settled page. */
async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  // A string, not a function: the test runner's transform would leak helpers into the page.
  await waitForExpression(
    page,
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
    5000,
  );
  // A page scrolled by earlier clicks would draw its sticky header mid-way down a full-page shot.
  if (options.fullPage !== false) await page.evaluate('window.scrollTo(0, 0)');
  await saveScreenshot(page, name, options);
}

let userCount = 0;
function newUser(firstName: string) {
  userCount += 1;
  return {
    firstName,
    lastName: 'Bakare',
    email: `${firstName.toLowerCase()}.${Date.now()}.${userCount}@example.com`,
    password: 'referral-2024-safe',
  };
}

async function fillRegistration(page: Page): Promise<void> {
  await byLabel(page, 'Phone number').pressSequentially('08031234567');
  await chooseOption(page, 'Bank', 'Zenith Bank');
  await byLabel(page, 'Account number').fill('0123456789');
  await byLabel(page, 'Account name').fill('Tunde Bakare');
  await chooseOption(page, 'Marketing experience', 'Intermediate');
  await byLabel(page, 'Marketing channels').fill('Two WhatsApp groups of Lagos developers and my Instagram page');
  await page.getByTestId('agree-terms').check();
}

/** Registers the signed-in page's user as an affiliate through the API; answers the referral code. */
async function registerByApi(page: Page): Promise<string> {
  const response = await page.context().request.post(url('/api/affiliate/register'), {
    data: {
      full_name: 'Ngozi Bakare',
      phone_number: '+2348091234567',
      bank_name: 'Access Bank',
      account_number: '9876543210',
      account_name: 'Ngozi Bakare',
      marketing_experience: 'expert',
      marketing_channels: 'Realtor network across Lagos and Abuja',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { affiliate: { referralCode: string } }).affiliate.referralCode;
}

function adminHeaders(): Record<string, string> {
  return { authorization: app.adminAuthorization(), 'content-type': 'application/json' };
}

/** The admin's list catches up with the projector; poll until the sale shows. */
async function findPendingSale(clientName: string): Promise<string> {
  let saleId: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(url('/api/admin/affiliate-sales?status=pending'), { headers: adminHeaders() });
        expect(response.status).toBe(200);
        const body = (await response.json()) as AdminAffiliateSalesResponse;
        saleId = body.sales.find((sale) => sale.clientName === clientName)?.id;
        return saleId;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return saleId!;
}

/** Reloads until `read` gives `expected`: the projector may be a moment behind an out-of-band write. */
async function pollWithReload(page: Page, read: () => Promise<string | null>, expected: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const value = await read().catch(() => null);
        if (value !== expected) {
          await page.reload();
          await page.getByTestId('referral-link').waitFor();
        }
        return value;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(expected);
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

const statValue = (page: Page, id: string) => page.getByTestId(`${id}-value`).textContent();

// ---- tests ----

describe('the affiliate landing page', () => {
  it('shows the tiers, how it works and sign-up links to the login with a return to onboarding, at 390 and 1280 px', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(url('/affiliate'));
    await page.getByTestId('affiliate-hero').waitFor();
    await atBothWidths(page, async ({ width }) => {
      const tiers = page.getByTestId('commission-tier');
      await expect.poll(() => tiers.count()).toBe(COMMISSION_TIERS.length);
      await expect.poll(() => page.getByTestId('commission-tiers').textContent()).toMatch(/5%.*7\.5%.*10%/s);
      await expect.poll(() => tiers.nth(1).textContent()).toContain('From your 10th to your 24th verified sale');
      await expect.poll(() => page.getByTestId('affiliate-step').count()).toBe(4);
      for (const id of ['affiliate-signup', 'affiliate-signup-cta', 'affiliate-signup-nav']) {
        await expect.poll(() => page.getByTestId(id).getAttribute('href')).toBe('/api/login?returnTo=/affiliate/onboarding');
      }
      if (width === VIEWPORTS.phone.width) await expectNoSidewaysScroll(page);
      await shoot(page, `affiliate-landing-${width}`);
    });
  });
});

describe('the affiliate area when signed out', () => {
  it('sends the dashboard and the resources page to /affiliate', async () => {
    const page = await newPage();
    await page.goto(url('/affiliate/dashboard'));
    await page.waitForURL(url('/affiliate'));
    await page.getByTestId('affiliate-hero').waitFor();
    await page.goto(url('/affiliate/resources'));
    await page.waitForURL(url('/affiliate'));
  });

  it('sends onboarding to the login, which comes back to onboarding', async () => {
    const page = await newPage();
    await page.goto(url('/affiliate/onboarding'));
    await page.waitForURL((u) => u.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/affiliate/onboarding');
  });
});

describe('the affiliate journey', () => {
  it('signs up, registers, copies the link, reports a sale that the admin verifies, and sees the 5% commission in stats and statement', async () => {
    const page = await newPage(VIEWPORTS.desktop, { clipboard: true });
    const user = newUser('Tunde');

    // Sign up through the landing page's button and the server login.
    await page.goto(url('/affiliate'));
    await page.getByTestId('affiliate-signup').click();
    await page.waitForURL((u) => u.pathname === '/signin');
    await page.getByTestId('tab-signup').click();
    const signup = page.getByTestId('signup-form');
    await signup.getByLabel('First name').fill(user.firstName);
    await signup.getByLabel('Last name').fill(user.lastName);
    await signup.getByLabel('Email').fill(user.email);
    await signup.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('signup-submit').click();
    // Sign-up signs nobody in: check your email, then sign in with the new password.
    await page.getByTestId('signup-accepted-signin').click();
    const signin = page.getByTestId('signin-form');
    await signin.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL(url('/affiliate/onboarding'));

    // Onboarding: the SPEC messages on an empty submit, the name taken from the account.
    const form = page.getByTestId('affiliate-registration-form');
    await form.waitFor();
    await expect.poll(() => byLabel(page, 'Full name').inputValue()).toBe('Tunde Bakare');
    await page.getByTestId('affiliate-register-submit').click();
    await expect.poll(() => fieldError(page, 'phone_number').textContent()).toBe(AFFILIATE_MESSAGES.phoneNumber);
    await expect.poll(() => fieldError(page, 'bank_name').textContent()).toBe(AFFILIATE_MESSAGES.bankName);
    await expect.poll(() => fieldError(page, 'account_number').textContent()).toBe(AFFILIATE_MESSAGES.accountNumber);
    await expect.poll(() => fieldError(page, 'marketing_channels').textContent()).toBe(AFFILIATE_MESSAGES.marketingChannels);
    await expect.poll(() => fieldError(page, 'agree_terms').textContent()).toBe(AFFILIATE_MESSAGES.agreeTerms);
    await waitForErrorFocus(page);
    await fillRegistration(page);
    await expect.poll(() => page.locator('[data-field] [role="alert"]').count()).toBe(0);
    await shoot(page, 'affiliate-onboarding-1280');

    const { response: registered, sent } = await submitAndReadPost(
      page,
      'affiliate-register-submit',
      '/api/affiliate/register',
      201,
    );
    expect(sent).toEqual(sentAffiliateRegistration('Two WhatsApp groups of Lagos developers and my Instagram page'));
    const code = ((await registered.json()) as { affiliate: { referralCode: string } }).affiliate.referralCode;
    expect(code).toMatch(/^[A-Z0-9]{1,10}$/);
    await expect.poll(() => toast(page).textContent()).toContain('Registration Successful!');
    await page.waitForURL(url('/affiliate/dashboard'));

    // The referral link, copied.
    const link = `${app.server.baseUrl}/?ref=${code}`;
    await expect.poll(() => page.getByTestId('referral-link').inputValue()).toBe(link);
    await expect.poll(() => page.getByTestId('profile-code').textContent()).toBe(code);
    await expect.poll(() => page.getByTestId('affiliate-status').textContent()).toBe('active');
    const copy = page.getByTestId('copy-referral-link');
    await copy.click();
    await expect.poll(() => toast(page).textContent()).toContain('Link copied!');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    await expect.poll(() => copy.textContent()).toBe('Copied!');
    // SPEC 4: the feedback lasts 2 seconds.
    await expect.poll(() => copy.textContent(), { timeout: 4000 }).toBe('Copy link');
    const share = async (id: string) => new URL((await page.getByTestId(`share-${id}`).getAttribute('href'))!);
    expect((await share('whatsapp')).searchParams.get('text')).toContain(link);
    expect((await share('twitter')).searchParams.get('url')).toBe(link);
    expect((await share('facebook')).searchParams.get('u')).toBe(link);
    expect((await share('linkedin')).searchParams.get('url')).toBe(link);
    expect((await share('email')).searchParams.get('body')).toContain(link);
    await expect.poll(() => statValue(page, 'stat-total-sales')).toBe('0');

    // Report New Sale: defaults of SPEC 5, then a 2.5-acre sale.
    await page.getByTestId('report-sale-open').click();
    const dialog = page.getByRole('dialog', { name: 'Report New Sale' });
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('sale-acres').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('sale-acres').getAttribute('step')).toBe('0.5');
    await expect.poll(() => page.getByTestId('sale-amount').inputValue()).toBe('500000');
    // Today in Lagos, as every date of the site (issue 11), whatever the browser's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    await expect.poll(() => byLabel(page, 'Transaction date').inputValue()).toBe(today);
    await byLabel(page, 'Client name').fill('Chinedu Eze');
    await byLabel(page, 'Client phone').pressSequentially('08051234567');
    await page.getByTestId('sale-acres').fill('2.5');
    await page.getByTestId('sale-amount').fill('2500000');
    await shoot(page, 'affiliate-report-sale-1280', { fullPage: false });
    const reported = await clickAndAwaitPost(page, 'report-sale-submit', '/api/affiliate/report-sale');
    expect(reported.status()).toBe(201);
    expect(reported.request().postDataJSON()).toEqual({
      clientName: 'Chinedu Eze',
      clientPhone: '+2348051234567',
      acres: 2.5,
      amountPaid: 2_500_000,
      paymentPlan: 'outright',
      transactionDate: today,
    });
    await expect.poll(() => toast(page).textContent()).toContain('Sale Reported Successfully!');
    await expect.poll(() => toast(page).textContent()).toContain('Check your dashboard for the outcome');
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page.getByTestId('sale-row').filter({ hasText: 'Chinedu Eze' });
    await expect.poll(() => row.getByTestId('sale-status').getAttribute('data-status')).toBe('pending');
    await expect.poll(() => statValue(page, 'stat-total-sales')).toBe('1');
    await expect.poll(() => page.getByTestId('stat-pending-sales').textContent()).toBe('1 pending');

    // The admin verifies it through the real API.
    const saleId = await findPendingSale('Chinedu Eze');
    const decided = await fetch(url(`/api/admin/affiliate-sales/${saleId}/status`), {
      method: 'PUT',
      headers: adminHeaders(),
      body: JSON.stringify({ status: 'verified', notes: 'Escrow receipt matched' }),
    });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({
      id: saleId,
      status: 'verified',
      commissionRate: 5,
      computedCommission: 125_000,
    });

    // After a reload: stats, the sales table and this month's statement carry the 5% commission.
    const commission = formatNaira(125_000);
    await pollWithReload(page, () => statValue(page, 'stat-total-commissions'), commission);
    await expect.poll(() => statValue(page, 'stat-verified-sales')).toBe('1');
    await expect.poll(() => page.getByTestId('stat-pending-sales').textContent()).toBe('0 pending');
    await expect.poll(() => statValue(page, 'stat-acres-sold')).toBe('2.5 acres');
    await expect.poll(() => row.getByTestId('sale-status').getAttribute('data-status')).toBe('verified');
    // The commission with its rate and where it stands: verified, not in a payout batch yet (issue 12).
    await expect.poll(() => row.getByTestId('sale-commission').textContent()).toBe(`${commission}(5%)Verified, awaiting payout`);
    const statementRow = page.getByTestId('statement-row').filter({ hasText: 'Chinedu Eze' });
    await expect.poll(() => statementRow.getByTestId('statement-rate').textContent()).toBe('5%');
    await expect.poll(() => page.getByTestId('statement-total-commission').textContent()).toBe(commission);
    const month = statementMonthOf(new Date());
    const csvHref = await page.getByTestId('statement-csv').getAttribute('href');
    expect(csvHref).toBe(`/api/affiliate/statements.csv?month=${month}`);
    const csv = await page.context().request.get(url(csvHref!));
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain('Chinedu Eze');
    await expect.poll(() => page.getByTestId('next-sale-rate').textContent()).toBe('5%');
    await shoot(page, 'affiliate-dashboard-1280');

    // Marketing resources: the figures, the messages with this affiliate's link, the FAQ.
    await page.getByTestId('quick-resources').click();
    await page.waitForURL(url('/affiliate/resources'));
    await page.getByTestId('offer-figures').waitFor();
    const figures = await page.getByTestId('offer-figures').textContent();
    for (const figure of ['₦3.5M vs ₦7.5M', '200 acres', '10 partners', 'Escrow', '45-60 days', '20 acres', '₦70M']) {
      expect(figures).toContain(figure);
    }
    for (const id of ['whatsapp', 'sms', 'email']) {
      await expect.poll(() => page.getByTestId(`message-${id}`).getByTestId('message-body').textContent()).toContain(link);
    }
    await page.getByTestId('copy-message-sms').click();
    await expect.poll(() => toast(page).textContent()).toContain('Message copied!');
    expect(await page.evaluate('navigator.clipboard.readText()')).toContain(link);
    await expect.poll(() => page.getByTestId('resources-faq-item').count()).toBe(FAQ_ITEMS.length);
    await shoot(page, 'affiliate-resources-1280');

    // Attribution through a real browser: a visitor arrives through the link and reserves a slot.
    const visitor = await newPage();
    await visitor.goto(link);
    await visitor.getByTestId('hero').waitFor();
    // A later link of another affiliate does not take the referral over (first click wins).
    await visitor.goto(url('/privacy?ref=OTHER123'));
    await visitor.getByTestId('privacy').waitFor();
    await visitor.goto(url('/'));
    await visitor.getByTestId('nav-reserve').click();
    await visitor.getByRole('dialog', { name: 'Reserve Your Slot' }).waitFor();
    await byLabel(visitor, 'Full name').fill('Adaeze Okafor');
    await byLabel(visitor, 'Email').fill(`adaeze.${Date.now()}@example.com`);
    await byLabel(visitor, 'Phone (WhatsApp)').pressSequentially('08031234567');
    await chooseOption(visitor, 'I am a', 'Investor');
    await byLabel(visitor, 'Intended acres').fill('20');
    await chooseOption(visitor, 'Commitment timeline', 'Within 7 days');
    await visitor.getByTestId('lead-consent').check();
    const lead = await clickAndAwaitPost(visitor, 'lead-submit', '/api/leads');
    expect(lead.status()).toBe(201);
    expect((lead.request().postDataJSON() as { referralCode?: string }).referralCode).toBe(code);

    await page.goto(url('/affiliate/dashboard'));
    await page.getByTestId('referral-link').waitFor();
    await pollWithReload(page, () => page.getByTestId('stat-referred-leads').textContent(), '1');
    await expect.poll(() => page.getByTestId('stat-referred-applications').textContent()).toBe('0');

    // Logout (POST /api/logout), then the dashboard is closed again.
    await page.getByTestId('affiliate-logout').click();
    await expect.poll(() => toast(page).textContent()).toContain('Logged out successfully');
    await page.waitForURL(url('/affiliate'));
    await page.goto(url('/affiliate/dashboard'));
    await page.waitForURL(url('/affiliate'));
  }, 300_000);

  it('reports a registration that lost the race and a sale report that failed, and routes each user to their page', async () => {
    const page = await newPage();
    await app.signUpInPage(page, newUser('Ngozi'));
    // No profile yet: the dashboard sends the user to onboarding.
    await page.goto(url('/affiliate/dashboard'));
    await page.waitForURL(url('/affiliate/onboarding'));
    await page.getByTestId('affiliate-registration-form').waitFor();
    await fillRegistration(page);
    // The same user registers from elsewhere before this form is sent: 409.
    await registerByApi(page);
    await page.getByTestId('affiliate-register-submit').click();
    await expect.poll(() => toast(page).textContent()).toContain('Registration Failed');
    await expect.poll(() => toast(page).textContent()).toContain('You are already registered as an affiliate');
    await page.waitForURL(url('/affiliate/dashboard'));
    // A user with a profile is sent from onboarding to the dashboard.
    await page.goto(url('/affiliate/onboarding'));
    await page.waitForURL(url('/affiliate/dashboard'));
    await page.getByTestId('referral-link').waitFor();

    // A browser that refuses both the Clipboard API and execCommand: SPEC 8 'Failed to copy'.
    await page.evaluate(
      "navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); document.execCommand = () => false;",
    );
    await page.getByTestId('copy-referral-link').click();
    await expect.poll(() => toast(page).textContent()).toContain('Failed to copy');
    await expect.poll(() => page.getByTestId('copy-referral-link').textContent()).toBe('Copy link');

    await page.getByTestId('report-sale-open').click();
    await page.getByRole('dialog', { name: 'Report New Sale' }).waitFor();
    await page.getByTestId('report-sale-submit').click();
    await expect.poll(() => fieldError(page, 'clientName').textContent()).toBe('Client name must be at least 2 characters');
    await waitForErrorFocus(page);
    await byLabel(page, 'Client name').fill('Musa Bello');
    await byLabel(page, 'Client phone').pressSequentially('08171234567');
    await page.context().clearCookies(); // the session ends while the dialog is open
    await page.getByTestId('report-sale-submit').click();
    await expect.poll(() => toast(page).textContent()).toContain('Failed to Report Sale');
    await expect.poll(() => page.getByRole('dialog', { name: 'Report New Sale' }).isVisible()).toBe(true);
  });

  it('shows onboarding, dashboard and resources on a phone (390 px)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await app.signUpInPage(page, newUser('Kemi'));
    await page.goto(url('/affiliate/onboarding'));
    await page.getByTestId('affiliate-registration-form').waitFor();
    await page.getByTestId('affiliate-register-submit').click();
    await expect.poll(() => fieldError(page, 'phone_number').textContent()).toBe(AFFILIATE_MESSAGES.phoneNumber);
    await waitForErrorFocus(page);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'affiliate-onboarding-errors-390');
    await fillRegistration(page);
    await shoot(page, 'affiliate-onboarding-390');
    await page.getByTestId('affiliate-register-submit').click();
    await page.waitForURL(url('/affiliate/dashboard'));
    await page.getByTestId('referral-link').waitFor();
    await page.getByTestId('quick-report-sale').click();
    await page.getByRole('dialog', { name: 'Report New Sale' }).waitFor();
    await byLabel(page, 'Client name').fill('Bola Ade');
    await byLabel(page, 'Client phone').pressSequentially('09021234567');
    await page.getByTestId('report-sale-submit').click();
    await expect.poll(() => toast(page).textContent()).toContain('Sale Reported Successfully!');
    await page.getByTestId('sale-item').filter({ hasText: 'Bola Ade' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'affiliate-dashboard-390');
    await page.getByRole('link', { name: 'Resources', exact: true }).click();
    await page.waitForURL(url('/affiliate/resources'));
    await page.getByTestId('offer-figures').waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'affiliate-resources-390');
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
