import type { AppDeps } from './app-deps';

/**
 * The one way a module makes its service: from the part of the app's dependencies it declares
 * (`perApp((deps: Pick<AppDeps, 'db' | 'storage'>) => ...)`), built on first use and the same
 * instance for every request and every module that asks with the same app (or the same test
 * object). Tests that build several apps get one service each.
 */
export function perApp<D extends Partial<AppDeps>, T>(create: (deps: D) => T): (deps: D) => T {
  const instances = new WeakMap<D, T>();
  return (deps) => {
    let instance = instances.get(deps);
    if (instance === undefined) {
      instance = create(deps);
      instances.set(deps, instance);
    }
    return instance;
  };
}

export type { AppDeps };
