CREATE TABLE "account_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"national_id" text,
	"gender" text,
	"email" text,
	"street" text,
	"city" text,
	"region" text,
	"business_name" text,
	"business_category" text,
	"ninea" text,
	"company_name" text,
	"contact_person" text,
	"commission_plan" text,
	"settlement_bank_id" integer,
	"enrolling_agent_account_id" integer,
	"registered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"previous_status" text NOT NULL,
	"reviewer_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_decisions_decision_check" CHECK ("kyc_decisions"."decision" IN ('approve', 'reject', 'more_documents')),
	CONSTRAINT "kyc_decisions_reason_check" CHECK ("kyc_decisions"."decision" = 'approve' OR length(coalesce("kyc_decisions"."reason", '')) >= 3)
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_size_check" CHECK ("kyc_documents"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"school" text NOT NULL,
	"level" text NOT NULL,
	"guardian_phone" text NOT NULL,
	"onboarded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_settlement_bank_id_banks_id_fk" FOREIGN KEY ("settlement_bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_enrolling_agent_account_id_accounts_id_fk" FOREIGN KEY ("enrolling_agent_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_onboarded_by_users_id_fk" FOREIGN KEY ("onboarded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_profiles_account_idx" ON "account_profiles" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_profiles_national_id_idx" ON "account_profiles" USING btree ("national_id") WHERE "account_profiles"."national_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "account_profiles_enrolling_agent_idx" ON "account_profiles" USING btree ("enrolling_agent_account_id");--> statement-breakpoint
CREATE INDEX "kyc_decisions_account_created_idx" ON "kyc_decisions" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "kyc_documents_account_idx" ON "kyc_documents" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "students_account_idx" ON "students" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "students_onboarded_by_idx" ON "students" USING btree ("onboarded_by","created_at");