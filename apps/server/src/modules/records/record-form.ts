import type { RecordForm } from '@formloop/contracts';
import { canUseBuilder, type ModuleDefinition, type UserFlags } from '@formloop/domain';
import type { AppRow } from '../apps/index.ts';
import type { RecordActions } from './record-access.ts';
import { hasRunnableWorkflow } from './record-workflow.ts';

// The form an end user fills in. External calls (remote lookups, buttons) may carry credentials in
// their header values and request bodies: only builders see them; the RemoteUrl proxy reads the
// published definition server-side, so blanking them costs the item editor nothing.

/** The definition with external header values and request bodies blanked. */
export function withoutExternalSecrets(definition: ModuleDefinition): ModuleDefinition {
  return {
    ...definition,
    fieldGroups: definition.fieldGroups.map((group) => ({
      ...group,
      fields: group.fields.map((field) =>
        field.external
          ? {
              ...field,
              external: {
                ...field.external,
                headers: (field.external.headers ?? []).map((header) => ({ ...header, value: '' })),
                body: '',
              },
            }
          : field,
      ),
    })),
  };
}

export function toRecordForm(
  app: AppRow,
  moduleVersion: number,
  definition: ModuleDefinition,
  can: RecordActions,
  caller: { flags: UserFlags },
): RecordForm {
  const builder = canUseBuilder(caller.flags);
  return {
    id: app.id,
    display_name: app.displayName,
    module_description: app.moduleDescription,
    app_icon: app.appIcon,
    module_version: moduleVersion,
    definition: builder ? definition : withoutExternalSecrets(definition),
    can: { create: can.create, edit: can.edit, delete: can.delete, configureForAll: builder },
    hasWorkflow: hasRunnableWorkflow(app),
  };
}
