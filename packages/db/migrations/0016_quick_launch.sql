CREATE TABLE "user_quick_launch" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"order_index" integer NOT NULL,
	CONSTRAINT "user_quick_launch_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
ALTER TABLE "user_quick_launch" ADD CONSTRAINT "user_quick_launch_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quick_launch" ADD CONSTRAINT "user_quick_launch_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quick_launch" ADD CONSTRAINT "user_quick_launch_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_quick_launch_tenant_user_idx" ON "user_quick_launch" USING btree ("tenant_id","user_id","order_index");--> statement-breakpoint
CREATE INDEX "user_quick_launch_module_idx" ON "user_quick_launch" USING btree ("module_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('user_quick_launch');
