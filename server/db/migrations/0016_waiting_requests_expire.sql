-- A chargeback nobody decided in time expires (decision 034) and, like a rejected one, no longer
-- stops a new chargeback of the same transaction.
DROP INDEX "chargebacks_open_original_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "chargebacks_open_original_idx" ON "chargebacks" USING btree ("original_transaction_id") WHERE "chargebacks"."status" NOT IN ('rejected', 'expired');