import { flagsForKind, USER_KINDS, type UserKind } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import { AREA_KEYS } from '../../features/home/areas.ts';
import { canOpenRoute, ROUTE_ACCESS } from '../route-access.ts';

const everyone: readonly UserKind[] = USER_KINDS;
const builders: readonly UserKind[] = ['FULL_USER', 'CONSULTANT', 'ADMINISTRATOR', 'SYSTEM_ADMINISTRATOR'];
const settings: readonly UserKind[] = ['CONSULTANT', 'ADMINISTRATOR', 'SYSTEM_ADMINISTRATOR'];
const sysAdmins: readonly UserKind[] = ['SYSTEM_ADMINISTRATOR'];

/** Spec §2 route lists, word for word, with who may open each (spec §6). */
const EXPECTED: Record<string, readonly UserKind[]> = {
  '/tasks': everyone,
  '/app/user/profile': everyone,
  '/applications': everyone,
  '/module/:moduleId': everyone,
  '/item-editor/:moduleId': everyone,
  '/item-editor/:moduleId/:recordId/:taskId?': everyone,
  '/task-editor/:moduleId/:recordId?/:taskId?': everyone,
  '/schedule-editor/:moduleId': everyone,
  '/schedule-editor/:moduleId/:recordId': everyone,
  '/notifications': everyone,
  '/notifications/:id': everyone,

  '/business-intelligence': builders,
  '/business-intelligence-landing': builders,
  '/list-dashboard': builders,
  '/report-designer': builders,
  '/report-viewer': builders,
  '/reports': builders,
  '/inquiry': builders,
  '/dashboard': builders,
  '/dashboard-landing': builders,
  '/bi-reports': builders,
  '/permalink/file': builders,
  '/form-editor': builders,
  '/form-editor/show': builders,
  '/form-editor/show/:id': builders,
  '/referencedata': builders,
  '/referencedata/:id': builders,
  '/data-connector': builders,
  '/data-connector/:dcType': builders,
  '/data-connector/:dcType/:recordId': builders,

  '/settings': settings,
  '/settings/menu': settings,
  '/module-categories': settings,
  '/app/organization': settings,
  '/organization': settings,
  '/settings/roles-permissions': settings,
  '/settings/user-management': settings,
  '/settings/user-management/:license': settings,
  '/settings/user-detail': settings,
  '/settings/organization': settings,
  '/settings/team-management': settings,
  '/settings/team-management/detail': settings,
  '/webhooks': settings,
  '/webhooks/add': settings,
  '/webhooks/:id': settings,
  '/robotic-automation': settings,
  '/robotic-automation/add': settings,
  '/robotic-automation/:id': settings,
  '/connect-hub': settings,
  '/connect-hub/companies-house': settings,
  '/connect-hub/ecommerce': settings,
  '/connect-hub/store-key/add': settings,
  '/connect-hub/store-key/:id': settings,
  '/connect-hub/travel-management': settings,

  '/process-engine': sysAdmins,
  '/app/audit': sysAdmins,
  '/process/dashboard': sysAdmins,
};

describe('route access table (spec §2, §6)', () => {
  it('lists exactly the routes of spec §2, each once', () => {
    const paths = ROUTE_ACCESS.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s opens for %j only', (path, allowed) => {
    const opens = USER_KINDS.filter((kind) => canOpenRoute(path, flagsForKind(kind)));
    expect(opens).toEqual(USER_KINDS.filter((kind) => allowed.includes(kind)));
  });

  it('follows the flags, not the kinds: a bare consultant flag opens builder and settings pages', () => {
    const consultant = { isSysAdmin: false, isAdministrator: false, isConsultant: true, isFullUser: false };
    expect(canOpenRoute('/form-editor', consultant)).toBe(true);
    expect(canOpenRoute('/webhooks/:id', consultant)).toBe(true);
    expect(canOpenRoute('/process/dashboard', consultant)).toBe(false);
  });

  it('opens no route it does not know', () => {
    expect(canOpenRoute('/nowhere', flagsForKind('SYSTEM_ADMINISTRATOR'))).toBe(false);
  });

  it('names a known area for every route', () => {
    const areas: readonly string[] = AREA_KEYS;
    expect(ROUTE_ACCESS.filter((entry) => !areas.includes(entry.area))).toEqual([]);
  });
});
