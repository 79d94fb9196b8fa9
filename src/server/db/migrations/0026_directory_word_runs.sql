-- A one-word search's rank without parsing entries. A search for `finance` reads the entries under
-- the prefix 'financ'; a profile with both 'financ' and 'financi' was ranked by gathering their
-- entries as text and parsing them back into a tsvector for ts_rank, most of such a search's time.
-- ts_rank adds each matching entry's share to the rank in lexeme order, rounding the sum to real
-- at each step (calc_rank_or in PostgreSQL's tsrank.c). The entries under a prefix are
-- consecutive in a profile's lexeme order, so each entry keeps, for each prefix length it shares
-- with the lexeme before it, that sum up to itself: the profile's rank for a prefix is then the
-- largest of its entries' (shares are never negative), exactly what ts_rank returns.
ALTER TABLE "profile_words" ADD COLUMN "run_ranks" real[];--> statement-breakpoint
-- A listed profile's words, as its search_vector has them, each with its ranks (above). An
-- entry's share of a one-prefix search's rank is calc_rank_or's term for it, computed as that
-- does, in real arithmetic until the division, with its default weights (an entry without
-- positions counts as one of weight D).
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
        CASE WHEN shared > 0 THEN runs[1:shared] END)::profile_words;
    previous := word.lexeme;
    previous_runs := runs;
  END LOOP;
  INSERT INTO profile_words SELECT * FROM unnest(written);
END
$$;--> statement-breakpoint
-- Every search reads the ranks from the index, as it does the rest.
DROP INDEX "profile_words_search_idx";--> statement-breakpoint
CREATE INDEX "profile_words_search_idx" ON "profile_words" USING btree ("account_type", "lexeme", "user_id") INCLUDE ("entry", "rank_one", "run_ranks", "listed_at", "hourly_rate_usd", "review_count", "rating_average");--> statement-breakpoint
-- The profiles already listed, written again with their ranks.
DELETE FROM profile_words;--> statement-breakpoint
SELECT profile_words_write(p) FROM profiles AS p WHERE p.listed_at IS NOT NULL;
