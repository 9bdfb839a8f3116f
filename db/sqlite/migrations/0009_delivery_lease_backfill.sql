-- Deliveries a flush had claimed when the server last stopped without releasing them (a crash)
-- were reclaimed ten minutes after claimed_at; a claim now lasts until lease_until, so they get
-- that same lease, or no flush would ever take them again. drizzle-kit writes no data changes.
UPDATE `broadcast_deliveries` SET `lease_until` = `claimed_at` + 600000 WHERE `status` = 'sending' AND `lease_until` IS NULL;
