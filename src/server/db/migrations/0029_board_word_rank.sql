-- A search's relevance window ranks its newest matches from their entries. A word whose prefix
-- covers one lexeme has one entry per match, and its rank is that entry's rank for a query of the
-- lexeme alone: computed once as the entry is written, it is read from the search index instead
-- of parsing and ranking each of the window's entries for every new search.
ALTER TABLE "service_request_words" ADD COLUMN "rank_one" real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_request_words_write(request service_requests) RETURNS void LANGUAGE sql AS $$
  INSERT INTO service_request_words (lexeme, entry, request_id, created_at, closes_at, family, sub_family,
      budget_usd_low, budget_usd_high, project_duration, payment_type, shared_chars, rank_one)
    SELECT word.lexeme, word.entry,
        request.id, request.created_at, request.closes_at, request.family, request.sub_family,
        request.budget_usd_low, request.budget_usd_high, request.project_duration, request.payment_type,
        -- The characters shared with the lexeme before: up to the first that differs.
        CASE WHEN word.previous IS NULL THEN 0
             ELSE coalesce((SELECT min(k) - 1 FROM generate_series(1, least(char_length(word.lexeme), char_length(word.previous))) AS k
                             WHERE substr(word.lexeme, k, 1) <> substr(word.previous, k, 1)),
                           least(char_length(word.lexeme), char_length(word.previous)))
        END,
        -- As the board ranks a match: the entry against its lexeme as a prefix ('tableau':*).
        ts_rank_cd(word.entry::tsvector, (word.quoted || ':*')::tsquery)
      FROM (SELECT w.lexeme, w.quoted, w.previous,
                   -- 'lexeme':3A,17B, as tsvector input wants it (no positions, no colon).
                   w.quoted || coalesce(':' || (SELECT string_agg(place.position || place.weight, ',')
                                                  FROM unnest(w.positions, w.weights) AS place(position, weight)), '') AS entry
              FROM (SELECT v.lexeme, v.positions, v.weights,
                           '''' || replace(replace(v.lexeme, '\', '\\'), '''', '''''') || '''' AS quoted,
                           lag(v.lexeme) OVER (ORDER BY v.lexeme COLLATE "C") AS previous
                      FROM unnest(request.search_vector) AS v) AS w) AS word
     WHERE request.status IN ('open', 'in-review')
$$;--> statement-breakpoint
-- Every entry written again with its rank; the search index (as migration 0028 has it, now with
-- the rank) is dropped meanwhile and built once afterwards, and the count index with it.
DROP INDEX "service_request_words_search_idx";--> statement-breakpoint
DROP INDEX "service_request_words_count_idx";--> statement-breakpoint
DELETE FROM "service_request_words";--> statement-breakpoint
SELECT service_request_words_write(r) FROM service_requests AS r WHERE r.status IN ('open', 'in-review');--> statement-breakpoint
ALTER TABLE "service_request_words" ALTER COLUMN "rank_one" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "service_request_words_search_idx" ON "service_request_words" USING btree ("lexeme", "created_at" DESC, "request_id" DESC) INCLUDE ("entry", "rank_one", "closes_at", "family", "sub_family", "budget_usd_low", "budget_usd_high", "project_duration", "payment_type");--> statement-breakpoint
CREATE INDEX "service_request_words_count_idx" ON "service_request_words" USING btree ("lexeme", "shared_chars") INCLUDE ("closes_at", "budget_usd_low", "budget_usd_high", "family", "sub_family", "project_duration", "payment_type", "created_at");--> statement-breakpoint
ANALYZE "service_request_words";
