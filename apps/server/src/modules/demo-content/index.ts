// The public surface of modules/demo-content: server.ts and tests of other modules import only from
// here (eslint: no-restricted-imports); the other files of this folder are its own.
// The demo tenant's example business, made through the product's own API at first start.

export { makeDemoContent } from './demo-seed.ts';
export type { DemoPeopleMade, DemoTarget } from './demo-seed.ts';
