/** The build-time values the gallery's availability depends on (Vite's `import.meta.env`). */
export interface GalleryEnv {
  DEV?: boolean;
  VITE_FORM_GALLERY?: string | boolean;
}

/**
 * The form gallery (`/dev/forms/`) is for product staff: always there in development, and in a
 * production build only when it was built with `VITE_FORM_GALLERY=1`. Elsewhere it is a 404.
 */
export function formGalleryEnabled(env: GalleryEnv): boolean {
  return env.DEV === true || String(env.VITE_FORM_GALLERY ?? '') === '1';
}
