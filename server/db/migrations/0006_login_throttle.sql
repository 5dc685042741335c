CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_migrations" ADD COLUMN "status" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_migrations" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_migrations" ADD COLUMN "checker_user_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_migrations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_migrations" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "wallet_migrations" ADD CONSTRAINT "wallet_migrations_checker_user_id_users_id_fk" FOREIGN KEY ("checker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_migrations_status_idx" ON "wallet_migrations" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";