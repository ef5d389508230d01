-- Record lists read through this view instead of the records table (ADR 0006). Under FORCE ROW LEVEL
-- SECURITY PostgreSQL may only use an index for a condition whose functions are all LEAKPROOF, and the
-- jsonb operators, LIKE/ILIKE and numeric comparisons of list filters are not: every filtered list
-- would scan the whole app. The view is owned by the migration role (which bypasses row-level security
-- as superuser or table owner without FORCE) and applies the same tenant condition as the policy as an
-- ordinary WHERE clause, so the per-app expression indexes serve the filters. The app role may only
-- SELECT from it; every write still goes to records, under its policies.
CREATE VIEW record_list_source AS SELECT * FROM records WHERE tenant_id = app_current_tenant();
--> statement-breakpoint
GRANT SELECT ON record_list_source TO formloop_app;
