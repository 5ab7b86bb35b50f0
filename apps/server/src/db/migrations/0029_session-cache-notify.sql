-- G2: a process may keep a loaded session in memory for the page-view beacon (session-store.ts,
-- loadCached) as long as it hears about every change that could end or alter it. These triggers
-- send one notification on the channel session_cache per statement that deletes sessions or
-- changes who or what a session is, and per change of auth_generation (migration 0028: accounts,
-- employees, company users, roles, permissions, companies). The payload is empty: a process that
-- hears it forgets every session it kept. Activity (last_seen_at) and the language do not notify.
-- NOTIFY is delivered at commit and only then; a rolled-back change sends nothing.
CREATE FUNCTION notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_cache AFTER DELETE OR UPDATE OF id, account_id, csrf_token, expires_at ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER auth_generation_notify_cache AFTER UPDATE ON auth_generation
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
