import {
  createField,
  type ActivityPermission,
  type FieldType,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import { render } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { FormRenderer, type FormRendererProps } from '../form-renderer.tsx';

/** A payload field as the editor saves it: catalogue defaults, a label, a place in its group. */
export function payloadField(
  type: FieldType,
  name: string,
  label: string,
  extra: Partial<PayloadField> = {},
): PayloadField {
  return {
    ...createField(type, `id-${name}`, name),
    fieldName: label,
    displayName: label,
    label,
    editorType: type,
    rowIndex: 0,
    columnIndex: 0,
    isTable: false,
    ...extra,
  };
}

export function payloadGroup(
  name: string,
  fields: PayloadField[],
  extra: Partial<PayloadGroup> = {},
): PayloadGroup {
  return {
    displayName: name,
    sectionIndex: 0,
    name,
    orderIndex: 0,
    isTable: false,
    minimumRowCount: 0,
    maximumRowCount: 0,
    ...extra,
    fields: fields.map((field) => ({ ...field, isTable: Boolean(extra.isTable) })),
  };
}

/** Fields stacked one per row. */
export const stacked = (fields: PayloadField[]) => fields.map((field, rowIndex) => ({ ...field, rowIndex }));

export function definitionOf(groups: PayloadGroup[], permission: ActivityPermission[] = []) {
  return { fieldGroups: groups, permission };
}

type HostProps = Omit<FormRendererProps, 'values' | 'onChange'> & {
  initial?: Record<string, unknown>;
  onValues?: (values: Record<string, unknown>) => void;
};

/** The renderer held by a parent that keeps its values, as the form editor's preview does. */
function Host({ initial = {}, onValues, ...rest }: HostProps) {
  const [values, setValues] = useState(initial);
  return (
    <FormRenderer
      {...rest}
      values={values}
      onChange={(next) => {
        setValues(next);
        onValues?.(next);
      }}
    />
  );
}

export function renderForm(props: HostProps) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <Host {...props} />
      </Suspense>
    </AppProviders>,
  );
}
