-- A broad word's first search read its whole range of the search index twice: once to count the
-- matching profiles, once to rank them for the page. That index carries every column a search
-- sorts on (about 150 bytes a row), so a word of 13,000 rows is some 240 pages, each read from
-- outside PostgreSQL's buffers the first time. Two narrow indexes answer those two reads instead.
--
-- Counts: a profile's first row under a prefix is the one sharing fewer characters with the
-- lexeme before it than the prefix has. That length is now a column of its own, so the count
-- reads (type, lexeme, shared_chars) alone: few distinct keys, kept as posting lists by the
-- B-tree's deduplication, a sixteenth of the search index's size.
ALTER TABLE "profile_words" ADD COLUMN "shared_chars" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "profile_words" SET "shared_chars" = array_length("run_ranks", 1) WHERE "run_ranks" IS NOT NULL;--> statement-breakpoint
-- As in 0026, with the characters shared with the lexeme before written beside the ranks.
CREATE OR REPLACE FUNCTION profile_words_write(profile profiles) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  word record;
  written profile_words[] := '{}';
  weight real;
  resj real;
  wjm real;
  jm integer;
  j integer;
  share double precision;
  -- The ranks of the entry before, for every length of its lexeme, and its lexeme.
  previous_runs real[] := '{}';
  previous text;
  runs real[];
  shared integer;
  lexeme_length integer;
BEGIN
  IF profile.listed_at IS NULL THEN
    RETURN;
  END IF;
  FOR word IN
    SELECT w.lexeme, quoted.text AS quoted,
        -- 'lexeme':3D,17D, quoted and escaped as tsvector (and tsquery) input wants it.
        quoted.text || coalesce(':' || (SELECT string_agg(place.position || place.weight, ',')
                                          FROM unnest(w.positions, w.weights) AS place(position, weight)), '') AS entry,
        (SELECT array_agg(CASE place WHEN 'A' THEN 1.0::real WHEN 'B' THEN 0.4::real WHEN 'C' THEN 0.2::real ELSE 0.1::real END)
           FROM unnest(coalesce(w.weights, ARRAY['D'])) AS place) AS weights
      FROM unnest(profile.search_vector) AS w
     CROSS JOIN LATERAL (SELECT '''' || replace(replace(w.lexeme, '\', '\\'), '''', '''''') || '''' AS text) AS quoted
     ORDER BY w.lexeme COLLATE "C"
  LOOP
    resj := 0;
    wjm := -1;
    jm := 0;
    j := 0;
    FOREACH weight IN ARRAY word.weights LOOP
      j := j + 1;
      resj := resj + weight / (j * j)::real;
      IF weight > wjm THEN
        wjm := weight;
        jm := j;
      END IF;
    END LOOP;
    share := ((wjm + resj) - wjm / (jm * jm)::real)::double precision / 1.64493406685::double precision;
    lexeme_length := char_length(word.lexeme);
    -- The characters this lexeme shares with the one before it.
    shared := 0;
    IF previous IS NOT NULL THEN
      WHILE shared < least(lexeme_length, char_length(previous))
            AND substr(previous, shared + 1, 1) = substr(word.lexeme, shared + 1, 1) LOOP
        shared := shared + 1;
      END LOOP;
    END IF;
    runs := '{}';
    FOR k IN 1..lexeme_length LOOP
      runs := runs || CASE WHEN k <= shared THEN (previous_runs[k] + share)::real ELSE share::real END;
    END LOOP;
    written := written || ROW(profile.account_type, word.lexeme, word.entry,
        -- The entry's own rank, for a search of that lexeme alone (tsquery input does not stem).
        ts_rank(word.entry::tsvector, word.quoted::tsquery),
        profile.user_id, profile.listed_at, profile.hourly_rate_usd, profile.review_count, profile.rating_average,
        CASE WHEN shared > 0 THEN runs[1:shared] END, shared::smallint)::profile_words;
    previous := word.lexeme;
    previous_runs := runs;
  END LOOP;
  INSERT INTO profile_words SELECT * FROM unnest(written);
END
$$;--> statement-breakpoint
CREATE INDEX "profile_words_count_idx" ON "profile_words" USING btree ("account_type","lexeme","shared_chars");--> statement-breakpoint
-- Pages by relevance of a word with one lexeme: its rows in the relevance order, so the page's
-- rows are the first ones of the range, not sorted out of all of them.
CREATE INDEX "profile_words_rank_idx" ON "profile_words" USING btree ("account_type","lexeme","rank_one" DESC NULLS LAST,"listed_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
-- The planner reads how many characters rows share from the column's statistics.
ANALYZE "profile_words";
