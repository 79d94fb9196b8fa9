/**
 * Reads the `.eml` files the server writes to `DATA_DIR/outbox/` when no SMTP server is set, so
 * API and browser tests can open the links people would click. No dependencies: just enough MIME
 * (headers with encoded words, multipart bodies, quoted-printable and base64) for our own emails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxEmail {
  /** The file name (sortable: a timestamp, then the purpose). */
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text and HTML parts, in order of appearance, without repeats. */
  links: string[];
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Every email in the outbox, oldest first. */
export function readOutbox(outboxDir: string): OutboxEmail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((file) => parseEmail(file, readFileSync(join(outboxDir, file), 'utf8')));
}

/** The newest email to an address (compared case-insensitively), or undefined. */
export function latestEmailTo(outboxDir: string, address: string): OutboxEmail | undefined {
  const wanted = address.toLowerCase();
  return readOutbox(outboxDir)
    .reverse()
    .find((email) => addressesIn(email.to).includes(wanted));
}

/** Polls until an email to the address arrives (count: until there are at least that many). */
export async function waitForEmailTo(
  outboxDir: string,
  address: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<OutboxEmail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const wanted = address.toLowerCase();
  for (;;) {
    const emails = readOutbox(outboxDir).filter((email) => addressesIn(email.to).includes(wanted));
    if (emails.length >= (options.count ?? 1)) return emails[emails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no email to ${address} in ${outboxDir}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export function parseEmail(file: string, source: string): OutboxEmail {
  const message = parsePart(source);
  const parts = leafParts(message);
  const partOf = (type: string) => parts.find((part) => mediaType(part) === type);
  const text = partOf('text/plain');
  const html = partOf('text/html');
  const textBody = text ? decodeBody(text) : '';
  const htmlBody = html ? decodeBody(html) : '';
  return {
    file,
    to: decodeWords(message.headers.get('to') ?? ''),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: textBody,
    html: htmlBody,
    links: linksIn(textBody, htmlBody),
  };
}

function parsePart(source: string): MimePart {
  const split = /\r?\n\r?\n/.exec(source);
  const head = split ? source.slice(0, split.index) : source;
  const body = split ? source.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function mediaType(part: MimePart): string {
  return (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
}

function leafParts(part: MimePart): MimePart[] {
  const contentType = part.headers.get('content-type') ?? '';
  if (!mediaType(part).startsWith('multipart/')) return [part];
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  const sections = part.body.split(new RegExp(`\\r?\\n?--${escapeRegExp(boundary)}(?:--)?[ \\t]*\\r?\\n?`));
  return sections
    .slice(1)
    .filter((section) => section.trim() !== '')
    .flatMap((section) => leafParts(parsePart(section)));
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function addressesIn(header: string): string[] {
  const bracketed = [...header.matchAll(/<([^>]+)>/g)].map((match) => match[1]!);
  const addresses = bracketed.length > 0 ? bracketed : header.split(',');
  return addresses.map((address) => address.trim().toLowerCase()).filter(Boolean);
}

function linksIn(text: string, html: string): string[] {
  const fromText = [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
  const fromHtml = [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) =>
    match[1]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  );
  return [...new Set([...fromText, ...fromHtml])];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
