-- compatible: the slot list only widens ('logo' is added, issue 22 item 3); an older server reads
-- and writes the slots it knows by name and never one it does not, except where it lists the
-- uses of a photo (Beheer > Media): deleting the logo's photo then fails until it is upgraded.
ALTER TABLE media_slots DROP CONSTRAINT media_slots_slot_check;
ALTER TABLE media_slots ADD CONSTRAINT media_slots_slot_check
    CHECK (slot IN ('portrait', 'hero', 'share', 'logo'));
