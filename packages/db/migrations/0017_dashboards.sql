CREATE TABLE "dashboard_user_state" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dashboard_id" uuid NOT NULL,
	"filter_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_user_state_user_id_dashboard_id_pk" PRIMARY KEY("user_id","dashboard_id")
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sharing" text DEFAULT 'private' NOT NULL,
	"team_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refresh_seconds" integer DEFAULT 0 NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_user_state" ADD CONSTRAINT "dashboard_user_state_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_user_state" ADD CONSTRAINT "dashboard_user_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_user_state" ADD CONSTRAINT "dashboard_user_state_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_user_state_dashboard_idx" ON "dashboard_user_state" USING btree ("dashboard_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_user_state_default_key" ON "dashboard_user_state" USING btree ("user_id") WHERE "dashboard_user_state"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_tenant_owner_name_key" ON "dashboards" USING btree ("tenant_id","owner_id",lower("name"));--> statement-breakpoint
SELECT app_enable_tenant_rls('dashboards');--> statement-breakpoint
SELECT app_enable_tenant_rls('dashboard_user_state');