import { z } from 'zod';
import { validateSearch } from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// The two spec §7 calls issue 22 added: the workflow engine's `workflow-definition/create` (the spec
// writes its base as {workflow-engine}; ours is /api/workflow-engine, API_PATHS) and the Editor API's
// `dataentrylookup` (APPS_PATHS.dataEntryLookup).

/** Most activities and connections one definition may hold (a guard against absurd payloads). */
export const MAX_WORKFLOW_ACTIVITIES = 500;
export const MAX_WORKFLOW_CONNECTIONS = 2000;

/** Texts the spec does not quote; the web app translates them by key (tasks:errors.<key>). */
export const WORKFLOW_ENGINE_MESSAGES = {
  definitionEmpty: 'The workflow definition has no activities.',
  definitionInvalid: 'The workflow definition has problems; fix them and create it again.',
  definitionCreated: 'Workflow definition has been created',
} as const;
export type WorkflowEngineMessageKey = keyof typeof WORKFLOW_ENGINE_MESSAGES;

/**
 * POST {workflow-engine}/workflow-definition/create: the designer's payload (what SaveForm's
 * `workflow` holds: activities and connections) for the app `moduleId`. Activities and connections
 * are read leniently, as the designer reads a stored draft, then checked as the designer checks it.
 */
export const createWorkflowDefinitionBodySchema = z.object({
  moduleId: z.string().trim().min(1).max(64),
  definition: z.object({
    activities: z.array(z.record(z.string(), z.unknown())).max(MAX_WORKFLOW_ACTIVITIES),
    connections: z.array(z.record(z.string(), z.unknown())).max(MAX_WORKFLOW_CONNECTIONS).default([]),
  }),
});
export type CreateWorkflowDefinitionBody = z.input<typeof createWorkflowDefinitionBodySchema>;

export const createWorkflowDefinitionResponseSchema = envelope(
  z.object({
    /** The definition's id: the app's, whose draft workflow it now is (one definition per app). */
    id: z.string(),
    module_id: z.string(),
    activity_count: z.number().int(),
    connection_count: z.number().int(),
    modified_on: z.string(),
  }),
);
export type CreatedWorkflowDefinition = z.infer<typeof createWorkflowDefinitionResponseSchema>['data'];

/** GET dataentrylookup: optional search on the app's name (the search character rule applies). */
export const dataEntryLookupQuerySchema = z.object({
  search: z.string().trim().max(100).check(refineWith(validateSearch)).optional(),
});

export const dataEntryAppSchema = z.object({
  module_id: z.string(),
  display_name: z.string(),
  app_icon: z.string().nullable(),
  category_name: z.string().nullable(),
});
export type DataEntryApp = z.infer<typeof dataEntryAppSchema>;
export const dataEntryLookupResponseSchema = envelope(z.array(dataEntryAppSchema));
