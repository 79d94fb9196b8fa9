ALTER TABLE "service_request_words" ADD COLUMN "shared_chars" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A search's family counts read every match of its words under its filters. A word whose prefix
-- covers several lexemes (`book`: book, bookshop) has a request's entries under more than one,
-- so its matches were grouped by request before they were counted: a hash of every match,
-- spilled to disk for a common word on a large board. A request's first entry under a prefix
-- is the one sharing fewer characters with the request's lexeme before it than the prefix has;
-- that length is now a column, so a word's matches are counted as they are read, one entry each.
CREATE OR REPLACE FUNCTION service_request_words_write(request service_requests) RETURNS void LANGUAGE sql AS $$
  INSERT INTO service_request_words (lexeme, entry, request_id, created_at, closes_at, family, sub_family,
      budget_usd_low, budget_usd_high, project_duration, payment_type, shared_chars)
    SELECT word.lexeme,
        -- 'lexeme':3A,17B, quoted and escaped as tsvector input wants it (no positions, no colon).
        '''' || replace(replace(word.lexeme, '\', '\\'), '''', '''''') || ''''
          || coalesce(':' || (SELECT string_agg(place.position || place.weight, ',')
                                FROM unnest(word.positions, word.weights) AS place(position, weight)), ''),
        request.id, request.created_at, request.closes_at, request.family, request.sub_family,
        request.budget_usd_low, request.budget_usd_high, request.project_duration, request.payment_type,
        -- The characters shared with the lexeme before: up to the first that differs.
        CASE WHEN word.previous IS NULL THEN 0
             ELSE coalesce((SELECT min(k) - 1 FROM generate_series(1, least(char_length(word.lexeme), char_length(word.previous))) AS k
                             WHERE substr(word.lexeme, k, 1) <> substr(word.previous, k, 1)),
                           least(char_length(word.lexeme), char_length(word.previous)))
        END
      FROM (SELECT w.lexeme, w.positions, w.weights, lag(w.lexeme) OVER (ORDER BY w.lexeme COLLATE "C") AS previous
              FROM unnest(request.search_vector) AS w) AS word
     WHERE request.status IN ('open', 'in-review')
$$;--> statement-breakpoint
-- Every entry written again with its shared characters; the search index (as migration 0024 has
-- it) is dropped meanwhile and built once afterwards.
DROP INDEX "service_request_words_search_idx";--> statement-breakpoint
DELETE FROM "service_request_words";--> statement-breakpoint
SELECT service_request_words_write(r) FROM service_requests AS r WHERE r.status IN ('open', 'in-review');--> statement-breakpoint
CREATE INDEX "service_request_words_search_idx" ON "service_request_words" USING btree ("lexeme", "created_at" DESC, "request_id" DESC) INCLUDE ("entry", "closes_at", "family", "sub_family", "budget_usd_low", "budget_usd_high", "project_duration", "payment_type");--> statement-breakpoint
-- The counts: a lexeme's first entries under a prefix are one range of it (shared_chars below the
-- prefix's length), with every column the board filters and counts on but the entries
-- themselves, which the counts never read: under two fifths of the search index's size, so a
-- common word's first count reads that much less from outside PostgreSQL's buffers.
CREATE INDEX "service_request_words_count_idx" ON "service_request_words" USING btree ("lexeme", "shared_chars") INCLUDE ("closes_at", "budget_usd_low", "budget_usd_high", "family", "sub_family", "project_duration", "payment_type", "created_at");--> statement-breakpoint
ANALYZE "service_request_words";
