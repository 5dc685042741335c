CREATE TABLE "export_file_chunks" (
	"job_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "export_file_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "file_bytes" bigint;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_file_chunks" ADD CONSTRAINT "export_file_chunks_job_id_export_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."export_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_status_idx" ON "export_jobs" USING btree ("status");