import type { FastifyInstance } from 'fastify';

/**
 * The one way a module makes its service: built once per app, on first use, from what the app
 * holds (database, email, storage, settings), and the same instance for every request and every
 * module that asks. Tests that build several apps get one service each.
 */
export function perApp<T>(create: (app: FastifyInstance) => T): (app: FastifyInstance) => T {
  const instances = new WeakMap<FastifyInstance, T>();
  return (app) => {
    let instance = instances.get(app);
    if (instance === undefined) {
      instance = create(app);
      instances.set(app, instance);
    }
    return instance;
  };
}
