CREATE TABLE "sso_saml_requests" (
	"tenant_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_saml_requests_tenant_id_request_id_pk" PRIMARY KEY("tenant_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_sso_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"saml" jsonb NOT NULL,
	"oidc" jsonb NOT NULL,
	"oidc_client_secret_sealed" text,
	"jit_enabled" boolean DEFAULT false NOT NULL,
	"jit_user_kind" text DEFAULT 'USER' NOT NULL,
	"trust_idp_mfa" boolean DEFAULT false NOT NULL,
	"modified_by" uuid,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_saml_requests" ADD CONSTRAINT "sso_saml_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_sso_settings" ADD CONSTRAINT "tenant_sso_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_saml_requests_created_idx" ON "sso_saml_requests" USING btree ("tenant_id","created_on");--> statement-breakpoint
SELECT app_enable_tenant_rls('tenant_sso_settings');
--> statement-breakpoint
SELECT app_enable_tenant_rls('sso_saml_requests');
