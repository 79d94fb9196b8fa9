import { useCallback, useEffect, useRef } from 'react';

/**
 * After Next or Back, focus goes to the new step's title so keyboard and screen reader users
 * start there. `heading` goes on the title; `willMove` is called before the step changes.
 */
export function useStepFocus(current: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [current]);

  const willMove = useCallback(() => {
    moved.current = true;
  }, []);

  return { heading, willMove };
}
