CREATE TABLE "sso_sign_in_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"cause" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"occurred_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_sign_in_failures" ADD CONSTRAINT "sso_sign_in_failures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_sign_in_failures_tenant_time_idx" ON "sso_sign_in_failures" USING btree ("tenant_id","occurred_on");--> statement-breakpoint
SELECT app_enable_tenant_rls('sso_sign_in_failures');