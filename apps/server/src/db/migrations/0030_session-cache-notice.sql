-- The session memory (session-store.ts) now serves GET /api/user/current too, so every process
-- must forget what it kept before a change is answered as done anywhere. Other processes hear the
-- NOTIFY of migration 0029 after the commit. The process that made the change hears, in addition,
-- this NOTICE on its own connection before its statement (or COMMIT, for the deferred
-- auth_generation bump) returns: it forgets at once, so its next request never answers from what
-- it kept before its own change. The language of a session notifies now as well: a kept session
-- carries it.
CREATE OR REPLACE FUNCTION notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', '');
  RAISE NOTICE 'notify:session_cache';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER sessions_notify_cache ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_cache AFTER DELETE OR UPDATE OF id, account_id, csrf_token, expires_at, locale ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
