import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { licenceExpiredPath, useTenantInfo } from '../queries.ts';

/** After sign-in, tenant info is fetched; a 403 (expired licence) leads to /403 (spec §6, §8). */
export function LicenceCheck() {
  const navigate = useNavigate();
  const { error } = useTenantInfo();
  useEffect(() => {
    if (isApiError(error) && error.status === 403)
      void navigate(licenceExpiredPath(error.message), { replace: true });
  }, [error, navigate]);
  return null;
}
