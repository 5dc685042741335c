ALTER TABLE "export_jobs" ADD COLUMN "columns" jsonb;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;