/** A plain JSON object (not null, not an array): what a form answer or a jsonb column holds. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
