import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RESERVED_FIELD_NAMES, RESERVED_MODULE_NAMES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  ML,
  MISSING_ID,
  P,
  arrangePeople,
  auditRows,
  createApp,
  createGroup,
  setLicences,
  type People,
} from './app-fixtures.ts';

let server: TestServer;
let people: People;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
});
afterAll(() => server?.close());

const create = (body: Record<string, unknown>, client = people.fred) => client.post(P.create, body);

/** The 400's message and its field errors. */
const refusal = async (body: Record<string, unknown>) => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(400);
  return { message: res.json().message as string, errors: res.json().data.errors as unknown[] };
};

describe('CreateProcessFromScratch', () => {
  it('creates a Draft app on one empty section, for every builder kind, with an audit row', async () => {
    const group = await createGroup(people.admin, 'Finance', 'fa fa-coins');
    const res = await create({
      name: 'Expense claims ',
      description: 'Claims for travel',
      categoryId: group,
      appIcon: 'fa fa-receipt',
      addToQuickLaunch: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const { rows } = await server.owner.query('SELECT * FROM modules WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({
      display_name: 'Expense claims',
      module_description: 'Claims for travel',
      application_module_category_id: group,
      app_icon: 'fa fa-receipt',
      add_to_quick_launch: true,
      module_version: 0,
      module_published: null,
      ocr_provider_id: null,
      ml_service_id: [],
    });
    expect(rows[0].module_draft).toEqual({
      fieldGroups: [
        {
          displayName: 'Section 1',
          sectionIndex: 0,
          name: 'section_1',
          orderIndex: 0,
          isTable: false,
          minimumRowCount: 0,
          maximumRowCount: 0,
          fields: [],
        },
      ],
      defaultConfig: {},
      permission: [],
    });
    const { rows: templates } = await server.owner.query(
      'SELECT count(*)::int AS n FROM module_email_templates WHERE module_id = $1',
      [id],
    );
    expect(templates[0].n).toBe(0);
    const audit = await auditRows(server, id);
    expect(audit.map((row) => row.action)).toEqual(['created']);
    expect(audit[0].after).toMatchObject({ display_name: 'Expense claims', module_version: 0 });

    for (const [client, name] of [
      [people.admin, 'Admin app'],
      [people.cora, 'Consultant app'],
    ] as const) {
      expect((await create({ name }, client)).statusCode).toBe(200);
    }
  });

  it('refuses a missing name and the spec §5 name and description rules', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'name', MESSAGES.required],
      [{ name: '   ' }, 'name', MESSAGES.required],
      [{ name: ' Leading' }, 'name', MESSAGES.leadingSpace],
      [{ name: '1st app' }, 'name', MESSAGES.leadingDigit],
      [{ name: 'a--b' }, 'name', MESSAGES.noDoubleHyphen],
      [{ name: 'x'.repeat(41) }, 'name', MESSAGES.cannotExceed(40)],
      [{ name: 'Fine', description: 'd'.repeat(251) }, 'description', MESSAGES.descriptionTooLong],
      [{ name: 'Fine', description: ' lead' }, 'description', MESSAGES.valueLeadingSpace],
    ];
    for (const [body, field, message] of cases) {
      const { errors } = await refusal(body);
      expect(errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, message }));
    }
  });

  it('refuses reserved system names ignoring case, and duplicates with 409', async () => {
    for (const name of [RESERVED_MODULE_NAMES[0]!, 'users', 'AUDIT TRAIL']) {
      const { message, errors } = await refusal({ name });
      expect(message).toBe(`Name: ${name} is reserved system name, please use another name`);
      expect(errors).toMatchObject([{ field: 'name', message }]);
    }
    await createApp(people.fred, 'Purchase orders');
    for (const name of ['Purchase orders', 'PURCHASE ORDERS']) {
      const res = await create({ name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'An app with this name already exists.' });
    }
  });

  it('refuses a group that is not one of the tenant’s', async () => {
    const foreign = await createGroup(people.globex, 'Globex group');
    for (const categoryId of [foreign, MISSING_ID, 'not-an-id']) {
      const { errors } = await refusal({ name: 'Grouped', categoryId });
      expect(errors).toMatchObject([{ field: 'categoryId', message: 'This app group does not exist.' }]);
    }
  });

  it('checks the provider, its services and the tenant’s licences', async () => {
    const json = (value: unknown) => JSON.stringify(value);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ocrProviderId: MISSING_ID }, 'ocrProviderId', 'This OCR provider does not exist.'],
      [{ ocrProviderId: 'nope' }, 'ocrProviderId', 'This OCR provider does not exist.'],
      [
        { machineLearningServiceId: json([ML.formRecognizer]) },
        'machineLearningServiceId',
        'Choose a provider before choosing a service.',
      ],
      [
        { ocrProviderId: ML.azure, machineLearningServiceId: json([ML.documentAi]) },
        'machineLearningServiceId',
        'This service does not belong to the chosen provider.',
      ],
      [
        { ocrProviderId: ML.azure, machineLearningServiceId: json([MISSING_ID, 'bad']) },
        'machineLearningServiceId',
        'This service does not belong to the chosen provider.',
      ],
      [
        { ocrProviderId: ML.azure, machineLearningServiceId: json([ML.formRecognizer, ML.textAnalytics]) },
        'machineLearningServiceId',
        'Your organization has no licence for this provider and service.',
      ],
      [
        { ocrProviderId: ML.openai, machineLearningServiceId: json([ML.gpt4o, ML.gpt4oMini]) },
        'machineLearningServiceId',
        'This provider takes a single service.',
      ],
      [
        { ocrProviderId: ML.azure, machineLearningServiceId: '{"a":1}' },
        'machineLearningServiceId',
        'The machine learning services are not valid JSON.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const { errors } = await refusal({ name: 'With OCR', ...body });
      expect(errors, JSON.stringify(body)).toMatchObject([{ field, message }]);
    }
  });

  it('stores licensed services as ids, the provider’s catalogue name, one id or JSON text alike', async () => {
    const read = async (id: string) =>
      (
        await server.owner.query(
          'SELECT ocr_provider_id, ocr_provider_name, ml_service_id FROM modules WHERE id = $1',
          [id],
        )
      ).rows[0];
    const azure = await createApp(people.fred, 'Invoices in', {
      ocrProviderId: ML.azure,
      ocrProviderName: 'whatever the client says',
      machineLearningServiceId: JSON.stringify([ML.formRecognizer, ML.computerVision, ML.formRecognizer]),
    });
    expect(await read(azure)).toEqual({
      ocr_provider_id: ML.azure,
      ocr_provider_name: 'Azure',
      ml_service_id: [ML.formRecognizer, ML.computerVision],
    });
    const single = await createApp(people.fred, 'Letters in', {
      ocrProviderId: ML.openai,
      machineLearningServiceId: JSON.stringify(ML.gpt4o),
    });
    expect((await read(single)).ml_service_id).toEqual([ML.gpt4o]);
    const bare = await createApp(people.fred, 'Receipts in', {
      ocrProviderId: ML.openai,
      machineLearningServiceId: ML.gpt4oMini,
    });
    expect((await read(bare)).ml_service_id).toEqual([ML.gpt4oMini]);
    const providerOnly = await createApp(people.fred, 'Scans in', { ocrProviderId: ML.google });
    expect(await read(providerOnly)).toEqual({
      ocr_provider_id: ML.google,
      ocr_provider_name: 'Google',
      ml_service_id: [],
    });
  });

  it('is for builders only: 403 for a plain user before the body is read, 401 anonymous', async () => {
    expect((await people.uma.post(P.create, { name: 'Mine' })).statusCode).toBe(403);
    expect((await people.uma.post(P.create, {})).statusCode).toBe(403);
    const anonymous = server.client('acme');
    expect((await anonymous.post(P.create, { name: 'Mine' })).statusCode).toBe(401);
  });
});

describe('UpdateModule', () => {
  it('changes the settings with the create rules, keeping what is left out, with an audit row', async () => {
    const group = await createGroup(people.admin, 'Operations');
    const id = await createApp(people.fred, 'Site visits', { description: 'Visits', appIcon: 'fa fa-map' });
    const res = await people.cora.post(P.updateModule, {
      id,
      name: 'Site inspections',
      categoryId: group,
      addToQuickLaunch: true,
      helpFileUrl: 'https://help.example.com/inspections',
      ocrProviderId: ML.azure,
      machineLearningServiceId: JSON.stringify([ML.formRecognizer]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      display_name: 'Site inspections',
      module_description: 'Visits',
      app_icon: 'fa fa-map',
      application_module_category_id: group,
      category_name: 'Operations',
      add_to_quick_launch: true,
      status: 'Draft',
      modified_by_name: 'cora Tester',
      created_by_name: 'fred Tester',
    });
    const detail = (await people.fred.get(`${P.getForm}?id=${id}`)).json().data;
    expect(detail).toMatchObject({
      help_file_url: 'https://help.example.com/inspections',
      ocr_provider_id: ML.azure,
      ocr_provider_name: 'Azure',
      ml_service_id: [ML.formRecognizer],
    });

    // Clearing: null group, '' icon; the provider cleared takes its services with it.
    const cleared = await people.fred.post(P.updateModule, {
      id,
      name: 'Site inspections',
      categoryId: null,
      appIcon: '',
      ocrProviderId: null,
      helpFileUrl: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ application_module_category_id: null, app_icon: null });
    const after = (await people.fred.get(`${P.getForm}?id=${id}`)).json().data;
    expect(after).toMatchObject({ ocr_provider_id: null, ml_service_id: [], help_file_url: null });

    const audit = await auditRows(server, id);
    expect(audit.map((row) => row.action)).toEqual(['created', 'updated', 'updated']);
    expect(audit[1].before).toMatchObject({ display_name: 'Site visits' });
    expect(audit[1].after).toMatchObject({
      display_name: 'Site inspections',
      application_module_category_id: group,
    });
  });

  it('refuses reserved, duplicate and invalid settings; renaming to its own name in another case is fine', async () => {
    const id = await createApp(people.fred, 'Leave requests');
    await createApp(people.fred, 'Holidays');
    const update = (body: Record<string, unknown>) => people.fred.post(P.updateModule, { id, ...body });
    expect((await update({ name: 'Settings' })).json().message).toBe(MESSAGES.reservedName('Settings'));
    expect((await update({ name: 'holidays' })).statusCode).toBe(409);
    expect((await update({ name: 'LEAVE REQUESTS' })).statusCode).toBe(200);
    const badUrl = await update({ name: 'Leave requests', helpFileUrl: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().data.errors[0].field).toBe('helpFileUrl');
    const unlicensed = await update({
      name: 'Leave requests',
      ocrProviderId: ML.azure,
      machineLearningServiceId: JSON.stringify([ML.textAnalytics]),
    });
    expect(unlicensed.json().message).toBe('Your organization has no licence for this provider and service.');
  });

  it('answers 404 for another tenant’s app or a bad id, 403 for a plain user', async () => {
    const foreign = await createApp(people.globex, 'Globex app');
    for (const id of [foreign, MISSING_ID, 'not-an-id']) {
      const res = await people.fred.post(P.updateModule, { id, name: 'Taken over' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This app does not exist.');
    }
    expect((await people.uma.post(P.updateModule, { id: foreign, name: 'x' })).statusCode).toBe(403);
  });
});

describe('names and the ML catalogue', () => {
  it('serves the reserved names to every signed-in user', async () => {
    const modules = await people.uma.get(P.reservedModuleNames);
    expect(modules.statusCode).toBe(200);
    expect(modules.json().data).toEqual([...RESERVED_MODULE_NAMES]);
    const fields = await people.uma.get(P.reservedFieldNames);
    expect(fields.json().data).toEqual([...RESERVED_FIELD_NAMES]);
    expect((await server.client('acme').get(P.reservedModuleNames)).statusCode).toBe(401);
  });

  it('lists providers, their services with the tenant’s licences, and AI services, for builders', async () => {
    const providers = await people.fred.get(P.mlProviders);
    expect(providers.statusCode).toBe(200);
    expect(providers.json().data.items).toEqual([
      { id: ML.azure, ocr_provider_name: 'Azure', single_service: false },
      { id: ML.google, ocr_provider_name: 'Google', single_service: false },
      { id: '0a1e0000-0000-4000-8000-000000000003', ocr_provider_name: 'AWS', single_service: false },
      { id: ML.openai, ocr_provider_name: 'OpenAI', single_service: true },
    ]);

    const services = await people.cora.get(`${P.mlServices}?providerId=${ML.azure}`);
    expect(services.json().data.items).toEqual([
      { id: ML.formRecognizer, ml_service_name: 'Form Recognizer', licensed: true },
      { id: ML.computerVision, ml_service_name: 'Computer Vision', licensed: true },
      { id: ML.textAnalytics, ml_service_name: 'Text Analytics', licensed: false },
    ]);
    // Licences are per tenant and read per request.
    const globexServices = await people.globex.get(`${P.mlServices}?providerId=${ML.azure}`);
    expect(globexServices.json().data.items.map((s: { licensed: boolean }) => s.licensed)).toEqual([
      false,
      false,
      false,
    ]);
    await setLicences(server, 'globex', ['ai_azure_text_analytics']);
    const relicensed = await people.globex.get(`${P.mlServices}?providerId=${ML.azure}`);
    expect(relicensed.json().data.items.map((s: { licensed: boolean }) => s.licensed)).toEqual([
      false,
      false,
      true,
    ]);

    const ai = await people.fred.get(`${P.aiServices}?mlServiceId=${ML.formRecognizer}`);
    expect(ai.json().data).toEqual([
      {
        id: '0a1e0000-0000-4000-8002-000000000001',
        ai_service_name: 'Invoice extraction',
        ai_service_code: 'prebuilt-invoice',
      },
      {
        id: '0a1e0000-0000-4000-8002-000000000002',
        ai_service_name: 'Receipt extraction',
        ai_service_code: 'prebuilt-receipt',
      },
    ]);
    expect((await people.fred.get(`${P.aiServices}?mlServiceId=${ML.computerVision}`)).json().data).toEqual(
      [],
    );

    for (const path of [
      `${P.mlServices}?providerId=${MISSING_ID}`,
      `${P.mlServices}?providerId=x`,
      `${P.aiServices}?mlServiceId=x`,
    ]) {
      expect((await people.fred.get(path)).statusCode, path).toBe(404);
    }
    expect((await people.fred.get(P.mlServices)).statusCode).toBe(400);
    for (const path of [
      P.mlProviders,
      `${P.mlServices}?providerId=${ML.azure}`,
      `${P.aiServices}?mlServiceId=${ML.formRecognizer}`,
    ]) {
      expect((await people.uma.get(path)).statusCode, path).toBe(403);
    }
  });
});
