CREATE TABLE "report_favourites" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"added_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_favourites_user_id_report_id_pk" PRIMARY KEY("user_id","report_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"sharing" text DEFAULT 'private' NOT NULL,
	"team_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"definition" jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_favourites" ADD CONSTRAINT "report_favourites_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_favourites" ADD CONSTRAINT "report_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_favourites" ADD CONSTRAINT "report_favourites_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_favourites_report_idx" ON "report_favourites" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_tenant_owner_name_key" ON "reports" USING btree ("tenant_id","owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "reports_tenant_module_idx" ON "reports" USING btree ("tenant_id","module_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('reports');--> statement-breakpoint
SELECT app_enable_tenant_rls('report_favourites');