-- A shop's webhook address never carries a user or password (decision 0097, issue 34): the form refuses them from
-- now on, and the addresses stored with them keep everything but the userinfo (what lies before the last '@' of
-- the authority), so the deliveries still go where they went, without the credentials.
UPDATE "customers"
SET "api_callback_url" = regexp_replace("api_callback_url", '^([a-zA-Z][a-zA-Z0-9+.-]*://)[^/?#]*@', '\1')
WHERE "api_callback_url" ~ '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*@';
