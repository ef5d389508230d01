CREATE TABLE "module_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"category_name" text NOT NULL,
	"category_icon" text,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_preferences" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"date_format" text DEFAULT 'YYYY-MM-DD' NOT NULL,
	"datetime_format" text DEFAULT 'YYYY-MM-DD HH:mm:ss' NOT NULL,
	"time_format" text DEFAULT 'HH:mm:ss' NOT NULL,
	"modified_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "module_categories" ADD CONSTRAINT "module_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_preferences" ADD CONSTRAINT "organization_preferences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "module_categories_tenant_name_key" ON "module_categories" USING btree ("tenant_id",lower("category_name"));--> statement-breakpoint
SELECT app_enable_tenant_rls('organization_preferences');
--> statement-breakpoint
SELECT app_enable_tenant_rls('module_categories');
