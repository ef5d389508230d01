CREATE TABLE "module_email_templates" (
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"event" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"modified_by" uuid,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_email_templates_module_id_event_pk" PRIMARY KEY("module_id","event")
);
--> statement-breakpoint
CREATE TABLE "module_favourites" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_favourites_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "module_usage" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_usage_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "module_versions" (
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"module_version" integer NOT NULL,
	"module" jsonb NOT NULL,
	"workflow" jsonb,
	"published_by" uuid,
	"published_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_versions_module_id_module_version_pk" PRIMARY KEY("module_id","module_version")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"module_description" text DEFAULT '' NOT NULL,
	"application_module_category_id" uuid,
	"app_icon" text,
	"add_to_quick_launch" boolean DEFAULT false NOT NULL,
	"ocr_provider_id" uuid,
	"ocr_provider_name" text,
	"ml_service_id" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"help_file_url" text,
	"module_version" integer DEFAULT 0 NOT NULL,
	"module_draft" jsonb NOT NULL,
	"module_published" jsonb,
	"workflow_draft" jsonb,
	"workflow_published" jsonb,
	"is_reassignment_disabled" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"published_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ml_service_id" uuid NOT NULL,
	"ai_service_name" text NOT NULL,
	"ai_service_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ml_providers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ocr_provider_name" text NOT NULL,
	"single_service" boolean DEFAULT false NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ml_services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"ml_service_name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"category_name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_list_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"value" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key_name" text NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "module_email_templates" ADD CONSTRAINT "module_email_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_email_templates" ADD CONSTRAINT "module_email_templates_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_favourites" ADD CONSTRAINT "module_favourites_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_favourites" ADD CONSTRAINT "module_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_favourites" ADD CONSTRAINT "module_favourites_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_usage" ADD CONSTRAINT "module_usage_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_usage" ADD CONSTRAINT "module_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_usage" ADD CONSTRAINT "module_usage_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_versions" ADD CONSTRAINT "module_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_versions" ADD CONSTRAINT "module_versions_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_application_module_category_id_module_categories_id_fk" FOREIGN KEY ("application_module_category_id") REFERENCES "public"."module_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_templates" ADD CONSTRAINT "record_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_templates" ADD CONSTRAINT "record_templates_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_services" ADD CONSTRAINT "ai_services_ml_service_id_ml_services_id_fk" FOREIGN KEY ("ml_service_id") REFERENCES "public"."ml_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_services" ADD CONSTRAINT "ml_services_provider_id_ml_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."ml_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_categories" ADD CONSTRAINT "reference_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_list_rows" ADD CONSTRAINT "reference_list_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_list_rows" ADD CONSTRAINT "reference_list_rows_list_id_reference_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."reference_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_lists" ADD CONSTRAINT "reference_lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "module_favourites_tenant_user_idx" ON "module_favourites" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "module_usage_tenant_user_idx" ON "module_usage" USING btree ("tenant_id","user_id","use_count");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_tenant_name_key" ON "modules" USING btree ("tenant_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "modules_tenant_category_idx" ON "modules" USING btree ("tenant_id","application_module_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_templates_module_name_key" ON "record_templates" USING btree ("tenant_id","module_id",lower("template_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reference_categories_tenant_name_key" ON "reference_categories" USING btree ("tenant_id",lower("category_name"));--> statement-breakpoint
CREATE INDEX "reference_list_rows_list_order_idx" ON "reference_list_rows" USING btree ("tenant_id","list_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_lists_tenant_key_key" ON "reference_lists" USING btree ("tenant_id",lower("key_name"));--> statement-breakpoint
SELECT app_enable_tenant_rls('modules');
--> statement-breakpoint
SELECT app_enable_tenant_rls('module_versions');
--> statement-breakpoint
SELECT app_enable_tenant_rls('module_email_templates');
--> statement-breakpoint
SELECT app_enable_tenant_rls('module_favourites');
--> statement-breakpoint
SELECT app_enable_tenant_rls('module_usage');
--> statement-breakpoint
SELECT app_enable_tenant_rls('record_templates');
--> statement-breakpoint
SELECT app_enable_tenant_rls('reference_categories');
--> statement-breakpoint
SELECT app_enable_tenant_rls('reference_lists');
--> statement-breakpoint
SELECT app_enable_tenant_rls('reference_list_rows');
--> statement-breakpoint
-- The OCR / ML catalogue (same for every tenant). Fixed ids so licences and seeds can name them.
INSERT INTO ml_providers (id, ocr_provider_name, single_service, order_index) VALUES
  ('0a1e0000-0000-4000-8000-000000000001', 'Azure', false, 1),
  ('0a1e0000-0000-4000-8000-000000000002', 'Google', false, 2),
  ('0a1e0000-0000-4000-8000-000000000003', 'AWS', false, 3),
  ('0a1e0000-0000-4000-8000-000000000004', 'OpenAI', true, 4);
--> statement-breakpoint
INSERT INTO ml_services (id, provider_id, ml_service_name, order_index) VALUES
  ('0a1e0000-0000-4000-8001-000000000001', '0a1e0000-0000-4000-8000-000000000001', 'Form Recognizer', 1),
  ('0a1e0000-0000-4000-8001-000000000002', '0a1e0000-0000-4000-8000-000000000001', 'Computer Vision', 2),
  ('0a1e0000-0000-4000-8001-000000000003', '0a1e0000-0000-4000-8000-000000000001', 'Text Analytics', 3),
  ('0a1e0000-0000-4000-8001-000000000004', '0a1e0000-0000-4000-8000-000000000002', 'Document AI', 1),
  ('0a1e0000-0000-4000-8001-000000000005', '0a1e0000-0000-4000-8000-000000000002', 'Vision', 2),
  ('0a1e0000-0000-4000-8001-000000000006', '0a1e0000-0000-4000-8000-000000000003', 'Textract', 1),
  ('0a1e0000-0000-4000-8001-000000000007', '0a1e0000-0000-4000-8000-000000000003', 'Comprehend', 2),
  ('0a1e0000-0000-4000-8001-000000000008', '0a1e0000-0000-4000-8000-000000000004', 'GPT-4o', 1),
  ('0a1e0000-0000-4000-8001-000000000009', '0a1e0000-0000-4000-8000-000000000004', 'GPT-4o mini', 2);
--> statement-breakpoint
INSERT INTO ai_services (id, ml_service_id, ai_service_name, ai_service_code) VALUES
  ('0a1e0000-0000-4000-8002-000000000001', '0a1e0000-0000-4000-8001-000000000001', 'Invoice extraction', 'prebuilt-invoice'),
  ('0a1e0000-0000-4000-8002-000000000002', '0a1e0000-0000-4000-8001-000000000001', 'Receipt extraction', 'prebuilt-receipt'),
  ('0a1e0000-0000-4000-8002-000000000003', '0a1e0000-0000-4000-8001-000000000006', 'Document text', 'detect-document-text'),
  ('0a1e0000-0000-4000-8002-000000000004', '0a1e0000-0000-4000-8001-000000000008', 'Document understanding', 'gpt-4o-vision'),
  ('0a1e0000-0000-4000-8002-000000000005', '0a1e0000-0000-4000-8001-000000000009', 'Document understanding', 'gpt-4o-mini-vision');
--> statement-breakpoint
-- The catalogue is read-only to the application role.
REVOKE INSERT, UPDATE, DELETE ON ml_providers, ml_services, ai_services FROM formloop_app;
