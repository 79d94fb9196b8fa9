-- The directories' word index: one row per lexeme of each listed profile's search_vector,
-- carrying what the directories sort on and the rate they filter on. A search for `finance`
-- reads the entries under the prefix 'financ' of one account type from one index (an index-only
-- scan) to count its matches and rank them, instead of reading every matching profile's wide row
-- (the profiles hold their sections: a common word matched a fifth of them, which PostgreSQL read
-- as a scan of the whole table). The other filters (services, places, bands) are arrays or rare:
-- a search with them reads the profiles' indexes, as before. Kept by triggers in the transaction
-- that changes the profile.
CREATE TABLE "profile_words" (
	"account_type" text NOT NULL,
	"lexeme" text COLLATE "C" NOT NULL,
	"entry" text NOT NULL,
	"rank_one" real NOT NULL,
	"user_id" uuid NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"hourly_rate_usd" integer,
	"review_count" integer NOT NULL,
	"rating_average" double precision
);
--> statement-breakpoint
ALTER TABLE "profile_words" ADD CONSTRAINT "profile_words_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_words_user_idx" ON "profile_words" USING btree ("user_id");--> statement-breakpoint
-- Under each type and lexeme, every column the directories sort on: a prefix is one range.
CREATE INDEX "profile_words_search_idx" ON "profile_words" USING btree ("account_type", "lexeme", "user_id") INCLUDE ("entry", "rank_one", "listed_at", "hourly_rate_usd", "review_count", "rating_average");--> statement-breakpoint
-- A listed profile's words, as its search_vector has them.
CREATE OR REPLACE FUNCTION profile_words_write(profile profiles) RETURNS void LANGUAGE sql AS $$
  INSERT INTO profile_words (account_type, lexeme, entry, rank_one, user_id, listed_at, hourly_rate_usd,
      review_count, rating_average)
    SELECT profile.account_type, word.lexeme, entry.text,
        -- The entry's own rank, for a search of that lexeme alone (tsquery input does not stem).
        ts_rank(entry.text::tsvector, entry.quoted::tsquery),
        profile.user_id, profile.listed_at, profile.hourly_rate_usd, profile.review_count, profile.rating_average
      FROM unnest(profile.search_vector) AS word
     CROSS JOIN LATERAL (
        -- 'lexeme':3D,17D, quoted and escaped as tsvector (and tsquery) input wants it.
        SELECT quoted, quoted || coalesce(':' || (SELECT string_agg(place.position || place.weight, ',')
                                                  FROM unnest(word.positions, word.weights) AS place(position, weight)), '') AS text
          FROM (SELECT '''' || replace(replace(word.lexeme, '\', '\\'), '''', '''''') || '''' AS quoted) AS lexeme
     ) AS entry
     WHERE profile.listed_at IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM profile_words WHERE user_id = OLD.user_id;
  END IF;
  PERFORM profile_words_write(NEW);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_words_insert AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION profile_words_sync();--> statement-breakpoint
-- Only a change to what the index holds rewrites it: a saved section that changes no directory
-- column does not.
CREATE TRIGGER profiles_words_update AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    OLD.listed_at IS DISTINCT FROM NEW.listed_at
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.account_type IS DISTINCT FROM NEW.account_type
    OR OLD.hourly_rate_usd IS DISTINCT FROM NEW.hourly_rate_usd
    OR OLD.review_count IS DISTINCT FROM NEW.review_count
    OR OLD.rating_average IS DISTINCT FROM NEW.rating_average
  ) EXECUTE FUNCTION profile_words_sync();--> statement-breakpoint
-- The profiles already listed.
SELECT profile_words_write(p) FROM profiles AS p WHERE p.listed_at IS NOT NULL;
