// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { latestEmailTo, parseEmail, readOutbox } from '../../support/outbox';

const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
const compose = async (message: Parameters<typeof transport.sendMail>[0]) =>
  (
    (await transport.sendMail({ from: 'Versimarket <no-reply@versimarket.com>', ...message })).message as Buffer
  ).toString('utf8');

describe('reading .eml files from the outbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const link = `https://market.example.com/auth/verification/${'Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEu'.repeat(2)}/email/?a=1&b=2`;

  it('decodes encoded-word subjects, quoted-printable soft breaks and base64 parts, and finds links', async () => {
    const long = `Grüße, ${'très long '.repeat(20)}`;
    const raw = await compose({
      to: '"Zoë Ångström" <Zoe@Example.com>',
      subject: 'Vérifiez votre adresse — Versimarket',
      text: `${long}\n\nOpen: ${link}\n`,
      html: `<p>${long}</p><a href="${link.replace(/&/g, '&amp;')}">Open</a>`,
    });
    expect(raw).toMatch(/=\?UTF-8\?/);
    expect(raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(raw).toMatch(/=\n/);
    const email = parseEmail('x.eml', raw);
    expect(email.subject).toBe('Vérifiez votre adresse — Versimarket');
    expect(email.text).toContain(long);
    expect(email.html).toContain(`<p>${long}</p>`);
    expect(email.links).toEqual([link]);

    const base64 = await compose({
      to: 'maya@example.com',
      subject: 'Plain',
      text: `Emoji 😀 ${link}`,
      html: `<a href="${link}">x</a>`,
      textEncoding: 'base64',
    });
    expect(base64).toMatch(/Content-Transfer-Encoding: base64/i);
    expect(parseEmail('y.eml', base64).text).toBe(`Emoji 😀 ${link}`);
  });

  it('lists the outbox oldest first and picks the newest email to an address, in any case', async () => {
    writeFileSync(
      join(dir, '20261125T101500123Z-verify-email-aaaa.eml'),
      await compose({ to: 'maya@example.com', subject: 'First', text: 'one', html: '<p>one</p>' }),
    );
    writeFileSync(
      join(dir, '20261125T101500124Z-reset-password-bbbb.eml'),
      await compose({ to: 'maya@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' }),
    );
    writeFileSync(join(dir, '20261125T101500125Z-verify-email-cccc.eml.part'), 'half written');
    expect(readOutbox(dir).map((email) => email.subject)).toEqual(['First', 'Second']);
    expect(latestEmailTo(dir, 'MAYA@example.com')?.subject).toBe('Second');
    expect(latestEmailTo(dir, 'nobody@example.com')).toBeUndefined();
    expect(readOutbox(join(dir, 'missing'))).toEqual([]);
  });
});
