-- Tenant isolation, second wall (the first is tenant_id in every repository call).
-- The app connects as the non-superuser role formloop_app; every transaction sets app.tenant_id
-- with set_config(..., true), and these policies hide every other tenant's rows.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'formloop_app') THEN
    CREATE ROLE formloop_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
-- Later migrations call this for each new tenant-owned table.
CREATE OR REPLACE FUNCTION app_enable_tenant_rls(target regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', target);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
    target);
END
$$;
--> statement-breakpoint
SELECT app_enable_tenant_rls('users');
--> statement-breakpoint
SELECT app_enable_tenant_rls('sessions');
--> statement-breakpoint
SELECT app_enable_tenant_rls('password_reset_tokens');
--> statement-breakpoint
SELECT app_enable_tenant_rls('audit_log');
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO formloop_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO formloop_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO formloop_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO formloop_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO formloop_app;
--> statement-breakpoint
-- The audit log is append-only for the app; tenants are provisioned by the owner, not the app.
REVOKE UPDATE, DELETE ON audit_log FROM formloop_app;
--> statement-breakpoint
REVOKE INSERT, DELETE ON tenants FROM formloop_app;
