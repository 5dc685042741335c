CREATE TABLE "fee_schedule_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	"maker_user_id" integer,
	"checker_user_id" integer,
	"change_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The bands already installed become each flow's first schedule, in force since they were created.
INSERT INTO "fee_schedule_versions" ("flow_id", "effective_from")
	SELECT "flow_id", min("created_at") FROM "fee_schedule" GROUP BY "flow_id";--> statement-breakpoint
ALTER TABLE "fee_schedule" ADD COLUMN "version_id" integer;--> statement-breakpoint
UPDATE "fee_schedule" SET "version_id" = v."id" FROM "fee_schedule_versions" v WHERE v."flow_id" = "fee_schedule"."flow_id";--> statement-breakpoint
ALTER TABLE "fee_schedule" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_schedule_versions" ADD CONSTRAINT "fee_schedule_versions_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedule_versions" ADD CONSTRAINT "fee_schedule_versions_checker_user_id_users_id_fk" FOREIGN KEY ("checker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedule_versions" ADD CONSTRAINT "fee_schedule_versions_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_schedule_versions_current_idx" ON "fee_schedule_versions" USING btree ("flow_id") WHERE "fee_schedule_versions"."effective_to" IS NULL;--> statement-breakpoint
CREATE INDEX "fee_schedule_versions_flow_from_idx" ON "fee_schedule_versions" USING btree ("flow_id","effective_from");--> statement-breakpoint
ALTER TABLE "fee_schedule" ADD CONSTRAINT "fee_schedule_version_id_fee_schedule_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."fee_schedule_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_schedule_version_idx" ON "fee_schedule" USING btree ("version_id","min_amount");