CREATE TABLE "record_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"author_id" uuid,
	"message" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_list_configs" (
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"user_id" uuid,
	"tab_config" text DEFAULT 'records' NOT NULL,
	"data" jsonb NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_list_configs_key" UNIQUE NULLS NOT DISTINCT("module_id","user_id","tab_config")
);
--> statement-breakpoint
CREATE TABLE "record_sequences" (
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "record_sequences_module_id_field_name_pk" PRIMARY KEY("module_id","field_name")
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
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
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage" text DEFAULT 'local' NOT NULL,
	"module_id" uuid,
	"record_id" uuid,
	"field_name" text,
	"uploaded_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_comments" ADD CONSTRAINT "record_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_comments" ADD CONSTRAINT "record_comments_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_comments" ADD CONSTRAINT "record_comments_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_imports" ADD CONSTRAINT "record_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_imports" ADD CONSTRAINT "record_imports_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_list_configs" ADD CONSTRAINT "record_list_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_list_configs" ADD CONSTRAINT "record_list_configs_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_sequences" ADD CONSTRAINT "record_sequences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_sequences" ADD CONSTRAINT "record_sequences_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_comments_record_idx" ON "record_comments" USING btree ("record_id","created_on");--> statement-breakpoint
CREATE INDEX "record_imports_module_idx" ON "record_imports" USING btree ("tenant_id","module_id","created_on");--> statement-breakpoint
CREATE INDEX "records_module_list_idx" ON "records" USING btree ("module_id","is_draft","created_on" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "records_tenant_idx" ON "records" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key_key" ON "stored_files" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "stored_files_record_idx" ON "stored_files" USING btree ("tenant_id","record_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('records');
--> statement-breakpoint
SELECT app_enable_tenant_rls('record_sequences');
--> statement-breakpoint
SELECT app_enable_tenant_rls('record_comments');
--> statement-breakpoint
SELECT app_enable_tenant_rls('stored_files');
--> statement-breakpoint
SELECT app_enable_tenant_rls('record_list_configs');
--> statement-breakpoint
SELECT app_enable_tenant_rls('record_imports');
--> statement-breakpoint
-- Trigram indexes serve the record list's contains / starts-with / ends-with filters on text fields.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
