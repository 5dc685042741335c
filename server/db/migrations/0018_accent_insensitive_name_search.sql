CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is only STABLE (it reads whichever dictionary the search path finds), and an index
-- needs an IMMUTABLE function: with the dictionary named, the result depends on the text alone.
CREATE OR REPLACE FUNCTION public.lower_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
DROP INDEX "accounts_label_trgm_idx";--> statement-breakpoint
CREATE INDEX "accounts_label_unaccent_trgm_idx" ON "accounts" USING gin (lower_unaccent("label") gin_trgm_ops);
