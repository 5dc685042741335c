CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"maker_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checker_user_id" integer,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "transfer_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_threshold" bigint NOT NULL,
	"customer_daily_limit" bigint NOT NULL,
	"max_transfer" bigint NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"change_request_id" integer
);
--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_checker_user_id_users_id_fk" FOREIGN KEY ("checker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_limits" ADD CONSTRAINT "transfer_limits_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_requests_status_idx" ON "change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_kind_idx" ON "change_requests" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_one_pending_idx" ON "change_requests" USING btree ("kind","subject") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "transfer_limits_effective_idx" ON "transfer_limits" USING btree ("effective_from");