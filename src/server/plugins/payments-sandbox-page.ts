import type { FastifyInstance, FastifyReply } from 'fastify';
import { BRAND } from '../../shared/brand';
import { escapeHtml } from '../email/layout';
import {
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_PORTAL_PATH,
  TEST_CARDS,
  withSessionId,
  type CardInput,
  type SandboxProvider,
} from './payments-sandbox';
import type {
  PaymentSandboxPortalSessionRow,
  PaymentSandboxSessionRow,
  PaymentSandboxSubscriptionRow,
} from '../db/schema';

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${BRAND.colors.background};color:${BRAND.colors.text}}
main{max-width:440px;margin:40px auto;padding:0 16px}
.banner{background:#fff4d6;border:1px solid #e0b000;border-radius:6px;padding:10px 14px;font-weight:600;margin-bottom:20px}
.card{background:#fff;border:1px solid #e3e8ef;border-radius:10px;padding:24px}
h1{font-size:22px;margin:0 0 4px}
.amount{font-size:28px;font-weight:700;margin:8px 0 20px}
label{display:block;font-weight:600;margin:14px 0 4px}
input,button{font:inherit}
input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #b8c2cf;border-radius:6px;font-size:16px}
input:focus,button:focus,a:focus{outline:3px solid ${BRAND.colors.brand};outline-offset:2px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:${BRAND.colors.brand};color:#fff;font-size:16px;font-weight:700;cursor:pointer}
.error{background:#fde8e8;border:1px solid #c62828;color:#8e1b1b;border-radius:6px;padding:10px 14px;margin-top:16px}
.cancel{display:block;text-align:center;margin-top:16px;color:${BRAND.colors.brandDark}}
.help{font-size:14px;color:${BRAND.colors.muted};margin-top:20px}
h2{font-size:18px;margin:24px 0 4px}
.card h2{margin-top:0}
.card+.card{margin-top:16px}
.status{font-weight:600}
.notice{background:#e7f6ec;border:1px solid #2e7d32;color:#1b5e20;border-radius:6px;padding:10px 14px;margin:0 0 16px}
button.secondary{background:#fff;color:${BRAND.colors.brandDark};border:1px solid #b8c2cf}
button.danger{background:#b3261e}
code{font-size:13px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><p class="banner" role="note">Test payment — no real card is charged</p>${body}</main></body></html>`;
}

const formatAmount = (session: PaymentSandboxSessionRow) =>
  `${(session.amount / 100).toFixed(2)} ${session.currency.toUpperCase()}${
    session.mode === 'subscription' ? ` per ${session.interval ?? 'month'}` : ''
  }`;

function checkoutPage(session: PaymentSandboxSessionRow, values: CardInput = {}, error?: string): string {
  const field = (name: keyof CardInput, label: string, attributes: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(
      name === 'cardNumber' || name === 'cvc' ? '' : (values[name] ?? ''),
    )}" ${attributes} required${error ? ' aria-describedby="payment-error"' : ''}>`;
  return page(
    `Pay ${BRAND.productName}`,
    `<div class="card"><h1>Pay ${escapeHtml(BRAND.productName)}</h1>
<p>${escapeHtml(session.description)}</p>
<p class="amount">${escapeHtml(formatAmount(session))}</p>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${escapeHtml(session.id)}" novalidate>
${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"')}
<div class="row"><div>${field('expiry', 'Expiry (MM / YY)', 'autocomplete="cc-exp" placeholder="12 / 34"')}</div>
<div>${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}</div></div>
${field('name', 'Name on card', 'autocomplete="cc-name"')}
${error ? `<p class="error" id="payment-error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Pay ${escapeHtml(formatAmount(session))}</button>
</form>
<a class="cancel" href="${escapeHtml(withSessionId(session.cancelUrl, session.id))}">Cancel and return to ${escapeHtml(
      BRAND.productName,
    )}</a>
<div class="help"><p>Test cards: <code>${spaced(TEST_CARDS.pays)}</code> pays; <code>${spaced(
      TEST_CARDS.declined,
    )}</code> is declined; <code>${spaced(TEST_CARDS.insufficientFunds)}</code> has insufficient funds. Any future expiry, any 3 or 4 digit CVC.</p></div></div>`,
  );
}

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

function closedPage(session: PaymentSandboxSessionRow, status: 'complete' | 'expired'): string {
  const paid = status === 'complete';
  const next = paid ? withSessionId(session.successUrl, session.id) : withSessionId(session.cancelUrl, session.id);
  return page(
    paid ? 'This checkout is already paid' : 'This checkout is closed',
    `<div class="card"><h1>${paid ? 'This checkout is already paid' : 'This checkout is closed'}</h1>
<p>${
      paid
        ? 'It was paid once and cannot be paid again. Nothing more was charged.'
        : 'It expired or was canceled, so it can no longer be paid. Nothing was charged. Start a new checkout from the app.'
    }</p>
<a class="cancel" href="${escapeHtml(next)}">Return to ${escapeHtml(BRAND.productName)}</a></div>`,
  );
}

const notFoundPage = () =>
  page(
    'Checkout not found',
    `<div class="card"><h1>Checkout not found</h1><p>This checkout link is not valid. Start a new checkout from the app.</p></div>`,
  );

const formatDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const PORTAL_NOTICES = {
  card: 'Your card was updated. Your next payments use it.',
  canceled: 'Your plan is canceled. It stays on until the end of the period you paid for.',
  renewed: 'Your plan renews again.',
  ended: 'The billing period ended and your plan is over.',
} as const;

export type PortalNotice = keyof typeof PORTAL_NOTICES;

function cardFields(values: CardInput, error?: string): string {
  const field = (name: keyof CardInput, label: string, attributes: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(
      name === 'cardNumber' || name === 'cvc' ? '' : (values[name] ?? ''),
    )}" ${attributes} required${error ? ' aria-describedby="card-error"' : ''}>`;
  return `${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"')}
<div class="row"><div>${field('expiry', 'Expiry (MM / YY)', 'autocomplete="cc-exp" placeholder="12 / 34"')}</div>
<div>${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}</div></div>
${field('name', 'Name on card', 'autocomplete="cc-name"')}
${error ? `<p class="error" id="card-error" role="alert">${escapeHtml(error)}</p>` : ''}`;
}

function subscriptionCard(portalId: string, subscription: PaymentSandboxSubscriptionRow): string {
  const action = (name: string, label: string, className = '') =>
    `<form method="post" action="${SANDBOX_PORTAL_PATH}/${escapeHtml(portalId)}/subscription/${escapeHtml(
      subscription.id,
    )}/${name}"><button type="submit"${className ? ` class="${className}"` : ''}>${label}</button></form>`;
  const price = `${(subscription.amount / 100).toFixed(2)} ${subscription.currency.toUpperCase()} per ${subscription.interval}`;
  const end = formatDate(subscription.currentPeriodEnd);
  return `<section class="card" aria-labelledby="plan-${escapeHtml(subscription.id)}">
<h2 id="plan-${escapeHtml(subscription.id)}">${escapeHtml(subscription.description)}</h2>
<p>${escapeHtml(price)}</p>
<p class="status">${subscription.cancelAtPeriodEnd ? `Cancels on ${end}` : `Renews on ${end}`}</p>
<p>Card on file: •••• ${escapeHtml(subscription.cardLast4)}</p>
${
  subscription.cancelAtPeriodEnd
    ? `${action('renew', 'Renew plan')}
<div class="help"><p>Test only: end the billing period now, as the provider does on ${end}.</p></div>
${action('end-period', 'End the billing period now', 'secondary')}`
    : `<p class="help">If you cancel, the plan stays on until ${end} and is not renewed.</p>
${action('cancel', 'Cancel plan', 'danger')}`
}
</section>`;
}

function portalPage(
  portal: { session: PaymentSandboxPortalSessionRow; subscriptions: PaymentSandboxSubscriptionRow[] },
  options: { notice?: PortalNotice; card?: CardInput; cardError?: string } = {},
): string {
  const id = portal.session.id;
  return page(
    `Billing · ${BRAND.productName}`,
    `<h1>Manage billing</h1>
${options.notice ? `<p class="notice" role="status">${PORTAL_NOTICES[options.notice]}</p>` : ''}
${
  portal.subscriptions.length > 0
    ? portal.subscriptions.map((subscription) => subscriptionCard(id, subscription)).join('\n')
    : '<section class="card"><p>You have no subscription that is still running.</p></section>'
}
${
  portal.subscriptions.length > 0
    ? `<section class="card" aria-labelledby="card-heading"><h2 id="card-heading">Payment method</h2>
<form method="post" action="${SANDBOX_PORTAL_PATH}/${escapeHtml(id)}/card" novalidate>
${cardFields(options.card ?? {}, options.cardError)}
<button type="submit">Update card</button>
</form>
<div class="help"><p>Test cards: <code>${spaced(TEST_CARDS.pays)}</code> is accepted; <code>${spaced(
        TEST_CARDS.declined,
      )}</code> is declined. Any future expiry, any 3 or 4 digit CVC.</p></div></section>`
    : ''
}
<a class="cancel" href="${escapeHtml(portal.session.returnUrl)}">Return to ${escapeHtml(BRAND.productName)}</a>`,
  );
}

const portalNotFoundPage = () =>
  page(
    'Billing link not valid',
    `<div class="card"><h1>Billing link not valid</h1><p>This billing link is unknown or expired. Open Manage billing again from the app.</p></div>`,
  );

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

const SESSION_ID = /^cs_test_[A-Za-z0-9]{8,64}$/;
const PORTAL_ID = /^bps_test_[A-Za-z0-9]{8,64}$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9_]{8,64}$/;
const SUBSCRIPTION_ACTIONS = ['cancel', 'renew', 'end-period'] as const;

const formText = (body: unknown) => {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).slice(0, 100) : '');
};
const cardOf = (body: unknown): CardInput => {
  const text = formText(body);
  return { cardNumber: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
};

/**
 * The sandbox provider's hosted checkout page and billing portal: server-rendered, no JavaScript (the app's CSP
 * applies: inline styles only), posting to itself; a paid, expired or canceled session shows
 * why it cannot be paid instead of the form.
 */
export default async function sandboxPage(app: FastifyInstance, { provider }: { provider: SandboxProvider }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get<{ Params: { id: string } }>(`${SANDBOX_CHECKOUT_PATH}/:id`, async (request, reply) => {
    const session = SESSION_ID.test(request.params.id) ? await provider.session(request.params.id) : null;
    if (!session) return html(reply, 404, notFoundPage());
    if (session.status !== 'open') return html(reply, 410, closedPage(session, session.status));
    return html(reply, 200, checkoutPage(session));
  });

  app.post<{ Params: { id: string }; Body: unknown }>(`${SANDBOX_CHECKOUT_PATH}/:id`, async (request, reply) => {
    if (!SESSION_ID.test(request.params.id)) return html(reply, 404, notFoundPage());
    const card = cardOf(request.body);
    const outcome = await provider.pay(request.params.id, card);
    switch (outcome.kind) {
      case 'unknown':
        return html(reply, 404, notFoundPage());
      case 'not-open':
        return html(reply, 410, closedPage(outcome.session, outcome.status));
      case 'refused': {
        const session = await provider.session(request.params.id);
        if (!session) return html(reply, 404, notFoundPage());
        return html(reply, 402, checkoutPage(session, card, outcome.message));
      }
      case 'paid':
        return reply.redirect(outcome.redirect, 303);
    }
  });

  // The billing portal: the customer's subscriptions, a card form, cancel or renew; each form
  // posts, then redirects back to the page with what it did (so a reload does not post again).
  app.get<{ Params: { id: string }; Querystring: { done?: string } }>(
    `${SANDBOX_PORTAL_PATH}/:id`,
    async (request, reply) => {
      const portal = PORTAL_ID.test(request.params.id) ? await provider.portal(request.params.id) : null;
      if (!portal) return html(reply, 404, portalNotFoundPage());
      const done = request.query.done;
      const notice =
        done === 'card' || done === 'canceled' || done === 'renewed' || done === 'ended' ? done : undefined;
      return html(reply, 200, portalPage(portal, { notice }));
    },
  );

  app.post<{ Params: { id: string }; Body: unknown }>(`${SANDBOX_PORTAL_PATH}/:id/card`, async (request, reply) => {
    if (!PORTAL_ID.test(request.params.id)) return html(reply, 404, portalNotFoundPage());
    const card = cardOf(request.body);
    const outcome = await provider.replaceCard(request.params.id, card);
    if (outcome.kind === 'done') return reply.redirect(`${SANDBOX_PORTAL_PATH}/${request.params.id}?done=card`, 303);
    const portal = await provider.portal(request.params.id);
    if (outcome.kind === 'unknown' || !portal) return html(reply, 404, portalNotFoundPage());
    return html(reply, 402, portalPage(portal, { card, cardError: outcome.message }));
  });

  app.post<{ Params: { id: string; subscriptionId: string; action: string }; Body: unknown }>(
    `${SANDBOX_PORTAL_PATH}/:id/subscription/:subscriptionId/:action`,
    async (request, reply) => {
      const { id, subscriptionId, action } = request.params;
      const known = (SUBSCRIPTION_ACTIONS as readonly string[]).includes(action);
      if (!PORTAL_ID.test(id) || !SUBSCRIPTION_ID.test(subscriptionId) || !known) {
        return html(reply, 404, portalNotFoundPage());
      }
      const outcome = await provider.changeSubscription(
        id,
        subscriptionId,
        action as (typeof SUBSCRIPTION_ACTIONS)[number],
      );
      if (outcome.kind !== 'done') return html(reply, 404, portalNotFoundPage());
      return reply.redirect(`${SANDBOX_PORTAL_PATH}/${id}?done=${outcome.notice}`, 303);
    },
  );
}
