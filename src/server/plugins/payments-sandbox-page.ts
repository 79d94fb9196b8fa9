import type { FastifyInstance, FastifyReply } from 'fastify';
import { BRAND } from '../../shared/brand';
import { escapeHtml } from '../email/layout';
import {
  SANDBOX_CHECKOUT_PATH,
  TEST_CARDS,
  withSessionId,
  type CardInput,
  type SandboxProvider,
} from './payments-sandbox';
import type { PaymentSandboxSessionRow } from '../db/schema';

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

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

const SESSION_ID = /^cs_test_[A-Za-z0-9]{8,64}$/;

/**
 * The sandbox provider's hosted checkout page: server-rendered, no JavaScript (the app's CSP
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
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 100) : '');
    const card: CardInput = {
      cardNumber: text('cardNumber'),
      expiry: text('expiry'),
      cvc: text('cvc'),
      name: text('name'),
    };
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
}
