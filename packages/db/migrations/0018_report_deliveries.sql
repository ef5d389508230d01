CREATE TABLE "report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"recipient_ids" uuid[] NOT NULL,
	"format" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"cron" text NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_outcome" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_deliveries_due_idx" ON "report_deliveries" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "report_deliveries_report_idx" ON "report_deliveries" USING btree ("tenant_id","report_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('report_deliveries');
--> statement-breakpoint
-- The delivery tick looks across tenants for due deliveries (ids only); everything it then does runs
-- in that delivery's tenant transaction under the row-level policies (as app_due_task_schedules).
CREATE OR REPLACE FUNCTION app_due_report_deliveries(due_before timestamptz, max_rows integer)
  RETURNS TABLE(id uuid, tenant_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT d.id, d.tenant_id FROM report_deliveries d
    WHERE d.status = 'active' AND d.next_run_at <= due_before
    ORDER BY d.next_run_at
    LIMIT max_rows
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_due_report_deliveries(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_due_report_deliveries(timestamptz, integer) TO formloop_app;
