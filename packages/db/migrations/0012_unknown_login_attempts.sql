CREATE TABLE "unknown_login_attempts" (
	"tenant_id" uuid NOT NULL,
	"username_key" text NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"lockout_until" timestamp with time zone,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unknown_login_attempts_tenant_id_username_key_pk" PRIMARY KEY("tenant_id","username_key")
);
--> statement-breakpoint
ALTER TABLE "unknown_login_attempts" ADD CONSTRAINT "unknown_login_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT app_enable_tenant_rls('unknown_login_attempts');
