import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIELD_TYPES, type FieldType, type FormField, type PayloadGroup } from '@formloop/domain';
import type { Api } from './api.ts';
import { field, publishApp, section, table } from './forms.ts';

// The records journey's world: a Suppliers app with two submitted suppliers (the lookup's target),
// a reference list, a small external service on this machine (RemoteUrl's target), and a Purchase
// Orders app holding one field of every type of the catalogue, published.

export interface ExternalService {
  url: string;
  /** Requests the service received (method, path with query, body). */
  calls: Array<{ method: string; path: string; body: string }>;
  close(): Promise<void>;
}

/** Answers like a public API would: countries, currencies, a VAT check and a supplier check. */
export async function startExternalService(): Promise<ExternalService> {
  const calls: ExternalService['calls'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      calls.push({ method: request.method ?? 'GET', path, body });
      const url = new URL(path, 'http://localhost');
      const json = (value: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/countries') return json({ items: ['France', 'Germany', 'United Kingdom'] });
      if (url.pathname === '/currencies') return json({ data: ['EUR', 'GBP', 'USD'] });
      if (url.pathname === '/vat')
        return json({ result: { status: `VAT ${url.searchParams.get('number')} valid` } });
      if (url.pathname === '/check') return json({ message: 'Supplier in good standing' });
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface RecordsWorld {
  suppliersId: string;
  ordersId: string;
  listId: string;
}

const external = (url: string, responsePath: string) => ({
  url,
  requestType: 'GET' as const,
  headers: [],
  body: '',
  params: [],
  responseFormat: 'json' as const,
  responsePath,
  dataType: '',
  resultType: '',
  addGovHeaders: false,
});

export async function arrangeRecordsWorld(
  api: Api,
  service: ExternalService,
  suffix: string,
): Promise<RecordsWorld> {
  const suppliersId = await publishApp(api, `Suppliers ${suffix}`, [
    section(
      'main',
      'Supplier',
      [[field('text', 'supplier_name', 'Supplier name'), field('text', 'supplier_city', 'City')]],
      0,
    ),
  ]);
  for (const [name, city] of [
    ['Acme Tools', 'Leeds'],
    ['Brightwater Ltd', 'York'],
  ]) {
    await api.post('/api/EntryModule/submit', {
      moduleId: suppliersId,
      data: { supplier_name: name, supplier_city: city },
    });
  }
  const { record_id: listId } = await api.post<{ record_id: string }>('/api/form/ListKeyValue/save', {
    key_name: `Cost centres ${suffix}`,
    values: [{ value: 'Operations' }, { value: 'Marketing' }, { value: 'Research' }],
  });
  const ordersId = await publishApp(
    api,
    `Purchase Orders ${suffix}`,
    purchaseOrderGroups(service.url, suppliersId, listId),
  );
  return { suppliersId, ordersId, listId };
}

/** One field of every type: the Purchase Orders form. */
export function purchaseOrderGroups(serviceUrl: string, suppliersId: string, listId: string): PayloadGroup[] {
  const lookup = {
    flowToLookUp: 'supplier_name',
    moduleId: suppliersId,
    filters: [],
    sortValuesBy: 'supplier_name',
    sortType: 'asc' as const,
    selectFieldsByThisProcess: ['supplier_name', 'supplier_city'],
    hideFields: [],
    autoSelectFirstValueByFilters: false,
    isTable: false,
    tableName: '',
  };
  const f = (type: FieldType, name: string, label: string, extra: Partial<FormField> = {}) =>
    field(type, name, label, extra);
  const details = [
    [
      f('text', 'title', 'Title', { required: true }),
      f('textarea', 'notes', 'Notes'),
      f('email', 'contact_email', 'Contact email'),
    ],
    [
      f('number', 'quantity', 'Quantity'),
      f('number', 'unit_price', 'Unit price', { decimalPlaces: 2 }),
      f('number', 'discount', 'Discount', { format: 'Percentage' }),
    ],
    [
      f('date', 'due_date', 'Due date'),
      f('datetime', 'meeting_at', 'Meeting at'),
      f('time', 'start_time', 'Start time'),
    ],
    [
      f('dropdown', 'cost_centre', 'Cost centre', { listToUse: listId }),
      f('checklist', 'tags', 'Tags', { listToUse: listId }),
      f('multi-select-reference', 'regions', 'Regions', { listToUse: listId }),
    ],
    [
      f('lookup', 'supplier', 'Supplier', { lookup }),
      f('text', 'supplier_city', 'Supplier city'),
      f('pull-data', 'supplier_again', 'Supplier (pulled)', {
        lookup: { ...lookup, selectFieldsByThisProcess: [] },
      }),
    ],
    [
      f('remote-lookup', 'country', 'Country', { external: external(`${serviceUrl}/countries`, 'items') }),
      f('multi-select-external', 'currencies', 'Currencies', {
        external: external(`${serviceUrl}/currencies`, 'data'),
      }),
      f('input-external', 'vat_check', 'VAT check', {
        external: external(`${serviceUrl}/vat?number={title}`, 'result.status'),
      }),
    ],
    [
      f('slider', 'priority', 'Priority'),
      f('switch', 'urgent', 'Urgent'),
      f('rating', 'stars', 'Supplier rating'),
    ],
    [
      f('user', 'owner', 'Owner'),
      f('multi-select-user', 'watchers', 'Watchers'),
      f('checkbox', 'agree', 'I agree'),
    ],
    [
      f('image', 'photo', 'Photo'),
      f('file', 'invoice', 'Invoice'),
      f('multi-file', 'attachments', 'Attachments'),
    ],
    [
      f('signature', 'signature', 'Signature', { columnWidth: 6 }),
      f('richtext', 'description', 'Description', { columnWidth: 6 }),
    ],
    [
      f('richtext-html', 'terms', 'Terms', { columnWidth: 6 }),
      f('password', 'pin', 'PIN'),
      f('barcode', 'barcode', 'Barcode', { columnWidth: 2, value: 'PO-42' }),
    ],
    [
      f('sequence-number', 'po_number', 'PO number', { sequenceFormat: 'PO-{0000}' }),
      f('barcode-scanner', 'scanned', 'Scanned code'),
      f('button', 'check', 'Check supplier', {
        external: external(`${serviceUrl}/check`, 'message'),
        button: {
          submitAllFields: false,
          showAsLink: false,
          renderType: 'text',
          renderTarget: 'check_result',
          showInModal: false,
        },
      }),
    ],
    [f('text', 'check_result', 'Check result')],
  ];
  const calc = (
    type: FieldType,
    name: string,
    label: string,
    formula: string,
    extra: Partial<FormField> = {},
  ) => f(type, name, label, { formula, ...extra });
  const totals = [
    [
      calc('calculation-number', 'subtotal', 'Subtotal', '{quantity} * {unit_price}'),
      calc('calculation-currency', 'total', 'Total', '{subtotal} * (1 - {discount})'),
      calc('calculation-text', 'summary', 'Summary', '{title} & " for " & {cost_centre}'),
    ],
    [
      calc('calculation-date', 'follow_up', 'Follow-up date', '{due_date} + 7'),
      calc('calculation-date-time', 'meeting_end', 'Meeting end', '{meeting_at} + 1/24'),
      calc('calculation-time', 'start_copy', 'Start (copy)', '{start_time}'),
    ],
    [
      calc('calculation-email', 'reply_to', 'Reply to', 'LOWER({contact_email})'),
      calc('calculation-switch', 'large_order', 'Large order', '{subtotal} > 100'),
      calc('calculation-user', 'owner_copy', 'Owner (copy)', '{owner}'),
    ],
    [
      calc('calculation-lookup', 'supplier_label', 'Supplier (label)', '{supplier_city}', {
        lookup: { ...lookup, selectFieldsByThisProcess: [] },
      }),
      calc('calculation-remote-lookup', 'country_copy', 'Country (copy)', '{country}', {
        external: external(`${serviceUrl}/countries`, 'items'),
      }),
      calc('calculation-element', 'line_count', 'Line count', 'COUNT({lines.qty})'),
    ],
  ];
  const lines = [f('text', 'item', 'Item'), f('number', 'qty', 'Qty'), f('number', 'price', 'Price')];
  const groups = [
    section('details', 'Order details', details, 0),
    section('totals', 'Totals', totals, 1),
    table('lines', 'Lines', lines, 2, 1, 5),
  ];

  const used = new Set(groups.flatMap((group) => group.fields.map((placed) => placed.fieldType)));
  const missing = FIELD_TYPES.filter((type) => !used.has(type));
  if (missing.length > 0) throw new Error(`the journey's app lacks field types: ${missing.join(', ')}`);
  return groups;
}
