-- The job board's word index: one row per lexeme of each public request's search_vector,
-- carrying what the board filters on. A search for `tableau` with a budget floor reads the
-- entries under the prefix 'tableau' from one index (an index-only scan) to count its matches
-- per family and find the newest of them, instead of visiting every matching request's row
-- (one 8 kB page per match: the rows are wide). Kept by a trigger in the transaction that
-- changes the request, so a search sees what is committed, as before.
CREATE TABLE "service_request_words" (
	"lexeme" text COLLATE "C" NOT NULL,
	"entry" text NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone,
	"family" text NOT NULL,
	"sub_family" text,
	"budget_usd_low" double precision,
	"budget_usd_high" double precision,
	"project_duration" text,
	"payment_type" text
);
--> statement-breakpoint
ALTER TABLE "service_request_words" ADD CONSTRAINT "service_request_words_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_words_request_idx" ON "service_request_words" USING btree ("request_id");--> statement-breakpoint
-- Newest first under each lexeme, with every column the board filters on: a prefix is one range.
CREATE INDEX "service_request_words_search_idx" ON "service_request_words" USING btree ("lexeme", "created_at" DESC, "request_id" DESC) INCLUDE ("entry", "closes_at", "family", "sub_family", "budget_usd_low", "budget_usd_high", "project_duration", "payment_type");--> statement-breakpoint
-- A public request's words, as its search_vector has them (open or in review: the board's statuses).
CREATE OR REPLACE FUNCTION service_request_words_write(request service_requests) RETURNS void LANGUAGE sql AS $$
  INSERT INTO service_request_words (lexeme, entry, request_id, created_at, closes_at, family, sub_family,
      budget_usd_low, budget_usd_high, project_duration, payment_type)
    SELECT word.lexeme,
        -- 'lexeme':3A,17B, quoted and escaped as tsvector input wants it (no positions, no colon).
        '''' || replace(replace(word.lexeme, '\', '\\'), '''', '''''') || ''''
          || coalesce(':' || (SELECT string_agg(place.position || place.weight, ',')
                                FROM unnest(word.positions, word.weights) AS place(position, weight)), ''),
        request.id, request.created_at, request.closes_at, request.family, request.sub_family,
        request.budget_usd_low, request.budget_usd_high, request.project_duration, request.payment_type
      FROM unnest(request.search_vector) AS word
     WHERE request.status IN ('open', 'in-review')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_request_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM service_request_words WHERE request_id = OLD.id;
  END IF;
  PERFORM service_request_words_write(NEW);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_requests_words_insert AFTER INSERT ON service_requests
  FOR EACH ROW EXECUTE FUNCTION service_request_words_sync();--> statement-breakpoint
-- Only a change to what the index holds rewrites it: a new proposal's count does not.
CREATE TRIGGER service_requests_words_update AFTER UPDATE ON service_requests
  FOR EACH ROW WHEN (
    (OLD.status IN ('open', 'in-review')) IS DISTINCT FROM (NEW.status IN ('open', 'in-review'))
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.closes_at IS DISTINCT FROM NEW.closes_at
    OR OLD.family IS DISTINCT FROM NEW.family
    OR OLD.sub_family IS DISTINCT FROM NEW.sub_family
    OR OLD.budget_usd_low IS DISTINCT FROM NEW.budget_usd_low
    OR OLD.budget_usd_high IS DISTINCT FROM NEW.budget_usd_high
    OR OLD.project_duration IS DISTINCT FROM NEW.project_duration
    OR OLD.payment_type IS DISTINCT FROM NEW.payment_type
  ) EXECUTE FUNCTION service_request_words_sync();--> statement-breakpoint
-- The requests already posted.
SELECT service_request_words_write(r) FROM service_requests AS r WHERE r.status IN ('open', 'in-review');
