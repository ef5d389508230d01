import { z } from 'zod';
import { envelope } from './envelope.ts';

// The example apps Create App offers to start from (issue 25: the template gallery), at
// APPS_PATHS.examples.

/** An example app: starting from it copies it (CopyFrom). */
export const appExampleSchema = z.object({
  id: z.uuid(),
  display_name: z.string(),
  module_description: z.string(),
  app_icon: z.string().nullable(),
});
export type AppExample = z.infer<typeof appExampleSchema>;
export const appExamplesResponseSchema = envelope(z.array(appExampleSchema));
