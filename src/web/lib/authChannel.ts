/**
 * Tells the other open tabs of this site that the user signed in or out (spec §4: auth state is
 * mirrored across tabs). BroadcastChannel where the browser has it, else the `storage` event.
 */
export type AuthEvent = 'signed-in' | 'signed-out';

const CHANNEL_NAME = 'auth';
/** localStorage key used only by the fallback; its value changes on every event so `storage` fires. */
const STORAGE_KEY = 'auth_event';

function isAuthEvent(value: unknown): value is AuthEvent {
  return value === 'signed-in' || value === 'signed-out';
}

export interface AuthChannel {
  post(event: AuthEvent): void;
  close(): void;
}

export function openAuthChannel(onEvent: (event: AuthEvent) => void): AuthChannel {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (message: MessageEvent<unknown>) => {
      if (isAuthEvent(message.data)) onEvent(message.data);
    };
    return { post: (event) => channel.postMessage(event), close: () => channel.close() };
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      const parsed = JSON.parse(event.newValue) as { event?: unknown };
      if (isAuthEvent(parsed.event)) onEvent(parsed.event);
    } catch {
      // Someone else's value under our key: not an auth event.
    }
  };
  window.addEventListener('storage', onStorage);
  return {
    post: (event) => {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ event, at: Date.now() }));
      } catch {
        // Storage disabled: other tabs catch up on their next session check.
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}
