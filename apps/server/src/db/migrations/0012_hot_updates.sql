-- A sale marks its PINs sold (sold_at) and finishes its transaction key (status, outcome): columns no
-- index covers, so the update can stay on its page as a HOT update, without a new entry in every index,
-- if the page has room. Imported PINs and issued keys otherwise fill their pages completely.
ALTER TABLE pins SET (fillfactor = 90);
--> statement-breakpoint
ALTER TABLE transaction_keys SET (fillfactor = 70);
