import { AreaNotBuiltPage } from '../../home/pages/area-not-built-page.tsx';

/** Being built in this issue; until then the honest not-built page. */
export function AuditTrailPage() {
  return <AreaNotBuiltPage area="auditTrail" />;
}
