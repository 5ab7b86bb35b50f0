-- S5: disabling an account ends all its sessions at once, whichever code path disables it.
CREATE FUNCTION end_sessions_of_disabled_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sessions WHERE account_id = NEW.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_end_sessions_when_disabled
  AFTER UPDATE OF status ON accounts
  FOR EACH ROW
  WHEN (NEW.status = 'disabled' AND OLD.status IS DISTINCT FROM 'disabled')
  EXECUTE FUNCTION end_sessions_of_disabled_account();
