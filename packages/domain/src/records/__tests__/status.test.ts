import { describe, expect, it } from 'vitest';
import { deriveAppStatus, deriveRecordStatus, displayStatus } from '../status.ts';

const STARTED = '2024-05-01T10:00:00Z';
const COMPLETED = '2024-05-02T10:00:00Z';
const FAULTED = '2024-05-03T10:00:00Z';

describe('deriveRecordStatus', () => {
  it('is Draft without any workflow data', () => {
    expect(deriveRecordStatus({})).toBe('Draft');
    expect(
      deriveRecordStatus({
        workflow_status: null,
        workflow_started_on: null,
        workflow_completed_on: null,
        workflow_faulted_on: null,
      }),
    ).toBe('Draft');
  });

  it('is In Progress once started', () => {
    expect(deriveRecordStatus({ workflow_started_on: STARTED })).toBe('In Progress');
    expect(deriveRecordStatus({ workflow_status: 'Running', workflow_started_on: new Date(STARTED) })).toBe(
      'In Progress',
    );
  });

  it('is Completed with a completed-on time, started or not', () => {
    expect(deriveRecordStatus({ workflow_started_on: STARTED, workflow_completed_on: COMPLETED })).toBe(
      'Completed',
    );
    expect(deriveRecordStatus({ workflow_completed_on: COMPLETED })).toBe('Completed');
  });

  it('is Faulted whenever workflow_status is Faulted, before anything else', () => {
    expect(deriveRecordStatus({ workflow_status: 'Faulted' })).toBe('Faulted');
    expect(
      deriveRecordStatus({
        workflow_status: 'Faulted',
        workflow_started_on: STARTED,
        workflow_completed_on: COMPLETED,
      }),
    ).toBe('Faulted');
    expect(deriveRecordStatus({ workflow_status: ' faulted ' })).toBe('Faulted');
  });

  it('does not derive Faulted from a faulted-on time alone, and such a record is Draft (literal spec)', () => {
    expect(
      deriveRecordStatus({
        workflow_status: 'Running',
        workflow_started_on: STARTED,
        workflow_faulted_on: FAULTED,
      }),
    ).toBe('Draft');
  });

  it('still says Completed when both completed-on and faulted-on are set without the Faulted status', () => {
    expect(
      deriveRecordStatus({
        workflow_started_on: STARTED,
        workflow_completed_on: COMPLETED,
        workflow_faulted_on: FAULTED,
      }),
    ).toBe('Completed');
  });

  it("treats '' , blanks and invalid Dates as unset timestamps", () => {
    expect(deriveRecordStatus({ workflow_started_on: '', workflow_completed_on: '  ' })).toBe('Draft');
    expect(deriveRecordStatus({ workflow_started_on: STARTED, workflow_faulted_on: '' })).toBe('In Progress');
    expect(deriveRecordStatus({ workflow_completed_on: new Date('nonsense') })).toBe('Draft');
  });

  it('does not treat other statuses as Faulted', () => {
    expect(deriveRecordStatus({ workflow_status: 'Faulted - retry' })).toBe('Draft');
    expect(deriveRecordStatus({ workflow_status: 'Completed' })).toBe('Draft');
  });
});

describe('displayStatus', () => {
  it('appends the workflow status', () => {
    expect(displayStatus({ workflow_status: 'Running', workflow_started_on: STARTED })).toBe(
      'In Progress - Running',
    );
    expect(displayStatus({ workflow_status: 'Returned', workflow_started_on: STARTED })).toBe(
      'In Progress - Returned',
    );
    expect(displayStatus({ workflow_status: 'Suspended' })).toBe('Draft - Suspended');
  });

  it('appends even Faulted to Faulted, as the spec reads', () => {
    expect(displayStatus({ workflow_status: 'Faulted' })).toBe('Faulted - Faulted');
  });

  it('does not append Completed, Starting or an empty status', () => {
    expect(displayStatus({ workflow_status: 'Completed', workflow_completed_on: COMPLETED })).toBe(
      'Completed',
    );
    expect(displayStatus({ workflow_status: 'Starting', workflow_started_on: STARTED })).toBe('In Progress');
    expect(displayStatus({ workflow_status: 'Starting' })).toBe('Draft');
    expect(displayStatus({ workflow_status: '', workflow_started_on: STARTED })).toBe('In Progress');
    expect(displayStatus({ workflow_status: '   ' })).toBe('Draft');
    expect(displayStatus({ workflow_status: null })).toBe('Draft');
    expect(displayStatus({})).toBe('Draft');
  });

  it('matches Completed and Starting case-insensitively and trims what it appends', () => {
    expect(displayStatus({ workflow_status: 'completed', workflow_completed_on: COMPLETED })).toBe(
      'Completed',
    );
    expect(displayStatus({ workflow_status: ' STARTING ' })).toBe('Draft');
    expect(displayStatus({ workflow_status: ' Running ', workflow_started_on: STARTED })).toBe(
      'In Progress - Running',
    );
  });
});

describe('deriveAppStatus', () => {
  it('is Published once a published version exists', () => {
    expect(deriveAppStatus({ module_published: { fieldGroups: [] } })).toBe('Published');
    expect(deriveAppStatus({ module_published: '{"fieldGroups":[]}' })).toBe('Published');
  });

  it('is Draft without one', () => {
    expect(deriveAppStatus({})).toBe('Draft');
    expect(deriveAppStatus({ module_published: null })).toBe('Draft');
    expect(deriveAppStatus({ module_published: '' })).toBe('Draft');
  });
});
