CREATE SEQUENCE "public"."transfer_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"maker_user_id" integer NOT NULL,
	"source_account_id" integer NOT NULL,
	"counterparty_account_id" integer NOT NULL,
	"destination_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"reason" text,
	"checker_user_id" integer,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transaction_id" bigint NOT NULL,
	"bank_id" integer
);
--> statement-breakpoint
CREATE TABLE "fee_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"flow_id" text NOT NULL,
	"fixed_fee" bigint,
	"percent_fee_bp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_overrides_some_fee_check" CHECK ("fee_overrides"."fixed_fee" IS NOT NULL OR "fee_overrides"."percent_fee_bp" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "fee_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"fixed_fee" bigint DEFAULT 0 NOT NULL,
	"percent_fee_bp" integer DEFAULT 0 NOT NULL,
	"min_fee" bigint DEFAULT 0 NOT NULL,
	"max_fee" bigint,
	"commission_share_bp" integer DEFAULT 0 NOT NULL,
	"commission_rate_bp" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_schedule_band_check" CHECK ("fee_schedule"."min_amount" > 0 AND "fee_schedule"."min_amount" <= "fee_schedule"."max_amount")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"flow_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"http_status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"request_id" text,
	"at" timestamp with time zone NOT NULL,
	"balances" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"transaction_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "flow_id" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_source_account_id_accounts_id_fk" FOREIGN KEY ("source_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_counterparty_account_id_accounts_id_fk" FOREIGN KEY ("counterparty_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_destination_account_id_accounts_id_fk" FOREIGN KEY ("destination_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_user_id_users_id_fk" FOREIGN KEY ("checker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_overrides" ADD CONSTRAINT "fee_overrides_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_audit" ADD CONSTRAINT "transfer_audit_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_audit" ADD CONSTRAINT "transfer_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_codes" ADD CONSTRAINT "withdrawal_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_codes" ADD CONSTRAINT "withdrawal_codes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_transaction_idx" ON "approval_requests" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "approval_requests_status_created_idx" ON "approval_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_status_expires_idx" ON "approval_requests" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "approval_requests_bank_created_idx" ON "approval_requests" USING btree ("bank_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_overrides_account_flow_idx" ON "fee_overrides" USING btree ("account_id","flow_id");--> statement-breakpoint
CREATE INDEX "fee_schedule_flow_idx" ON "fee_schedule" USING btree ("flow_id","min_amount");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_idx" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "transfer_audit_transaction_idx" ON "transfer_audit" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "withdrawal_codes_account_idx" ON "withdrawal_codes" USING btree ("account_id","id");--> statement-breakpoint
-- Default fees (XOF) every database starts with, demo or not: cash-out costs the customer 1 % (100 to 5,000),
-- 40 % of which goes to the agent; a cash-in is free and the agent earns 0.4 % from the commission budget.
-- The bands are also each flow's smallest and largest amount.
INSERT INTO "fee_schedule" ("flow_id", "min_amount", "max_amount", "fixed_fee", "percent_fee_bp", "min_fee", "max_fee", "commission_share_bp", "commission_rate_bp") VALUES
	('admin-cash-in', 100, 50000000, 0, 0, 0, NULL, 0, 0),
	('agent-cash-in', 100, 2000000, 0, 0, 0, NULL, 0, 40),
	('cash-out', 100, 2000000, 0, 100, 100, 5000, 4000, 0),
	('payroll-cash-in', 100, 50000000, 0, 0, 0, NULL, 0, 0),
	('bank-cash-in', 1000, 50000000, 0, 0, 0, NULL, 0, 0),
	('bank-cash-out', 1000, 50000000, 0, 0, 0, NULL, 0, 0),
	('head-credit', 1000, 50000000, 0, 0, 0, NULL, 0, 0),
	('master-credit', 1000, 50000000, 0, 0, 0, NULL, 0, 0),
	('location-credit', 100, 2000000, 0, 0, 0, NULL, 0, 0),
	('uv-remote', 1000, 50000000, 0, 0, 0, NULL, 0, 0);
