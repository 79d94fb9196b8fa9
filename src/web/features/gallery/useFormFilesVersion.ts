import { useEffect, useState } from 'react';

/**
 * React Refresh swaps the updated components in a moment after Vite applies an update; reading
 * the files again before that would run the previous modules' loaders.
 */
const AFTER_REFRESH_MS = 100;

/**
 * Counts the development server's hot updates, so the gallery reads a form's files again when
 * one of them changes. Always 0 in a build.
 */
export function useFormFilesVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setVersion((value) => value + 1), AFTER_REFRESH_MS);
    };
    hot.on('vite:afterUpdate', bump);
    return () => {
      clearTimeout(timer);
      // Test runners' stand-ins for `import.meta.hot` may have no `off`.
      if (typeof hot.off === 'function') hot.off('vite:afterUpdate', bump);
    };
  }, []);
  return version;
}
