import { createContext, useContext } from 'react';
import type { FormValues } from './renderer-model.ts';

/**
 * What controls need from a running app (the item editor), beyond their own value: which app and
 * record they belong to, the whole form's values (lookup filters and buttons read other fields) and
 * a way to set other fields (a lookup fills selectFieldsByThisProcess, a button its renderTarget).
 * The form editor's preview has no runtime: controls that need the server show what they will do.
 */
export interface RendererRuntime {
  moduleId: string;
  /** Unset until the record is first saved. */
  recordId?: string;
  /** The form's current values (calculations included). */
  getValues(): FormValues;
  /** Changes several fields at once, as if the user had changed them. */
  setValues(patch: FormValues): void;
}

/** What the item editor passes to FormRenderer; the renderer adds getValues/setValues. */
export type RendererRuntimeInput = Pick<RendererRuntime, 'moduleId' | 'recordId'>;

export const RendererRuntimeContext = createContext<RendererRuntime | null>(null);

/** The running app's runtime, or null in the form editor's preview. */
export const useRendererRuntime = (): RendererRuntime | null => useContext(RendererRuntimeContext);
