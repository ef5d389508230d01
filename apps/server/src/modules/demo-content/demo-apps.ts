import {
  createField,
  toFormPayload,
  type FieldType,
  type FormField,
  type FormPayload,
  type LayoutSection,
  type NumberFormat,
} from '@formloop/domain';
import { createActivity, type Approver, type WorkflowDefinition } from '@formloop/workflow';

// The example business of the demo tenant (issue 25 item 1, issue 24 item 14): what its apps ask,
// who approves what, and the reference lists their dropdowns offer. English, as a tenant's own
// content is written in its author's language.

export const DEMO_LISTS = {
  costCentres: {
    key_name: 'Cost centres',
    description: 'Where a purchase is booked.',
    values: ['Operations', 'Sales', 'Marketing', 'IT', 'Finance'],
  },
  leaveTypes: {
    key_name: 'Leave types',
    description: 'The kinds of leave people may ask for.',
    values: ['Annual leave', 'Sick leave', 'Parental leave', 'Training', 'Unpaid leave'],
  },
  industries: {
    key_name: 'Industries',
    description: 'The industry a customer works in.',
    values: ['Manufacturing', 'Retail', 'Software', 'Healthcare', 'Logistics'],
  },
} as const;
export type DemoListKey = keyof typeof DEMO_LISTS;

interface FieldSpec {
  type: FieldType;
  name: string;
  label: string;
  required?: boolean;
  width?: number;
  list?: DemoListKey;
  /** lookup: the app looked up and the field it shows. */
  lookup?: { app: DemoAppKey; shows: string };
  helpText?: string;
  /** number fields: how the figure is shown. */
  format?: NumberFormat;
}

export type DemoAppKey = 'customers' | 'purchases' | 'leave' | 'onboarding';

export interface DemoAppSpec {
  name: string;
  description: string;
  icon: string;
  quickLaunch: boolean;
  sections: Array<{ name: string; title: string; rows: FieldSpec[][] }>;
}

export const DEMO_APPS: Record<DemoAppKey, DemoAppSpec> = {
  customers: {
    name: 'Customers',
    description: 'The companies we sell to, onboarding looks them up.',
    icon: 'BankOutlined',
    quickLaunch: true,
    sections: [
      {
        name: 'company',
        title: 'Company',
        rows: [
          [
            { type: 'text', name: 'company', label: 'Company', required: true, width: 6 },
            { type: 'dropdown', name: 'industry', label: 'Industry', list: 'industries', width: 6 },
          ],
          [
            { type: 'text', name: 'country', label: 'Country', width: 6 },
            {
              type: 'number',
              name: 'annual_revenue',
              label: 'Annual revenue (EUR)',
              width: 6,
              format: 'Thousands',
            },
          ],
          [{ type: 'email', name: 'contact_email', label: 'Contact e-mail', width: 12 }],
        ],
      },
    ],
  },
  purchases: {
    name: 'Purchase request',
    description: 'Ask to buy something. Your manager approves, then Finance.',
    icon: 'ShoppingCartOutlined',
    quickLaunch: true,
    sections: [
      {
        name: 'request',
        title: 'Request',
        rows: [
          [{ type: 'text', name: 'title', label: 'What do you need?', required: true, width: 12 }],
          [
            {
              type: 'dropdown',
              name: 'cost_centre',
              label: 'Cost centre',
              list: 'costCentres',
              required: true,
            },
            { type: 'number', name: 'amount', label: 'Amount (EUR)', required: true, format: 'Thousands' },
            { type: 'date', name: 'needed_by', label: 'Needed by' },
          ],
          [
            { type: 'text', name: 'supplier', label: 'Supplier', width: 6 },
            {
              type: 'textarea',
              name: 'justification',
              label: 'Why is it needed?',
              width: 6,
              helpText: 'A sentence or two for the approvers.',
            },
          ],
        ],
      },
    ],
  },
  leave: {
    name: 'Leave request',
    description: 'Ask for time off. The Operations team approves.',
    icon: 'CalendarOutlined',
    quickLaunch: true,
    sections: [
      {
        name: 'leave',
        title: 'Leave',
        rows: [
          [
            {
              type: 'dropdown',
              name: 'leave_type',
              label: 'Type of leave',
              list: 'leaveTypes',
              required: true,
            },
            { type: 'date', name: 'first_day', label: 'First day', required: true },
            { type: 'date', name: 'last_day', label: 'Last day', required: true },
          ],
          [
            { type: 'number', name: 'days', label: 'Working days', required: true, width: 4 },
            { type: 'textarea', name: 'note', label: 'Note', width: 8 },
          ],
        ],
      },
    ],
  },
  onboarding: {
    name: 'Customer onboarding',
    description: 'Kick-off of a new customer, reviewed by the administrator.',
    icon: 'SolutionOutlined',
    quickLaunch: true,
    sections: [
      {
        name: 'onboarding',
        title: 'Onboarding',
        rows: [
          [
            {
              type: 'lookup',
              name: 'customer',
              label: 'Customer',
              required: true,
              width: 6,
              lookup: { app: 'customers', shows: 'company' },
            },
            { type: 'date', name: 'kickoff', label: 'Kick-off', width: 6 },
          ],
          [
            {
              type: 'number',
              name: 'contract_value',
              label: 'Contract value (EUR)',
              width: 6,
              format: 'Thousands',
            },
            { type: 'textarea', name: 'notes', label: 'Notes', width: 6 },
          ],
        ],
      },
    ],
  },
};

export interface DemoIds {
  lists: Record<DemoListKey, string>;
  apps: Partial<Record<DemoAppKey, string>>;
}

function fieldOf(spec: FieldSpec, ids: DemoIds): FormField {
  const field = createField(spec.type, `demo-${spec.name}`, spec.name);
  field.fieldName = spec.label;
  field.required = spec.required ?? false;
  field.columnWidth = spec.width ?? 4;
  if (spec.helpText) field.helpText = spec.helpText;
  if (spec.format) field.format = spec.format;
  if (spec.list) field.listToUse = ids.lists[spec.list];
  if (spec.lookup && field.lookup) {
    const moduleId = ids.apps[spec.lookup.app];
    if (!moduleId) throw new Error(`The ${spec.lookup.app} app is made before the apps that look it up.`);
    field.lookup = { ...field.lookup, moduleId, flowToLookUp: spec.lookup.shows };
  }
  return field;
}

/** The form payload SaveForm takes for a demo app, with the ids of its lists and looked-up apps. */
export function demoForm(key: DemoAppKey, ids: DemoIds): FormPayload {
  const spec = DEMO_APPS[key];
  const sections: LayoutSection[] = spec.sections.map((section) => ({
    id: `demo-${section.name}`,
    name: section.name,
    displayName: section.title,
    isTable: false,
    minimumRowCount: 0,
    maximumRowCount: 0,
    rows: section.rows.map((row, index) => ({
      id: `demo-${section.name}-${index}`,
      cells: row.map((field) => fieldOf(field, ids)),
    })),
  }));
  return toFormPayload({ sections }, { formName: spec.name, displayName: spec.name, isPublished: false });
}

/** Start → each approval in turn (Approve goes on; Reject sends the entry back to its initiator) → End. */
export function approvalWorkflow(
  steps: Array<{ id: string; title: string; approvers: Approver[] }>,
): WorkflowDefinition {
  const start = createActivity('Start', 'start', { x: 0, y: 0 });
  const end = createActivity('End', 'end', { x: 280 * (steps.length + 1), y: 0 });
  const approvals = steps.map((step, index) => {
    const activity = createActivity('Approval', step.id, { x: 280 * (index + 1), y: 0 });
    return {
      ...activity,
      displayName: step.title,
      properties: { ...activity.properties, assignment: step.approvers },
    };
  });
  const ids = steps.map((step) => step.id);
  return {
    activities: [start, ...approvals, end],
    connections: [
      { sourceActivityId: 'start', targetActivityId: ids[0] ?? 'end', outcome: 'Done' },
      ...ids.map((id, index) => ({
        sourceActivityId: id,
        targetActivityId: ids[index + 1] ?? 'end',
        outcome: 'Approve',
      })),
    ],
  };
}
