-- Visitors' answers of the directories and the job board are kept in memory until what they show
-- changes. Profiles already empty them (`d:*`, migration board_directory_cache); so do now the
-- other tables a card reads: the account's name and slug, the business's locations (its
-- headquarters) and its subscriptions (sponsored listing and badge). The accounts table changes
-- often for other reasons (sign-ins, password changes), so only a change of what a card shows
-- notifies (once per transaction: PostgreSQL folds a transaction's identical notifications).
CREATE TRIGGER business_locations_directory_cache AFTER INSERT OR UPDATE OR DELETE ON business_locations
  FOR EACH STATEMENT EXECUTE FUNCTION cache_invalidate_all('d');
--> statement-breakpoint
CREATE TRIGGER subscriptions_directory_cache AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION cache_invalidate_all('d');
--> statement-breakpoint
CREATE TRIGGER users_directory_cache AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.firstname IS DISTINCT FROM NEW.firstname
     OR OLD.lastname IS DISTINCT FROM NEW.lastname
     OR OLD.companyname IS DISTINCT FROM NEW.companyname
     OR OLD.company_id IS DISTINCT FROM NEW.company_id
     OR OLD.account_type IS DISTINCT FROM NEW.account_type)
  EXECUTE FUNCTION cache_invalidate_all('d');
