import type { DemoPersonKey } from '@formloop/db';

// The demo entries: who enters each, and how far each gets through its approvals, so the apps show
// drafts, entries waiting at each step, completed ones and one sent back to its initiator.

export interface DemoStep {
  by: DemoPersonKey;
  accept: boolean;
  note?: string;
  /** The task is the approver's team's (found in the team's open tasks). */
  asTeam?: boolean;
}

export interface DemoRecord {
  by: DemoPersonKey;
  /** Saved as a draft, never submitted. */
  draft?: boolean;
  data: Record<string, unknown>;
  steps: DemoStep[];
}

const DAY = 86_400_000;

/** Why each cost centre buys, as its people would put it. */
const WHY: Record<string, string> = {
  Operations: 'Keeps the warehouse running safely.',
  Sales: 'Helps the sales team close this quarter’s deals.',
  Marketing: 'For the spring campaign.',
  IT: 'Replaces equipment that is out of warranty.',
  Finance: 'Required for the year-end close.',
};

const DEMO_CUSTOMERS = [
  { company: 'Northwind Traders', industry: 'Retail', country: 'United Kingdom', annual_revenue: 12_500_000 },
  {
    company: 'Contoso Manufacturing',
    industry: 'Manufacturing',
    country: 'Germany',
    annual_revenue: 48_000_000,
  },
  { company: 'Fabrikam Health', industry: 'Healthcare', country: 'France', annual_revenue: 9_300_000 },
  {
    company: 'Tailspin Logistics',
    industry: 'Logistics',
    country: 'Netherlands',
    annual_revenue: 21_000_000,
  },
  { company: 'Adatum Software', industry: 'Software', country: 'Spain', annual_revenue: 6_800_000 },
  { company: 'Litware Retail', industry: 'Retail', country: 'Japan', annual_revenue: 15_200_000 },
];

export function demoRecords(today: Date) {
  const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
  const manager = (note?: string): DemoStep => ({ by: 'frank', accept: true, ...(note ? { note } : {}) });
  const finance: DemoStep = { by: 'grace', accept: true, note: 'Booked.' };
  const purchase = (
    by: DemoPersonKey,
    title: string,
    cost_centre: string,
    amount: number,
    supplier: string,
    steps: DemoStep[],
    draft = false,
  ): DemoRecord => ({
    by,
    draft,
    steps,
    data: {
      title,
      cost_centre,
      amount,
      supplier,
      needed_by: day(7 + ((title.length * 5) % 50)),
      justification: WHY[cost_centre] ?? '',
    },
  });
  const team = (note?: string): DemoStep => ({
    by: 'frank',
    accept: true,
    asTeam: true,
    ...(note ? { note } : {}),
  });
  const leave = (
    by: DemoPersonKey,
    leave_type: string,
    from: number,
    days: number,
    steps: DemoStep[],
    draft = false,
  ): DemoRecord => ({
    by,
    draft,
    steps,
    data: {
      leave_type,
      first_day: day(from),
      last_day: day(from + Math.ceil(days * 1.4) - 1),
      days,
      note: '',
    },
  });

  return {
    customers: DEMO_CUSTOMERS.map((data) => ({
      data: { ...data, contact_email: `hello@${data.company.split(' ')[0]!.toLowerCase()}.example` },
    })),
    purchases: [
      // Drafts.
      purchase('sam', 'Standing desk', 'Operations', 640, 'Office Depot', [], true),
      purchase('uma', 'Conference tickets', 'Marketing', 1_250, 'EventHub', [], true),
      // Waiting for the manager.
      purchase('uma', 'Laptop for the new analyst', 'IT', 1_890, 'Dell', []),
      purchase('sam', 'Trade fair stand', 'Marketing', 7_400, 'Expo Services', []),
      purchase('uma', 'Forklift service', 'Operations', 980, 'LiftCare', []),
      // Approved by the manager, waiting for Finance.
      purchase('sam', 'CRM licences (20 seats)', 'Sales', 9_600, 'Pipedrive', [
        manager('Agreed with Sales.'),
      ]),
      purchase('uma', 'Safety boots', 'Operations', 1_120, 'WorkWear', [manager()]),
      purchase('sam', 'Cloud backup, one year', 'IT', 3_300, 'Backblaze', [manager()]),
      // Through both approvals.
      purchase('uma', 'Printer toner', 'Operations', 240, 'Office Depot', [manager(), finance]),
      purchase('sam', 'Sales training', 'Sales', 4_500, 'Sandler', [manager(), finance]),
      purchase('uma', 'Monitors (6)', 'IT', 1_740, 'Dell', [manager(), finance]),
      purchase('sam', 'Audit fees', 'Finance', 12_000, 'KPMG', [manager(), finance]),
      // Sent back to its initiator.
      purchase('sam', 'Espresso machine', 'Operations', 2_900, 'Coffee Co', [
        { by: 'frank', accept: false, note: 'Please add a second quote.' },
      ]),
    ],
    leave: [
      leave('uma', 'Annual leave', 21, 5, [team('Enjoy!')]),
      leave('sam', 'Training', 9, 2, [team()]),
      leave('grace', 'Annual leave', 35, 10, [team()]),
      leave('sam', 'Sick leave', -6, 2, [team('Get well soon.')]),
      leave('uma', 'Parental leave', 60, 20, []),
      leave('sam', 'Annual leave', 45, 3, []),
      leave('grace', 'Unpaid leave', 90, 5, []),
      leave('uma', 'Annual leave', 120, 4, [], true),
    ],
    /** Onboardings look up the customers made just before (their record ids, in the order above). */
    onboarding: (customerIds: string[]): DemoRecord[] =>
      [
        { at: 0, kickoff: 7, value: 85_000, draft: false },
        { at: 1, kickoff: 14, value: 240_000, draft: false },
        { at: 3, kickoff: 21, value: 120_000, draft: false },
        { at: 4, kickoff: 30, value: 36_000, draft: true },
      ].map((plan) => ({
        by: 'carla',
        draft: plan.draft,
        steps: [],
        data: {
          customer: { id: customerIds[plan.at], label: DEMO_CUSTOMERS[plan.at]!.company },
          kickoff: day(plan.kickoff),
          contract_value: plan.value,
          notes: 'Kick-off call booked with the customer’s project lead.',
        },
      })),
  };
}
