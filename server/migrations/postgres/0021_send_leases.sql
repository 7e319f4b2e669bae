-- Who holds a claimed row: a random id per server process. A process renews its leases every
-- few seconds while it lives (and checks it still holds a row right before sending it), so
-- leases can be short: a killed server's rows return to the pool within seconds, and a slow
-- batch never outlives its lease while its server is alive.
ALTER TABLE outbox ADD COLUMN lease_owner TEXT NULL;
ALTER TABLE campaign_recipients ADD COLUMN lease_owner TEXT NULL;
