export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export * from './migrate.ts';
export * from './seed/demo.ts';
export * from './record-storage.ts';
export * from './seed/demo-people.ts';
