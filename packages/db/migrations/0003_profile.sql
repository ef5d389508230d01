CREATE TABLE "security_policies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"password_min_length" integer DEFAULT 3 NOT NULL,
	"password_max_length" integer DEFAULT 50 NOT NULL,
	"security_questions_required" integer DEFAULT 3 NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_policies_password_range" CHECK ("security_policies"."password_min_length" >= 3 AND "security_policies"."password_max_length" <= 50 AND "security_policies"."password_min_length" <= "security_policies"."password_max_length"),
	CONSTRAINT "security_policies_questions_range" CHECK ("security_policies"."security_questions_required" BETWEEN 1 AND 8)
);
--> statement-breakpoint
CREATE TABLE "user_security_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"question_key" text NOT NULL,
	"answer_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_policies" ADD CONSTRAINT "security_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_answers" ADD CONSTRAINT "user_security_answers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_answers" ADD CONSTRAINT "user_security_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_security_answers_user_question_key" ON "user_security_answers" USING btree ("tenant_id","user_id","question_key");--> statement-breakpoint
-- Both tables are tenant-owned: the second wall of tenant isolation (see 0001_tenant_rls.sql).
SELECT app_enable_tenant_rls('security_policies');
--> statement-breakpoint
SELECT app_enable_tenant_rls('user_security_answers');
