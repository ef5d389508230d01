import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { ML, P, arrangePeople, createApp, field, payload, section, type People } from './app-fixtures.ts';

// Every route at once: who may call it, and that another tenant's app is never reachable.

let server: TestServer;
let people: People;
let mine: string;
let foreign: string;

type Call = [method: 'GET' | 'POST', path: string, body?: unknown];

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  mine = await createApp(people.fred, 'Mine');
  foreign = await createApp(people.globex, 'Theirs');
});
afterAll(() => server?.close());

const call = (client: TestClient, [method, path, body]: Call) =>
  method === 'GET' ? client.get(path) : client.post(path, body ?? {});

const form = payload(section('main', [[field('text', 'title')]]));

describe('access to the Editor API', () => {
  it('refuses a plain user (403) on every builder endpoint, before reading the body', async () => {
    const builderCalls: Call[] = [
      ['POST', P.create, { name: 'Mine too' }],
      ['POST', P.create, {}],
      ['POST', P.updateModule, { id: mine, name: 'Renamed' }],
      ['POST', P.copyFrom, { moduleId: mine, name: 'Copied' }],
      ['POST', P.deleteForm, { moduleId: mine }],
      ['POST', P.saveForm, { id: mine, data: form }],
      ['POST', P.publish, { id: mine }],
      ['GET', P.listForms],
      ['POST', P.modulesDatatables, {}],
      ['GET', P.moduleLookup],
      ['GET', `${P.columnLookup}?moduleId=${mine}`],
      ['GET', P.mlProviders],
      ['GET', `${P.mlServices}?providerId=${ML.azure}`],
      ['GET', `${P.aiServices}?mlServiceId=${ML.formRecognizer}`],
    ];
    for (const spec of builderCalls) {
      const res = await call(people.uma, spec);
      expect(res.statusCode, `${spec[0]} ${spec[1]}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, data: { code: 'FORBIDDEN' } });
    }
    // …and nothing happened.
    expect((await people.fred.get(`${P.getForm}?id=${mine}`)).json().data.display_name).toBe('Mine');
  });

  it('lets every signed-in user reach their own lists, and nobody anonymous', async () => {
    const everyone: Call[] = [
      ['GET', P.listApplications],
      ['POST', P.applicationsDatatables, {}],
      ['GET', P.favouriteList],
      ['GET', P.mostUsed],
      ['GET', P.reservedModuleNames],
      ['GET', P.reservedFieldNames],
    ];
    const anonymous = server.client('acme');
    for (const spec of everyone) {
      expect((await call(people.uma, spec)).statusCode, spec[1]).toBe(200);
      expect((await call(anonymous, spec)).statusCode, spec[1]).toBe(401);
    }
  });

  it('answers 404 for another tenant’s app on every id-taking endpoint, changing nothing', async () => {
    const idCalls: Call[] = [
      ['GET', `${P.getForm}?id=${foreign}`],
      ['POST', P.updateModule, { id: foreign, name: 'Taken' }],
      ['POST', P.copyFrom, { moduleId: foreign, name: 'Copied theirs' }],
      ['POST', P.deleteForm, { moduleId: foreign }],
      ['POST', P.saveForm, { id: foreign, data: form }],
      ['POST', P.publish, { id: foreign }],
      ['GET', `${P.columnLookup}?moduleId=${foreign}`],
      ['POST', P.favouriteAdd, { moduleId: foreign, isAdd: true }],
      ['POST', P.favouriteRemove, { moduleId: foreign, isAdd: false }],
      ['POST', P.usage, { moduleId: foreign }],
    ];
    for (const spec of idCalls) {
      const res = await call(people.admin, spec);
      expect(res.statusCode, `${spec[0]} ${spec[1]}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'This app does not exist.' });
    }
    const theirs = (await people.globex.get(`${P.getForm}?id=${foreign}`)).json().data;
    expect(theirs).toMatchObject({ display_name: 'Theirs', module_version: 0, is_favourite: false });
    expect(theirs.module_draft.fieldGroups[0].fields).toEqual([]);
    const { rows } = await server.owner.query(
      'SELECT count(*)::int AS n FROM modules WHERE display_name = $1',
      ['Copied theirs'],
    );
    expect(rows[0].n).toBe(0);
  });

  it('documents every route in OpenAPI', async () => {
    const docs = await server.client('acme').get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(Object.values(P)));
  });
});
