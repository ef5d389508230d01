-- Record storage per app (ADR 0013). `records` becomes LIST-partitioned by module_id, one partition
-- per app, so an app's indexes, statistics and plans are its own. The old table is kept aside as
-- records_unpartitioned; upgradeRecordStorage (packages/db/src/record-storage.ts) moves its rows app
-- by app in committed batches after the migrations (resumable: what is left there is what is still to
-- move), then validates the foreign keys added here NOT VALID and drops it.
ALTER TABLE "record_comments" DROP CONSTRAINT "record_comments_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "workflow_history" DROP CONSTRAINT "workflow_history_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "workflow_instances" DROP CONSTRAINT "workflow_instances_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "workflow_tasks" DROP CONSTRAINT "workflow_tasks_record_id_records_id_fk";
--> statement-breakpoint
DROP VIEW "record_list_source";
--> statement-breakpoint
ALTER TABLE "records" RENAME TO "records_unpartitioned";
--> statement-breakpoint
ALTER TABLE "records_unpartitioned" RENAME CONSTRAINT "records_pkey" TO "records_unpartitioned_pkey";
--> statement-breakpoint
ALTER TABLE "records_unpartitioned" RENAME CONSTRAINT "records_tenant_id_tenants_id_fk" TO "records_unpartitioned_tenant_fk";
--> statement-breakpoint
ALTER TABLE "records_unpartitioned" RENAME CONSTRAINT "records_module_id_modules_id_fk" TO "records_unpartitioned_module_fk";
--> statement-breakpoint
ALTER INDEX "records_module_list_idx" RENAME TO "records_unpartitioned_list_idx";
--> statement-breakpoint
ALTER INDEX "records_tenant_idx" RENAME TO "records_unpartitioned_tenant_idx";
--> statement-breakpoint
-- The move walks each app's rows in id order (seconds to build at a million rows).
CREATE INDEX "records_unpartitioned_move_idx" ON "records_unpartitioned" USING btree ("module_id","id");
--> statement-breakpoint
CREATE TABLE "records" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"module_version" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_draft" boolean DEFAULT true NOT NULL,
	"workflow_status" text,
	"workflow_activity_name" text,
	"workflow_started_on" timestamp with time zone,
	"workflow_initiator_user" uuid,
	"workflow_initiator_email" text,
	"workflow_completed_on" timestamp with time zone,
	"workflow_faulted_on" timestamp with time zone,
	"workflow_instance_id" uuid,
	"tasks" integer DEFAULT 0 NOT NULL,
	"flow_name" text,
	"submitted_on" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_pkey" PRIMARY KEY ("module_id", "id")
) PARTITION BY LIST ("module_id");
--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "records_module_list_idx" ON "records" USING btree ("module_id","is_draft","created_on" DESC NULLS LAST,"id");
--> statement-breakpoint
SELECT app_enable_tenant_rls('records');
--> statement-breakpoint
CREATE VIEW record_list_source AS SELECT * FROM records WHERE tenant_id = app_current_tenant();
--> statement-breakpoint
GRANT SELECT ON record_list_source TO formloop_app;
--> statement-breakpoint
-- One partition per app, made when the app is made (drafts hold records before any publish).
CREATE FUNCTION app_record_partition(p_module uuid) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT 'records_' || replace(p_module::text, '-', '') $$;
--> statement-breakpoint
CREATE FUNCTION app_create_record_partition(p_module uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  partition_name text := app_record_partition(p_module);
BEGIN
  IF to_regclass(partition_name) IS NOT NULL THEN RETURN; END IF;
  -- Made apart and attached: CREATE TABLE ... PARTITION OF would take an ACCESS EXCLUSIVE lock on
  -- records (every app's reads and writes wait); ATTACH takes SHARE UPDATE EXCLUSIVE, and the CHECK
  -- constraint spares it the scan proving the (empty) table fits.
  EXECUTE format('CREATE TABLE %I (LIKE records INCLUDING DEFAULTS)', partition_name);
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (module_id = %L::uuid)',
    partition_name, partition_name || '_app', p_module);
  EXECUTE format('ALTER TABLE records ATTACH PARTITION %I FOR VALUES IN (%L::uuid)', partition_name, p_module);
  -- Statements through records use its policy; these hold for a partition read directly.
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', partition_name);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', partition_name);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
    partition_name);
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_drop_record_partition(p_module uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  partition_name text := app_record_partition(p_module);
BEGIN
  IF to_regclass(partition_name) IS NULL THEN RETURN; END IF;
  -- An index build on the partition (CREATE INDEX CONCURRENTLY after a publish) waits for every
  -- older transaction, this one included, while holding a lock this one needs: a deadlock. Stop
  -- it (its half-built index goes with the partition), then hold the partition so no new build
  -- starts before the drop (a build starting now waits for this transaction instead).
  PERFORM pg_cancel_backend(p.pid) FROM pg_stat_progress_create_index p
    WHERE p.relid = to_regclass(partition_name) AND p.pid <> pg_backend_pid();
  EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', partition_name);
  -- The rows referencing the app's records go first (they would go with the app anyway): a
  -- partition that rows of other tables reference cannot be detached. Detaching and dropping lock
  -- records briefly (ACCESS EXCLUSIVE): apps are deleted seldom, records are written all the time.
  DELETE FROM record_comments WHERE module_id = p_module;
  DELETE FROM workflow_history WHERE module_id = p_module;
  DELETE FROM workflow_tasks WHERE module_id = p_module;
  DELETE FROM workflow_instances WHERE module_id = p_module;
  EXECUTE format('ALTER TABLE records DETACH PARTITION %I', partition_name);
  EXECUTE format('DROP TABLE %I', partition_name);
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_record_partition_on_module() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_create_record_partition(NEW.id);
    RETURN NEW;
  END IF;
  PERFORM app_drop_record_partition(OLD.id);
  RETURN OLD;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_create_record_partition(uuid), app_drop_record_partition(uuid), app_record_partition_on_module() FROM PUBLIC;
--> statement-breakpoint
-- Every way an app is made or deleted (the API, the demo seed, a tenant's deletion cascading) makes
-- or drops its partition in the same transaction.
CREATE TRIGGER modules_record_partition_create AFTER INSERT ON modules FOR EACH ROW EXECUTE FUNCTION app_record_partition_on_module();
--> statement-breakpoint
CREATE TRIGGER modules_record_partition_drop BEFORE DELETE ON modules FOR EACH ROW EXECUTE FUNCTION app_record_partition_on_module();
--> statement-breakpoint
SELECT app_create_record_partition(id) FROM modules;
--> statement-breakpoint
ALTER TABLE "record_comments" ADD CONSTRAINT "record_comments_record_fk" FOREIGN KEY ("module_id", "record_id") REFERENCES "public"."records"("module_id", "id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_record_fk" FOREIGN KEY ("module_id", "record_id") REFERENCES "public"."records"("module_id", "id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_record_fk" FOREIGN KEY ("module_id", "record_id") REFERENCES "public"."records"("module_id", "id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_record_fk" FOREIGN KEY ("module_id", "record_id") REFERENCES "public"."records"("module_id", "id") ON DELETE cascade ON UPDATE no action NOT VALID;
