import { useCallback, useState } from 'react';
import type { JsonObject } from '@/forms/types';
import { readDraft, writeDraft, type RequestDraft } from './requestStorage';

/**
 * The wizard's answers and step, saved on every change under the form's draft key and read
 * back when the visitor returns. `prepare` fills in what the visit brings (a preselected tool),
 * once, when the draft is opened or started over.
 */
export function useRequestDraft(key: string, prepare: (answers: JsonObject) => JsonObject) {
  const [opened] = useState(() => readDraft(key));
  const [draft, setDraft] = useState<RequestDraft>(() => ({
    answers: prepare(opened?.answers ?? {}),
    step: opened?.step ?? 0,
  }));

  const update = useCallback(
    (next: RequestDraft) => {
      setDraft(next);
      writeDraft(key, next);
    },
    [key],
  );

  const clear = useCallback(() => {
    writeDraft(key, null);
    setDraft({ answers: prepare({}), step: 0 });
  }, [key, prepare]);

  return { draft, restored: opened !== null, update, clear };
}
