-- The session memory (session-store.ts) now serves GET /api/user/current too, so every process
-- must forget what it kept before a change is answered as done anywhere, and a session that ends
-- should not make every process forget every other session.
--
-- 1. The process that made the change hears it before its statement (or COMMIT, for the deferred
--    auth_generation bump) returns: each notifying trigger also raises the NOTICE
--    'notify:session_cache[:payload]' on the writing connection (db/client.ts hands it to the
--    channel's listeners). Other processes hear the NOTIFY after the commit, as before.
-- 2. Sessions that end name themselves: the payload is the ids (hashes) of the deleted sessions,
--    comma-separated, and a process forgets only those. More than 100 at once (the purge, a
--    person's sessions ended by staff) send an empty payload, which means "forget everything", as
--    every other notification does. A statement that deletes nothing notifies nothing.
-- 3. The language of a session notifies as well: a kept session carries it.
CREATE OR REPLACE FUNCTION notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', '');
  RAISE NOTICE 'notify:session_cache';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  ids text;
BEGIN
  SELECT count(*), string_agg(g.id, ',') INTO n, ids FROM (SELECT id FROM ended LIMIT 101) g;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  IF n > 100 THEN
    ids := '';
  END IF;
  PERFORM pg_notify('session_cache', ids);
  RAISE NOTICE 'notify:session_cache:%', ids;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER sessions_notify_cache ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_ended_notify_cache AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_ended();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify_cache AFTER UPDATE OF id, account_id, csrf_token, expires_at, locale ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
