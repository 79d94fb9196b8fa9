import { setupServer } from 'msw/node';
import { handlersFor, type ScenarioName } from './scenarios';

/** The MSW server for component tests; a test switches scenario with `useScenario`. */
export const server = setupServer(...handlersFor('visitor'));

export function useScenario(name: ScenarioName): void {
  server.use(...handlersFor(name));
}
