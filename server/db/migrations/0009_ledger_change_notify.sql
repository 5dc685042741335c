-- Every server caches report totals; a change to what they count (a posting, a decision, a
-- status, an account or a bank) notifies the channel in its own transaction, so each server
-- listening drops its cache when the change commits (server/db/ledger-changes.ts).
CREATE OR REPLACE FUNCTION notify_ledger_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('ledger_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transactions_notify_ledger_changed AFTER INSERT OR UPDATE OR DELETE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_ledger_changed AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER banks_notify_ledger_changed AFTER INSERT OR UPDATE OR DELETE ON "banks"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_ledger_changed();
