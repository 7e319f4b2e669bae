//! A country as ISO 3166-1 alpha-2, e.g. `BE`: the country of an invoice address. Typed in any
//! case; Greece's VAT prefix `EL` is not a country code (Greece is `GR`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountryCode(String);

const INVALID: &str = "Kies een land uit de lijst.";

/// Every officially assigned ISO 3166-1 alpha-2 code.
const ASSIGNED: &str = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL \
    BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ \
    DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS \
    GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR \
    KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU \
    MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY \
    QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH \
    TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

impl CountryCode {
    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let code = input.trim().to_ascii_uppercase();
        if code.len() == 2 && ASSIGNED.split_whitespace().any(|c| c == code) {
            Ok(Self(code))
        } else {
            Err(INVALID)
        }
    }
}

impl AsRef<str> for CountryCode {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::CountryCode;

    #[test]
    fn assigned_codes_are_accepted_in_any_case() {
        assert_eq!(CountryCode::parse("be").unwrap().as_ref(), "BE");
        assert_eq!(CountryCode::parse(" GR ").unwrap().as_ref(), "GR");
        assert_eq!(CountryCode::parse("US").unwrap().as_ref(), "US");
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in ["", "B", "BEL", "EL", "XX", "ZZ", "1A", "Belgium"] {
            assert!(CountryCode::parse(bad).is_err(), "{bad}");
        }
    }
}
