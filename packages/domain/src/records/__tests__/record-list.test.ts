import { describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_FIELDS } from '../../constants.ts';
import {
  SYSTEM_COLUMNS,
  SYSTEM_FIELD_COLUMNS,
  WORKFLOW_COLUMNS,
  fieldListKind,
  isSystemColumn,
  systemColumnType,
} from '../record-list.ts';

describe('record list columns (spec §3)', () => {
  it('keeps the workflow columns of spec §3 in order', () => {
    expect(WORKFLOW_COLUMNS).toEqual([
      'workflow_status',
      'tasks',
      'workflow_activity_name',
      'workflow_started_on',
      'workflow_initiator_user',
      'workflow_initiator_email',
      'workflow_completed_on',
      'workflow_faulted_on',
      'workflow_instance_id',
    ]);
  });

  it('maps every default system field label to a column', () => {
    expect(Object.keys(SYSTEM_FIELD_COLUMNS)).toEqual([...DEFAULT_SYSTEM_FIELDS]);
    expect(SYSTEM_FIELD_COLUMNS['Created At']).toBe('created_on');
    expect(SYSTEM_FIELD_COLUMNS['Completed At']).toBe('workflow_completed_on');
    expect(SYSTEM_FIELD_COLUMNS['Expire At']).toBe('expire_at');
  });

  it('lists each system column once, status first', () => {
    expect(SYSTEM_COLUMNS[0]).toBe('status');
    expect(new Set(SYSTEM_COLUMNS).size).toBe(SYSTEM_COLUMNS.length);
    for (const column of [...WORKFLOW_COLUMNS, ...Object.values(SYSTEM_FIELD_COLUMNS)]) {
      expect(SYSTEM_COLUMNS).toContain(column);
    }
  });

  it('tells system columns from field names', () => {
    expect(isSystemColumn('created_on')).toBe(true);
    expect(isSystemColumn('status')).toBe(true);
    expect(isSystemColumn('amount')).toBe(false);
    expect(isSystemColumn('Created At')).toBe(false);
  });

  it('types each system column for casts and operators', () => {
    expect(systemColumnType('tasks')).toBe('number');
    expect(systemColumnType('created_by')).toBe('user');
    expect(systemColumnType('workflow_initiator_user')).toBe('user');
    expect(systemColumnType('workflow_started_on')).toBe('datetime');
    expect(systemColumnType('expire_at')).toBe('datetime');
    expect(systemColumnType('flow_name')).toBe('text');
    expect(systemColumnType('workflow_instance_id')).toBe('text');
  });
});

describe('fieldListKind', () => {
  const single = { multiUserSelected: false };
  it('reads each field type the way its value is stored', () => {
    expect(fieldListKind(single, 'number')).toBe('number');
    expect(fieldListKind(single, 'calculation-currency')).toBe('number');
    expect(fieldListKind(single, 'datetime')).toBe('datetime');
    expect(fieldListKind(single, 'checklist')).toBe('list');
    expect(fieldListKind(single, 'pull-data')).toBe('lookup');
    expect(fieldListKind(single, 'signature')).toBe('file');
    expect(fieldListKind(single, 'multi-file')).toBe('files');
    expect(fieldListKind(single, 'richtext')).toBe('text');
  });

  it('treats a user picker set to several users as a list of users', () => {
    expect(fieldListKind(single, 'user')).toBe('user');
    expect(fieldListKind({ multiUserSelected: true }, 'user')).toBe('users');
    expect(fieldListKind(single, 'multi-select-user')).toBe('users');
  });

  it('never lists passwords or buttons', () => {
    expect(fieldListKind(single, 'password')).toBeNull();
    expect(fieldListKind(single, 'button')).toBeNull();
  });
});
