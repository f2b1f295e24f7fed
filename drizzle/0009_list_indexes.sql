CREATE INDEX "competitions_public_end_idx" ON "competitions" USING btree ("end_date","id") WHERE status not in ('draft', 'scheduled');--> statement-breakpoint
CREATE INDEX "competitions_public_created_idx" ON "competitions" USING btree ("created_at","id") WHERE status not in ('draft', 'scheduled');--> statement-breakpoint
CREATE INDEX "competitions_public_price_idx" ON "competitions" USING btree ("entry_price_pence","end_date","id") WHERE status not in ('draft', 'scheduled');--> statement-breakpoint
CREATE INDEX "competitions_featured_end_idx" ON "competitions" USING btree ("end_date","id") WHERE "competitions"."featured" and "competitions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "competitions_created_idx" ON "competitions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "competitions_status_created_idx" ON "competitions" USING btree ("status","created_at","id");