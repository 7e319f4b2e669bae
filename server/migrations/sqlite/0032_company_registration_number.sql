-- A company buyer without a VAT number gives its number in its country's trade register
-- (Belgian enterprise number / KBO, Dutch KvK, French SIREN): the invoice's UBL names the
-- company by it (Peppol EndpointID and PartyLegalEntity/CompanyID). NULL: none given.
ALTER TABLE orders ADD COLUMN registration_number TEXT NULL;
