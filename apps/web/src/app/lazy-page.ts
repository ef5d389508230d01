import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page component loaded on first render from the module `load` imports (its export `name`). */
export const page = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<NoInfer<P>>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> => lazy(async () => ({ default: (await load())[name] }));
