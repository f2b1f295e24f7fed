-- Marketing consent is decided by the consent ledger (consent_records) alone. This copy on the profile was written
-- beside the ledger and never read, so dropping it changes no one's choice.
ALTER TABLE "profiles" DROP COLUMN "marketing_consent";
