/** Built by scripts/vite-form-validators.ts from forms/. */
declare module 'virtual:form-validators' {
  const forms: Record<string, () => Promise<{ default: Record<string, unknown>[] }>>;
  export default forms;
}
