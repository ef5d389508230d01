// Quick Report's "Save as report": the definition travels to /report-designer in the router's
// history state (it survives a reload of that entry, and nothing is left behind in storage), and the
// designer opens a new report on it. Only a definition the schema accepts is taken.
import {
  reportDefinitionSchema,
  type ReportDefinition,
  type ReportDefinitionInput,
} from '@formloop/contracts';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { REPORT_DESIGNER_PATH } from '../paths.ts';

const STATE_KEY = 'reportDefinition';

/** Where to go and what to carry to open the designer on an unsaved definition. */
export function designerHandover(definition: ReportDefinitionInput) {
  return { to: REPORT_DESIGNER_PATH, state: { [STATE_KEY]: definition } } as const;
}

/** The definition handed to a new report in the designer, if this visit brought one. */
export function useHandedOverDefinition(): ReportDefinition | null {
  const { state } = useLocation() as { state: unknown };
  return useMemo(() => {
    if (typeof state !== 'object' || state === null || !(STATE_KEY in state)) return null;
    const parsed = reportDefinitionSchema.safeParse((state as Record<string, unknown>)[STATE_KEY]);
    return parsed.success ? parsed.data : null;
  }, [state]);
}
