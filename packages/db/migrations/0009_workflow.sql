CREATE TABLE "workflow_history" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"task_id" uuid,
	"activity_id" text NOT NULL,
	"activity_type" text NOT NULL,
	"activity_name" text NOT NULL,
	"action_type" text NOT NULL,
	"outcome" text,
	"message" text,
	"initiated_by" uuid,
	"assignee" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"module_version" integer NOT NULL,
	"status" text NOT NULL,
	"state" jsonb NOT NULL,
	"initiator_user" uuid,
	"started_on" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_on" timestamp with time zone,
	"faulted_on" timestamp with time zone,
	"fault_activity_id" text,
	"fault_message" text,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_task_assignees" (
	"task_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "workflow_task_assignees_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"activity_id" text NOT NULL,
	"activity_title" text NOT NULL,
	"task_type" text NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approvers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assigned_team_id" uuid,
	"assigned_from_user" uuid,
	"started_on" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_on" timestamp with time zone,
	"completed_by" uuid,
	"outcome" text,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_task_assignees" ADD CONSTRAINT "workflow_task_assignees_task_id_workflow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."workflow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_task_assignees" ADD CONSTRAINT "workflow_task_assignees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_history_record_idx" ON "workflow_history" USING btree ("record_id","seq");--> statement-breakpoint
CREATE INDEX "workflow_instances_record_idx" ON "workflow_instances" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "workflow_instances_status_idx" ON "workflow_instances" USING btree ("tenant_id","status","modified_on");--> statement-breakpoint
CREATE INDEX "workflow_task_assignees_user_idx" ON "workflow_task_assignees" USING btree ("tenant_id","user_id","task_id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_open_idx" ON "workflow_tasks" USING btree ("tenant_id","status","started_on");--> statement-breakpoint
CREATE INDEX "workflow_tasks_instance_idx" ON "workflow_tasks" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "workflow_tasks_record_idx" ON "workflow_tasks" USING btree ("record_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_instances');
--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_tasks');
--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_task_assignees');
--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_history');
--> statement-breakpoint
-- History is append-only for the app, like the audit log.
REVOKE UPDATE, DELETE ON workflow_history FROM formloop_app;
