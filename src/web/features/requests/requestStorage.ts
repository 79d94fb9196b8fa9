import type { JsonObject } from '@/forms/types';
import { isJsonObject } from '@/forms/types';
import { POSTED_REQUEST_KEY, rememberPostedRequest } from '@/lib/postedRequest';

/**
 * The request flags of spec §4. Drafts outlive the tab (localStorage) so a visitor who signs up
 * and verifies in between submits the same answers; the selected tool and the posted request's
 * reference are the tab's (sessionStorage), as the cookies policy lists them. Storage may be
 * off or full: then nothing is kept and nothing throws.
 */
export const REQUEST_FLAGS = {
  selectedTool: 'service_selected_tool',
  requestRefId: POSTED_REQUEST_KEY,
} as const;

function store(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    if (value === null) store(kind)?.removeItem(key);
    else store(kind)?.setItem(key, value);
  } catch {
    // Private mode or a full quota: the wizard works without it.
  }
}

export interface RequestDraft {
  answers: JsonObject;
  /** The step the visitor was on, so coming back opens it. */
  step: number;
}

export function readDraft(key: string): RequestDraft | null {
  try {
    const parsed: unknown = JSON.parse(read('local', key) ?? 'null');
    if (!isJsonObject(parsed) || !isJsonObject(parsed.answers)) return null;
    return { answers: parsed.answers, step: typeof parsed.step === 'number' ? parsed.step : 0 };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: RequestDraft | null): void {
  write('local', key, draft ? JSON.stringify(draft) : null);
}

/** The tool chosen in a search before opening the wizard: its catalogue id. */
export function selectedToolId(): number | null {
  const raw = read('session', REQUEST_FLAGS.selectedTool);
  if (!raw) return null;
  let candidate: unknown = raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    candidate = isJsonObject(parsed) ? parsed.id : parsed;
  } catch {
    // A bare id.
  }
  const id = Number(candidate);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function rememberRequestRefId(refId: string): void {
  rememberPostedRequest(refId);
}
