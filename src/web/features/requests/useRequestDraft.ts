import { useCallback, useState } from 'react';
import type { JsonObject } from '@/forms/types';
import { readDraft, writeDraft, type RequestDraft } from './requestStorage';

/**
 * The wizard's answers and step, saved on every change under the form's draft key and read
 * back when the visitor returns. `prepare` fills in what the visit brings (a preselected tool),
 * once, when the draft is opened or started over. Without a key (changing a posted request)
 * nothing is stored: the answers start from `initial` at `initialStep`, and starting over goes
 * back to them.
 */
export function useRequestDraft(
  key: string | null,
  prepare: (answers: JsonObject) => JsonObject,
  initial: JsonObject = {},
  initialStep = 0,
) {
  const [opened] = useState(() => (key ? readDraft(key) : null));
  const [draft, setDraft] = useState<RequestDraft>(() => ({
    answers: prepare(opened?.answers ?? initial),
    step: opened?.step ?? initialStep,
  }));

  const update = useCallback(
    (next: RequestDraft) => {
      setDraft(next);
      if (key) writeDraft(key, next);
    },
    [key],
  );

  const clear = useCallback(() => {
    if (key) writeDraft(key, null);
    setDraft(key ? { answers: prepare({}), step: 0 } : { answers: prepare(initial), step: initialStep });
  }, [key, prepare, initial, initialStep]);

  return { draft, restored: opened !== null, update, clear };
}
