-- Search indexes for the job board and the two directories. Kept in SQL: drizzle's index
-- builder cannot write INCLUDE columns.
--
-- The job board's relevance window (the newest matches of the words) walks the newest public
-- requests in this index and tests the words on the index entries themselves (an index-only
-- scan): the closing time and the words are carried along, so no request row is read until the
-- page's twenty. The walk reads a bounded number of entries, whatever the size of the board.
CREATE INDEX "service_requests_public_newest_words_idx" ON "service_requests" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("closes_at", "search_vector") WHERE status in ('open', 'in-review');--> statement-breakpoint
-- The board's client facts count each client's requests by status from the index alone.
CREATE INDEX "service_requests_client_status_idx" ON "service_requests" USING btree ("client_id", "status");--> statement-breakpoint
-- A family's public requests by budget, highest first (the family filter with the budget sort).
CREATE INDEX "service_requests_public_family_budget_high_idx" ON "service_requests" USING btree ("family", "budget_usd_high" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE status in ('open', 'in-review');--> statement-breakpoint
-- Each directory searches its own account type: one text index per type, so a search never
-- reads the other type's rows to drop them.
CREATE INDEX "profiles_listed_business_search_idx" ON "profiles" USING gin ("search_vector") WHERE listed_at IS NOT NULL AND account_type = 'business';--> statement-breakpoint
CREATE INDEX "profiles_listed_freelancer_search_idx" ON "profiles" USING gin ("search_vector") WHERE listed_at IS NOT NULL AND account_type = 'freelancer';
