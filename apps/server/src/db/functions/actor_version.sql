-- The session memo (decision 0124). A purchase answered from a memo of the session lookup passes the row versions
-- the memo was read at; `portal_purchase` compares them with the rows' current versions before anything else, so a
-- session ended, a user or customer deactivated or changed since the memo was filled never sells: the caller reads
-- the actor afresh, checks the route's rule again and retries once. `xmin` changes with every update of a row.
-- One definition of the versions: the session lookup reads them through the same function. (Migration 0042.)
CREATE OR REPLACE FUNCTION actor_version(p_session_id uuid) RETURNS text
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
    SELECT concat_ws('.', s.xmin, u.xmin, c.xmin, p.xmin)
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN customers c ON c.id = u.customer_id
    LEFT JOIN customers p ON p.id = c.parent_id
    WHERE s.id = p_session_id);
END;
$$;
