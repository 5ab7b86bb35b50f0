-- G1: one number that changes whenever anything a signed-in session is made of changes (the
-- account, its employee or company user, the role and its permissions, the company). A process
-- keeps what it loaded for an account together with this number and reads only the session row
-- and the number on each request; a different number means load everything again. The bump runs
-- at commit (deferred), so the row is locked only for the commit and never while a transaction
-- still waits on other locks.
CREATE TABLE auth_generation (
  id integer PRIMARY KEY CHECK (id = 1),
  n bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO auth_generation (id, n) VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION bump_auth_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_generation SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounts_auth_generation_rows AFTER INSERT OR DELETE ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
-- Signing in writes last_login_at and a password change the hash: neither is part of a session's
-- actor, and they must not make every process load every session again.
CREATE CONSTRAINT TRIGGER accounts_auth_generation_update AFTER UPDATE ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.email, OLD.locale, OLD.first_login, OLD.guardable_type, OLD.status, OLD.employee_id, OLD.company_user_id)
        IS DISTINCT FROM
        (NEW.email, NEW.locale, NEW.first_login, NEW.guardable_type, NEW.status, NEW.employee_id, NEW.company_user_id))
  EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER employees_auth_generation_rows AFTER INSERT OR DELETE ON employees
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER employees_auth_generation_update AFTER UPDATE ON employees
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER roles_auth_generation_rows AFTER INSERT OR DELETE ON roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER roles_auth_generation_update AFTER UPDATE ON roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER role_permissions_auth_generation AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER company_users_auth_generation_rows AFTER INSERT OR DELETE ON company_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER company_users_auth_generation_update AFTER UPDATE ON company_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER companies_auth_generation_rows AFTER INSERT OR DELETE ON companies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER companies_auth_generation_update AFTER UPDATE ON companies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_auth_generation();
