import { setupWorker } from 'msw/browser';
import { handlersFor, isScenarioName, scenarios } from './scenarios';

/**
 * Starts MSW in the browser with a named scenario (development only: `?scenario=client`).
 * Calls not covered go on to the network, so the page still reaches Prism or the server.
 */
export async function startMockWorker(name: string): Promise<void> {
  if (!isScenarioName(name)) {
    console.warn(`Unknown mock scenario "${name}". Known: ${Object.keys(scenarios).join(', ')}`);
    return;
  }
  const worker = setupWorker(...handlersFor(name));
  await worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true });
  console.info(`Mock scenario "${name}" is active.`);
}
