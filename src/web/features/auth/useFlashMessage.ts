import { useEffect, useState } from 'react';
import { sessionFlags, type SessionFlag } from '@/lib/browserFlags';

/** Reads a one-time message left in session storage, and removes it so it shows only once. */
export function useFlashMessage(flag: SessionFlag): string | null {
  const [message] = useState(() => sessionFlags.get(flag));
  useEffect(() => {
    if (message !== null) sessionFlags.remove(flag);
  }, [flag, message]);
  return message;
}
