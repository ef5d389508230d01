CREATE TABLE "email_send_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid,
	"record_id" uuid,
	"event" text NOT NULL,
	"recipients" text[] NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_schedule_activities" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"ran_on" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"record_id" uuid,
	"message" text,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "task_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cron" text NOT NULL,
	"time_zone" text NOT NULL,
	"status" text NOT NULL,
	"record_values" jsonb NOT NULL,
	"submit" text DEFAULT 'submit' NOT NULL,
	"run_as" uuid NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_send_log" ADD CONSTRAINT "email_send_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedule_activities" ADD CONSTRAINT "task_schedule_activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedule_activities" ADD CONSTRAINT "task_schedule_activities_schedule_id_task_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."task_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_send_log_tenant_created_idx" ON "email_send_log" USING btree ("tenant_id","created_on");--> statement-breakpoint
CREATE INDEX "task_schedule_activities_schedule_idx" ON "task_schedule_activities" USING btree ("schedule_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "task_schedule_activities_run_idx" ON "task_schedule_activities" USING btree ("schedule_id","scheduled_for","outcome");--> statement-breakpoint
CREATE INDEX "task_schedules_module_idx" ON "task_schedules" USING btree ("tenant_id","module_id");--> statement-breakpoint
CREATE INDEX "task_schedules_due_idx" ON "task_schedules" USING btree ("status","next_run_at");--> statement-breakpoint
SELECT app_enable_tenant_rls('task_schedules');
--> statement-breakpoint
SELECT app_enable_tenant_rls('task_schedule_activities');
--> statement-breakpoint
SELECT app_enable_tenant_rls('email_send_log');
--> statement-breakpoint
-- The scheduler's tick looks across tenants for due schedules (ids only); everything it then does
-- runs in that schedule's tenant transaction under the row-level policies.
CREATE OR REPLACE FUNCTION app_due_task_schedules(due_before timestamptz, max_rows integer)
  RETURNS TABLE(id uuid, tenant_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT s.id, s.tenant_id FROM task_schedules s
    WHERE s.status = 'active' AND s.next_run_at <= due_before
    ORDER BY s.next_run_at
    LIMIT max_rows
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_due_task_schedules(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_due_task_schedules(timestamptz, integer) TO formloop_app;
