//! The invoice as UBL 2.1 XML following Peppol BIS Billing 3.0 (EN 16931), for business buyers:
//! an `Invoice` (type 380) or a `CreditNote` (type 381), from the stored document alone. The
//! elements follow the order of the UBL schema. Amounts in a credit note are positive: the
//! document type carries the sign.
use super::{EXEMPTION_BASIS, EXEMPTION_MENTION, InvoiceDocument, InvoiceKind, Party};
use crate::kit::domain::RegistrationNumber;
use crate::kit::html::escape as esc;
use crate::kit::money;

pub const CUSTOMIZATION_ID: &str =
    "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
pub const PROFILE_ID: &str = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/// Cents as a UBL amount: always positive, two decimals.
fn amount(cents: i64) -> String {
    money::decimal(cents.abs())
}

/// An amount element with its currency.
fn money_element(name: &str, cents: i64, currency: &str) -> String {
    format!(
        "<cbc:{name} currencyID=\"{}\">{}</cbc:{name}>",
        esc(currency),
        amount(cents)
    )
}

/// The net unit price with four decimals: `gross_cents / quantity` euro cents.
fn unit_price(gross_cents: i64, quantity: i64) -> String {
    let q = quantity.abs().max(1);
    let ten_thousandths = (gross_cents.abs() * 100 + q / 2) / q;
    format!(
        "{}.{:04}",
        ten_thousandths / 10_000,
        ten_thousandths % 10_000
    )
}

/// The Peppol electronic address scheme (EAS) of the VAT numbers of a country (by its VAT
/// prefix), from the code list that PEPPOL-EN16931-CL008 checks: the number is written whole,
/// prefix included. Italy and Finland have an EAS of their own for the VAT number (0211, 0213);
/// Denmark's CVR (0184) accepts `DK` + 8 digits. Sweden and Norway have none for the VAT
/// number (their organisation numbers would need their own check digits), nor has any country
/// outside this list: such a buyer has no Peppol address.
fn vat_scheme(prefix: &str) -> Option<&'static str> {
    Some(match prefix {
        "AD" => "9922",
        "AL" => "9923",
        "AT" => "9914",
        "BA" => "9924",
        "BE" => "9925",
        "BG" => "9926",
        "CH" => "9927",
        "CY" => "9928",
        "CZ" => "9929",
        "DE" => "9930",
        "DK" => "0184",
        "EE" => "9931",
        "EL" | "GR" => "9933",
        "ES" => "9920",
        "FI" => "0213",
        "FR" => "9957",
        "GB" | "XI" => "9932",
        "HR" => "9934",
        "HU" => "9910",
        "IE" => "9935",
        "IT" => "0211",
        "LI" => "9936",
        "LT" => "9937",
        "LU" => "9938",
        "LV" => "9939",
        "MC" => "9940",
        "ME" => "9941",
        "MK" => "9942",
        "MT" => "9943",
        "NL" => "9944",
        "PL" => "9945",
        "PT" => "9946",
        "RO" => "9947",
        "RS" => "9948",
        "SI" => "9949",
        "SK" => "9950",
        "SM" => "9951",
        "TR" => "9952",
        "VA" => "9953",
        _ => return None,
    })
}

/// The Peppol electronic address (EAS scheme and identifier) of a buyer with this VAT number:
/// a Belgian enterprise number (0208, the address Belgian companies are registered under), or
/// the VAT number under its country's scheme. None: no Peppol address can be named (no VAT
/// number, or one of a country without a scheme); `EM` (e-mail) is not allowed in Peppol.
pub fn electronic_address(vat_number: Option<&str>) -> Option<(&'static str, String)> {
    let vat = vat_number?;
    let prefix = vat.get(..2)?;
    if prefix == "BE" {
        return Some(("0208", vat[2..].to_string()));
    }
    if prefix == "DK" && !(vat.len() == 10 && vat[2..].bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    vat_scheme(prefix).map(|scheme| (scheme, vat.to_string()))
}

/// The company's legal registration (BT-30 / BT-47) under its register's scheme: a Belgian
/// enterprise number (0208, from the VAT number or given), a Dutch KvK (0106) or French SIREN
/// (0002) number.
fn legal_registration(p: &Party) -> Option<(&'static str, &str)> {
    let number = if p.country == "BE" {
        p.enterprise_number.as_deref()
    } else {
        p.registration_number.as_deref()
    }?;
    RegistrationNumber::scheme(&p.country).map(|scheme| (scheme, number))
}

/// The party's Peppol electronic address (BT-34 / BT-49): its VAT number's, or else its legal
/// registration's (the register schemes are electronic address schemes too). None: it has no
/// Peppol address, so no UBL is made (see `InvoiceDocument::no_e_invoice`).
pub fn buyer_address(p: &Party) -> Option<(&'static str, String)> {
    electronic_address(p.vat_number.as_deref())
        .or_else(|| legal_registration(p).map(|(scheme, id)| (scheme, id.to_string())))
}

fn party(xml: &mut String, element: &str, p: &Party) {
    xml.push_str(&format!("<cac:{element}><cac:Party>"));
    // Only parties with an address are rendered (see `InvoiceDocument::has_e_invoice`).
    if let Some((scheme, id)) = buyer_address(p) {
        xml.push_str(&format!(
            "<cbc:EndpointID schemeID=\"{scheme}\">{}</cbc:EndpointID>",
            esc(&id)
        ));
    }
    let legal_name = p.company.as_ref().unwrap_or(&p.name);
    xml.push_str(&format!(
        "<cac:PartyName><cbc:Name>{}</cbc:Name></cac:PartyName>",
        esc(legal_name)
    ));
    xml.push_str("<cac:PostalAddress>");
    if let Some(street) = &p.street {
        xml.push_str(&format!("<cbc:StreetName>{}</cbc:StreetName>", esc(street)));
    }
    if let Some(city) = &p.city {
        xml.push_str(&format!("<cbc:CityName>{}</cbc:CityName>", esc(city)));
    }
    if let Some(code) = &p.postal_code {
        xml.push_str(&format!("<cbc:PostalZone>{}</cbc:PostalZone>", esc(code)));
    }
    xml.push_str(&format!(
        "<cac:Country><cbc:IdentificationCode>{}</cbc:IdentificationCode></cac:Country>",
        esc(&p.country)
    ));
    xml.push_str("</cac:PostalAddress>");
    if let Some(vat) = &p.vat_number {
        xml.push_str(&format!(
            "<cac:PartyTaxScheme><cbc:CompanyID>{}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>",
            esc(vat)
        ));
    }
    xml.push_str(&format!(
        "<cac:PartyLegalEntity><cbc:RegistrationName>{}</cbc:RegistrationName>",
        esc(legal_name)
    ));
    if let Some((scheme, number)) = legal_registration(p) {
        xml.push_str(&format!(
            "<cbc:CompanyID schemeID=\"{scheme}\">{}</cbc:CompanyID>",
            esc(number)
        ));
    }
    xml.push_str("</cac:PartyLegalEntity>");
    if p.company.is_some() || p.email.is_some() {
        xml.push_str("<cac:Contact>");
        if p.company.is_some() {
            xml.push_str(&format!("<cbc:Name>{}</cbc:Name>", esc(&p.name)));
        }
        if let Some(phone) = &p.phone {
            xml.push_str(&format!("<cbc:Telephone>{}</cbc:Telephone>", esc(phone)));
        }
        if let Some(email) = &p.email {
            xml.push_str(&format!(
                "<cbc:ElectronicMail>{}</cbc:ElectronicMail>",
                esc(email)
            ));
        }
        xml.push_str("</cac:Contact>");
    }
    xml.push_str(&format!("</cac:Party></cac:{element}>"));
}

/// A VAT category (`TaxCategory` or an item's `ClassifiedTaxCategory`); the exemption reason
/// goes only into the summary's `TaxCategory`, where EN 16931 asks for it.
fn tax_category(element: &str, category: &str, rate_percent: i64) -> String {
    let exemption = if category == "E" && element == "TaxCategory" {
        format!(
            "<cbc:TaxExemptionReason>{}</cbc:TaxExemptionReason>",
            esc(&format!("{EXEMPTION_MENTION} ({EXEMPTION_BASIS})"))
        )
    } else {
        String::new()
    };
    format!(
        "<cac:{element}><cbc:ID>{category}</cbc:ID><cbc:Percent>{rate_percent}</cbc:Percent>{exemption}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:{element}>"
    )
}

/// The UBL XML of `document`.
pub fn render(document: &InvoiceDocument) -> String {
    let credit = document.kind == InvoiceKind::CreditNote;
    let (root, type_code, line_element, quantity_element) = if credit {
        (
            "CreditNote",
            "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>",
            "CreditNoteLine",
            "CreditedQuantity",
        )
    } else {
        (
            "Invoice",
            "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>",
            "InvoiceLine",
            "InvoicedQuantity",
        )
    };
    let currency = document.currency.as_str();
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.push_str(&format!(
        "<{root} xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:{root}-2\" \
         xmlns:cac=\"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2\" \
         xmlns:cbc=\"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\">"
    ));
    xml.push_str(&format!(
        "<cbc:CustomizationID>{CUSTOMIZATION_ID}</cbc:CustomizationID>"
    ));
    xml.push_str(&format!("<cbc:ProfileID>{PROFILE_ID}</cbc:ProfileID>"));
    xml.push_str(&format!("<cbc:ID>{}</cbc:ID>", esc(&document.number)));
    xml.push_str(&format!(
        "<cbc:IssueDate>{}</cbc:IssueDate>",
        esc(&document.issue_date)
    ));
    xml.push_str(type_code);
    // Peppol allows one note on the document: the exemption (when it applies) and the payment.
    let note = if document.vat_exempt {
        format!(
            "{EXEMPTION_MENTION} ({EXEMPTION_BASIS}). {}",
            document.payment_note
        )
    } else {
        document.payment_note.clone()
    };
    xml.push_str(&format!("<cbc:Note>{}</cbc:Note>", esc(&note)));
    xml.push_str(&format!(
        "<cbc:DocumentCurrencyCode>{}</cbc:DocumentCurrencyCode>",
        esc(currency)
    ));
    xml.push_str(&format!(
        "<cbc:BuyerReference>{}</cbc:BuyerReference>",
        esc(&document.order_reference)
    ));
    xml.push_str(&format!(
        "<cac:OrderReference><cbc:ID>{}</cbc:ID></cac:OrderReference>",
        esc(&document.order_reference)
    ));
    if let Some(credited) = &document.credited_invoice {
        xml.push_str(&format!(
            "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>{}</cbc:ID><cbc:IssueDate>{}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>",
            esc(&credited.number),
            esc(&credited.issue_date)
        ));
    }
    party(&mut xml, "AccountingSupplierParty", &document.seller);
    party(&mut xml, "AccountingCustomerParty", &document.buyer);

    xml.push_str(&format!(
        "<cac:TaxTotal>{}",
        money_element("TaxAmount", document.vat_cents, currency)
    ));
    for vat in &document.vat {
        xml.push_str(&format!(
            "<cac:TaxSubtotal>{}{}{}</cac:TaxSubtotal>",
            money_element("TaxableAmount", vat.taxable_cents, currency),
            money_element("TaxAmount", vat.vat_cents, currency),
            tax_category("TaxCategory", &vat.category, vat.rate_percent)
        ));
    }
    xml.push_str("</cac:TaxTotal>");

    let lines_total: i64 = document.lines.iter().map(|l| l.taxable_cents).sum();
    xml.push_str(&format!(
        "<cac:LegalMonetaryTotal>{}{}{}{}{}</cac:LegalMonetaryTotal>",
        money_element("LineExtensionAmount", lines_total, currency),
        money_element("TaxExclusiveAmount", document.taxable_cents, currency),
        money_element("TaxInclusiveAmount", document.total_cents, currency),
        // Paid online at the order (or paid back with the refund): nothing is left to pay.
        money_element("PrepaidAmount", document.total_cents, currency),
        money_element("PayableAmount", 0, currency),
    ));

    for (i, line) in document.lines.iter().enumerate() {
        xml.push_str(&format!("<cac:{line_element}><cbc:ID>{}</cbc:ID>", i + 1));
        xml.push_str(&format!(
            "<cbc:{quantity_element} unitCode=\"C62\">{}</cbc:{quantity_element}>",
            line.quantity.abs()
        ));
        xml.push_str(&money_element(
            "LineExtensionAmount",
            line.taxable_cents,
            currency,
        ));
        if line.discount_cents != 0 {
            xml.push_str(&format!(
                "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>{}</cbc:AllowanceChargeReason>{}</cac:AllowanceCharge>",
                esc(line.discount_label.as_deref().unwrap_or("Korting")),
                money_element("Amount", line.discount_cents, currency)
            ));
        }
        xml.push_str(&format!(
            "<cac:Item><cbc:Name>{}</cbc:Name>{}</cac:Item>",
            esc(&line.description),
            tax_category(
                "ClassifiedTaxCategory",
                &line.vat_category,
                line.vat_rate_percent
            )
        ));
        xml.push_str(&format!(
            "<cac:Price><cbc:PriceAmount currencyID=\"{}\">{}</cbc:PriceAmount></cac:Price>",
            esc(currency),
            unit_price(line.gross_cents, line.quantity)
        ));
        xml.push_str(&format!("</cac:{line_element}>"));
    }
    xml.push_str(&format!("</{root}>\n"));
    xml
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_positive_with_two_decimals_and_prices_with_four() {
        assert_eq!(amount(-2893), "28.93");
        assert_eq!(amount(5), "0.05");
        assert_eq!(unit_price(5785, 2), "28.9250");
        assert_eq!(unit_price(-2893, 1), "28.9300");
        assert_eq!(unit_price(10000, 3), "33.3333");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc("Lief & Leed <BV>"), "Lief &amp; Leed &lt;BV&gt;");
    }
}
