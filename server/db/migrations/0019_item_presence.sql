CREATE TABLE "item_presence" (
	"holder_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_presence_holder_user_id_kind_item_id_pk" PRIMARY KEY("holder_user_id","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_presence" ADD CONSTRAINT "item_presence_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_presence_seen_idx" ON "item_presence" USING btree ("seen_at");