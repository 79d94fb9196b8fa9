-- The job board's counts and the directories' totals are kept in memory per filter set; after
-- any statement that changes service requests or profiles, every server process empties them
-- (TG_ARGV[0] names the caches: "r" for the board, "d" for the directories), so a new request
-- or a changed profile is counted on the next search, whichever process answers it.
CREATE OR REPLACE FUNCTION cache_invalidate_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('marketplace_cache', TG_ARGV[0] || ':*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_requests_board_cache AFTER INSERT OR UPDATE OR DELETE ON service_requests
  FOR EACH STATEMENT EXECUTE FUNCTION cache_invalidate_all('r');
--> statement-breakpoint
CREATE TRIGGER profiles_directory_cache AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION cache_invalidate_all('d');
