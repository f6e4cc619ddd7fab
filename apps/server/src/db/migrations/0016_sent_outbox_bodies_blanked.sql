-- Messages sent before bodies were sealed still hold their codes and links in clear: a sent body is never read again.
UPDATE "outbox_messages" SET "body" = '' WHERE "status" = 'sent';
