import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the link ("see https://x.io/a."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The http(s) address in `candidate`, or null for anything else. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits text into plain runs and links; only http and https addresses become links. */
export function linkParts(text: string): ({ text: string } | { text: string; href: string })[] {
  const parts: ({ text: string } | { text: string; href: string })[] = [];
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    if (!href || !raw) continue;
    if (start > from) parts.push({ text: text.slice(from, start) });
    parts.push({ text: raw, href });
    from = start + raw.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/**
 * A message's text: as written (line breaks kept by CSS), never read as HTML, web addresses as
 * links that open in a new tab without handing this page to the other site.
 */
export function MessageText({ text }: { text: string }): ReactNode {
  return (
    <p className="message__body">
      {linkParts(text).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
