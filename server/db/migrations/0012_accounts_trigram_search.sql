CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_label_trgm_idx" ON "accounts" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_number_trgm_idx" ON "accounts" USING gin ("number" gin_trgm_ops);
