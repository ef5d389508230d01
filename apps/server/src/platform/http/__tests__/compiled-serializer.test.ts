import { safeEncode } from 'zod';
import { describe, expect, it } from 'vitest';
import { recordDataTableResponseSchema, type RecordRow } from '@formloop/contracts';
import { compiledSerializer } from '../compiled-serializer.ts';

const serialize = compiledSerializer({ schema: recordDataTableResponseSchema });
/** What the default serializer (fastify-type-provider-zod) writes. */
const zodSerialized = (value: unknown) =>
  JSON.stringify(safeEncode(recordDataTableResponseSchema, value as never).data);

const row = (over: Partial<RecordRow> = {}): RecordRow => ({
  id: 'r1',
  module_id: 'm1',
  module_version: 3,
  data: {
    title: 'Quote " and \\ and \u2028 and 日本',
    amount: 5000.5,
    tags: ['a', 'b'],
    nested: { x: null },
  },
  is_draft: false,
  status: 'Completed',
  display_status: 'Completed',
  workflow_status: null,
  tasks: 0,
  workflow_activity_name: null,
  workflow_started_on: '2026-11-22T10:00:00.000Z',
  workflow_initiator_user: null,
  workflow_initiator_email: null,
  workflow_completed_on: null,
  workflow_faulted_on: null,
  workflow_instance_id: null,
  flow_name: null,
  submitted_on: '2026-11-22T10:00:00.000Z',
  expire_at: null,
  created_by: 'u1',
  created_by_name: 'Ada',
  modified_by: null,
  modified_by_name: null,
  created_on: '2026-11-22T10:00:00.000Z',
  modified_on: '2026-11-22T10:00:00.000Z',
  ...over,
});

describe('compiledSerializer', () => {
  it('writes a list page exactly as the zod serializer does', () => {
    const page = {
      success: true,
      message: '',
      data: {
        data: [row(), row({ id: 'r2', data: {}, status: 'Draft', is_draft: true, tasks: 2 })],
        recordsTotal: 1_000_000,
        recordsFiltered: 2,
        countIsEstimate: true,
      },
    };
    expect(serialize(page)).toBe(zodSerialized(page));
    expect(JSON.parse(serialize(page))).toEqual(page);
  });

  it('leaves out what the schema does not name, as zod strips it', () => {
    const extra = { ...row(), password_hash: 'secret' };
    const page = {
      success: true,
      message: '',
      data: { data: [extra], recordsTotal: 1, recordsFiltered: 1, countIsEstimate: false, sql: 'x' },
    };
    const written = serialize(page);
    expect(written).not.toContain('secret');
    expect(written).not.toContain('"sql"');
    expect(written).toBe(zodSerialized(page));
  });

  it('takes only zod schemas', () => {
    expect(() => compiledSerializer({ schema: { type: 'object' } })).toThrow(/zod/);
  });

  it('refuses an answer missing a required property', () => {
    expect(() => serialize({ success: true, message: '', data: { data: [] } })).toThrow();
  });
});
