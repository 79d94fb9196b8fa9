-- Cached reads stay exact: after a commit that changes a session or anything GET /auth/me/
-- answers about a user, every server process LISTENing on "marketplace_cache" hears which
-- (src/server/cache/invalidation.ts). Row triggers see every write, cascades included, whatever
-- code path made it. TG_ARGV[0] is the cache's prefix, TG_ARGV[1] the column naming its key.
CREATE OR REPLACE FUNCTION cache_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_key := to_jsonb(OLD) ->> TG_ARGV[1];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := to_jsonb(NEW) ->> TG_ARGV[1];
  END IF;
  IF old_key IS NOT NULL THEN
    PERFORM pg_notify('marketplace_cache', TG_ARGV[0] || ':' || old_key);
  END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
    PERFORM pg_notify('marketplace_cache', TG_ARGV[0] || ':' || new_key);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('s', 'id');
--> statement-breakpoint
CREATE TRIGGER users_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('u', 'id');
--> statement-breakpoint
CREATE TRIGGER profiles_cache AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER provider_services_cache AFTER INSERT OR UPDATE OR DELETE ON provider_services
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER provider_projects_cache AFTER INSERT OR UPDATE OR DELETE ON provider_projects
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER business_locations_cache AFTER INSERT OR UPDATE OR DELETE ON business_locations
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER versigems_balances_cache AFTER INSERT OR UPDATE OR DELETE ON versigems_balances
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER uploads_cache AFTER UPDATE OR DELETE ON uploads
  FOR EACH ROW EXECUTE FUNCTION cache_invalidate('u', 'owner_id');
