//! Invoices and credit notes: numbering under concurrency, the stored document, its PDF and UBL
//! XML, the exemption, the buyer's and the coach's downloads, on both engines.
use std::io::Read;

use futures_util::future::join_all;
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{coupon, evening, order, order_body, press, started};
use crate::helpers::{Engine, TestApp, generous_limits, python_venv, spawn_app, spawn_app_with};

both_engines!(
    fifty_orders_paid_at_once_get_one_unbroken_sequence,
    a_business_purchase_gets_an_invoice_pdf_ubl_and_mail,
    a_refund_makes_exactly_one_credit_note,
    an_exempt_coach_invoices_without_vat_and_with_the_mention,
    a_wrong_belgian_vat_number_is_refused_in_dutch,
    the_coach_sees_totals_and_downloads_a_quarter_as_zip,
    every_kind_of_buyer_gets_invoices_that_print_as_typed_and_pass_the_rules,
    a_company_must_give_its_whole_address_for_an_invoice,
    a_company_without_vat_number_gives_its_registration_number,
    tickets_are_refunded_one_by_one_with_a_credit_note_for_exactly_them,
    a_repeated_ticket_refund_pays_back_once,
    a_refunded_tickets_seat_goes_to_the_waiting_list,
);

fn this_year() -> i64 {
    i64::from(inlumine::kit::brussels::at(jiff::Timestamp::now()).year())
}

fn business_body(product: &str, event: Option<i64>, quantity: i64) -> Value {
    let mut body = order_body(product, event, quantity);
    body["company"] = json!("Lichtwerk BV");
    body["vat_number"] = json!("BE 0123.456.749");
    body["street"] = json!("Lichtlaan 7");
    body["postal_code"] = json!("2000");
    body["city"] = json!("Antwerpen");
    body["country"] = json!("BE");
    body
}

/// Pays a new order of `body`; returns its public id.
async fn paid(app: &TestApp, body: &Value) -> String {
    let (id, reference) = started(app, body).await;
    press(app, &reference, "paid").await;
    id
}

async fn bytes(app: &TestApp, path: &str) -> (u16, String, Vec<u8>) {
    let res = app.get(path).await;
    let status = res.status().as_u16();
    let content_type = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, content_type, res.bytes().await.unwrap().to_vec())
}

/// Every string the PDF's page shows, one per line, decoded through the fonts' ToUnicode maps.
pub fn pdf_text(pdf: &[u8]) -> String {
    let document = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    let pages = document.get_pages();
    assert_eq!(pages.len(), 1, "one A4 page");
    let page = *pages.values().next().unwrap();
    let media_box = document
        .get_object(page)
        .unwrap()
        .as_dict()
        .unwrap()
        .get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            v.as_float()
                .or_else(|_| v.as_i64().map(|i| i as f32))
                .unwrap()
        })
        .collect::<Vec<_>>();
    assert!((media_box[2] - 595.28).abs() < 0.5 && (media_box[3] - 841.89).abs() < 0.5);
    document.extract_text(&[1]).expect("the text extracts")
}

/// What the first `<tag …>` … `</tag>` in `xml` holds: its text, or the part with its children
/// (panics when missing).
fn element<'a>(xml: &'a str, tag: &str) -> &'a str {
    let start = xml
        .find(&format!("<{tag}>"))
        .or_else(|| xml.find(&format!("<{tag} ")))
        .unwrap_or_else(|| panic!("no <{tag}> in {xml}"));
    let open_end = start + xml[start..].find('>').unwrap() + 1;
    let close = open_end + xml[open_end..].find(&format!("</{tag}>")).unwrap();
    &xml[open_end..close]
}

async fn fifty_orders_paid_at_once_get_one_unbroken_sequence(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let bodies: Vec<Value> = (0..50)
        .map(|_| order_body("spiegelgevecht", None, 1))
        .collect();
    let orders = join_all(bodies.iter().map(|body| started(&app, body))).await;
    join_all(
        orders
            .iter()
            .map(|(_, reference)| press(&app, reference, "paid")),
    )
    .await;
    let rows = sqlx::query(
        "SELECT number, year, sequence FROM invoices WHERE kind = 'invoice' ORDER BY sequence",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let year = this_year();
    let sequences: Vec<i64> = rows.iter().map(|r| r.get("sequence")).collect();
    assert_eq!(
        sequences,
        (1..=50).collect::<Vec<i64>>(),
        "no gap, no duplicate"
    );
    for row in &rows {
        assert_eq!(row.get::<i64, _>("year"), year);
        let number: String = row.get("number");
        assert_eq!(
            number,
            format!("{year}-{:06}", row.get::<i64, _>("sequence"))
        );
    }
    assert_eq!(
        app.count("SELECT COUNT(DISTINCT order_id) FROM invoices")
            .await,
        50,
        "one invoice per order"
    );
    assert_eq!(
        app.count("SELECT last_number FROM invoice_counters WHERE series = 'invoice'")
            .await,
        50
    );
}

async fn a_business_purchase_gets_an_invoice_pdf_ubl_and_mail(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    coupon(&app, "WELKOM10", "percent", 10, None, None).await;
    let mut body = business_body("vertelavond", Some(event), 2);
    body["coupon"] = json!("welkom10");
    let id = paid(&app, &body).await;
    let year = this_year();
    let number = format!("{year}-000001");

    let summary = order(&app, &id).await;
    assert_eq!(summary["invoice_number"], number.as_str());
    assert_eq!(summary["invoice_xml"], true);
    assert!(summary["credit_note_number"].is_null());

    // 2 × € 35,00 = € 70,00, less 10 % = € 63,00: € 52,07 without VAT and € 10,93 VAT at 21 %.
    let stored = sqlx::query("SELECT taxable_cents, vat_cents, total_cents, buyer_company, buyer_vat_number FROM invoices")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored.get::<i64, _>("total_cents"), 6300);
    assert_eq!(stored.get::<i64, _>("taxable_cents"), 5207);
    assert_eq!(stored.get::<i64, _>("vat_cents"), 1093);
    assert_eq!(stored.get::<String, _>("buyer_company"), "Lichtwerk BV");
    assert_eq!(stored.get::<String, _>("buyer_vat_number"), "BE0123456749");

    let (status, content_type, pdf) =
        bytes(&app, &format!("/api/orders/{id}/documents/factuur.pdf")).await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "application/pdf");
    let text = pdf_text(&pdf);
    for expected in [
        number.as_str(),
        "FACTUUR",
        "Lichtwerk BV",
        "t.a.v. Sofie Peeters",
        "Btw-nummer: BE 0123.456.749",
        "Lichtlaan 7",
        "2000 Antwerpen",
        "BTW-OVERZICHT",
        "21%",
        "€ 52,07",
        "€ 10,93",
        "€ 63,00",
        "Korting (WELKOM10)",
        "Ondernemingsnummer: ",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in:\n{text}");
    }
    // Rendered from the stored row: the same bytes every time.
    let (_, _, again) = bytes(&app, &format!("/api/orders/{id}/documents/factuur.pdf")).await;
    assert_eq!(pdf, again);

    let (status, content_type, xml) =
        bytes(&app, &format!("/api/orders/{id}/documents/factuur.xml")).await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "application/xml");
    let xml = String::from_utf8(xml).unwrap();
    assert!(
        xml.contains("<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"")
    );
    // Every element Peppol BIS Billing 3.0 makes mandatory (and the ones this invoice needs).
    assert_eq!(
        element(&xml, "cbc:CustomizationID"),
        "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
    );
    assert_eq!(
        element(&xml, "cbc:ProfileID"),
        "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
    );
    assert_eq!(element(&xml, "cbc:ID"), number);
    assert_eq!(element(&xml, "cbc:IssueDate").len(), 10);
    assert_eq!(element(&xml, "cbc:InvoiceTypeCode"), "380");
    assert_eq!(
        xml.matches("<cbc:Note>").count(),
        1,
        "Peppol allows one note"
    );
    assert_eq!(element(&xml, "cbc:DocumentCurrencyCode"), "EUR");
    assert_eq!(element(&xml, "cbc:BuyerReference"), &id[..10]);
    assert_eq!(
        element(element(&xml, "cac:OrderReference"), "cbc:ID"),
        &id[..10]
    );

    let supplier = element(&xml, "cac:AccountingSupplierParty");
    assert!(supplier.contains("<cbc:EndpointID schemeID=\"0208\">"));
    assert_eq!(element(supplier, "cbc:EndpointID").len(), 10);
    assert!(!element(element(supplier, "cac:PartyName"), "cbc:Name").is_empty());
    let address = element(supplier, "cac:PostalAddress");
    assert_eq!(element(address, "cbc:CityName"), "Mechelen");
    assert_eq!(element(address, "cbc:PostalZone"), "2800");
    assert_eq!(
        element(element(address, "cac:Country"), "cbc:IdentificationCode"),
        "BE"
    );
    let tax_scheme = element(supplier, "cac:PartyTaxScheme");
    assert!(element(tax_scheme, "cbc:CompanyID").starts_with("BE"));
    assert_eq!(
        element(element(tax_scheme, "cac:TaxScheme"), "cbc:ID"),
        "VAT"
    );
    assert!(
        !element(
            element(supplier, "cac:PartyLegalEntity"),
            "cbc:RegistrationName"
        )
        .is_empty()
    );

    let customer = element(&xml, "cac:AccountingCustomerParty");
    assert!(customer.contains("<cbc:EndpointID schemeID=\"0208\">0123456749</cbc:EndpointID>"));
    assert_eq!(
        element(element(customer, "cac:PartyName"), "cbc:Name"),
        "Lichtwerk BV"
    );
    let buyer_address = element(customer, "cac:PostalAddress");
    assert_eq!(element(buyer_address, "cbc:StreetName"), "Lichtlaan 7");
    assert_eq!(element(buyer_address, "cbc:CityName"), "Antwerpen");
    assert_eq!(element(buyer_address, "cbc:PostalZone"), "2000");
    assert_eq!(
        element(
            element(buyer_address, "cac:Country"),
            "cbc:IdentificationCode"
        ),
        "BE"
    );
    assert_eq!(
        element(element(customer, "cac:PartyTaxScheme"), "cbc:CompanyID"),
        "BE0123456749"
    );
    let legal = element(customer, "cac:PartyLegalEntity");
    assert_eq!(element(legal, "cbc:RegistrationName"), "Lichtwerk BV");
    assert_eq!(element(legal, "cbc:CompanyID"), "0123456749");

    let tax_total = element(&xml, "cac:TaxTotal");
    assert_eq!(element(tax_total, "cbc:TaxAmount"), "10.93");
    assert!(tax_total.contains("<cbc:TaxAmount currencyID=\"EUR\">"));
    let subtotal = element(tax_total, "cac:TaxSubtotal");
    assert_eq!(element(subtotal, "cbc:TaxableAmount"), "52.07");
    assert_eq!(element(subtotal, "cbc:TaxAmount"), "10.93");
    let category = element(subtotal, "cac:TaxCategory");
    assert_eq!(element(category, "cbc:ID"), "S");
    assert_eq!(element(category, "cbc:Percent"), "21");
    assert_eq!(element(element(category, "cac:TaxScheme"), "cbc:ID"), "VAT");

    let totals = element(&xml, "cac:LegalMonetaryTotal");
    assert_eq!(element(totals, "cbc:LineExtensionAmount"), "52.07");
    assert_eq!(element(totals, "cbc:TaxExclusiveAmount"), "52.07");
    assert_eq!(element(totals, "cbc:TaxInclusiveAmount"), "63.00");
    assert_eq!(element(totals, "cbc:PrepaidAmount"), "63.00");
    assert_eq!(element(totals, "cbc:PayableAmount"), "0.00");

    let line = element(&xml, "cac:InvoiceLine");
    assert_eq!(element(line, "cbc:ID"), "1");
    assert!(line.contains("<cbc:InvoicedQuantity unitCode=\"C62\">2</cbc:InvoicedQuantity>"));
    assert_eq!(element(line, "cbc:LineExtensionAmount"), "52.07");
    let allowance = element(line, "cac:AllowanceCharge");
    assert_eq!(element(allowance, "cbc:ChargeIndicator"), "false");
    assert_eq!(
        element(allowance, "cbc:AllowanceChargeReason"),
        "Korting (WELKOM10)"
    );
    assert_eq!(element(allowance, "cbc:Amount"), "5.78");
    let item = element(line, "cac:Item");
    assert!(element(item, "cbc:Name").starts_with("Ticket vertelavond"));
    let classified = element(item, "cac:ClassifiedTaxCategory");
    assert_eq!(element(classified, "cbc:ID"), "S");
    assert_eq!(element(classified, "cbc:Percent"), "21");
    assert_eq!(
        element(element(classified, "cac:TaxScheme"), "cbc:ID"),
        "VAT"
    );
    // 2 × 28.925 − 5.78 = 52.07
    assert_eq!(
        element(element(line, "cac:Price"), "cbc:PriceAmount"),
        "28.9250"
    );

    // The paid-order mail carries the PDF, the XML, the link, the number and the VAT.
    let mails = app.wait_for_mails_to("sofie@example.be", 1).await;
    let mail = &mails[0];
    assert!(mail.contains(&format!("factuur-{number}.pdf")), "{mail}");
    assert!(mail.contains(&format!("factuur-{number}.xml")));
    assert!(mail.contains("application/pdf"));
    assert!(mail.contains(&format!("/api/orders/{id}/documents/factuur.pdf")));
    assert!(mail.contains("Waarvan btw 21%"), "{mail}");
    assert!(mail.contains("10,93"));
    assert!(mail.contains(&format!("Factuurnummer: {number}")));

    // Unknown orders and documents that do not exist answer 404.
    assert_eq!(
        bytes(&app, "/api/orders/onbekend/documents/factuur.pdf")
            .await
            .0,
        404
    );
    assert_eq!(
        bytes(&app, &format!("/api/orders/{id}/documents/creditnota.pdf"))
            .await
            .0,
        404
    );
    // An issued invoice never changes.
    let changed = sqlx::query("UPDATE invoices SET total_cents = 1")
        .execute(&app.pool)
        .await;
    assert!(
        changed.is_err(),
        "the database refuses to change an invoice"
    );
}

async fn a_refund_makes_exactly_one_credit_note(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let id = paid(&app, &order_body("zelfinzicht-7-stappen", None, 1)).await;
    let order_id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let refund = || {
        app.authed(
            reqwest::Method::POST,
            &format!("/api/admin/orders/{order_id}/refund"),
            &token,
        )
        .send()
    };
    let refunded = refund().await.unwrap();
    assert_eq!(refunded.status().as_u16(), 200);
    let detail: Value = refunded.json().await.unwrap();
    let year = this_year();
    let issued = detail["invoices"].as_array().unwrap();
    assert_eq!(issued.len(), 2, "{detail}");
    assert_eq!(issued[0]["kind"], "invoice");
    assert_eq!(issued[1]["kind"], "credit_note");
    assert_eq!(issued[1]["number"], format!("C{year}-000001"));
    assert_eq!(issued[1]["total_cents"], -9700);
    assert_eq!(refund().await.unwrap().status().as_u16(), 409);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM invoices WHERE kind = 'credit_note'")
            .await,
        1
    );
    let credit = sqlx::query(
        "SELECT c.taxable_cents, c.vat_cents, c.total_cents, i.number FROM invoices c \
         JOIN invoices i ON i.id = c.credits_invoice_id WHERE c.kind = 'credit_note'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(credit.get::<String, _>("number"), format!("{year}-000001"));
    assert_eq!(credit.get::<i64, _>("total_cents"), -9700);
    assert_eq!(credit.get::<i64, _>("taxable_cents"), -8017);
    assert_eq!(credit.get::<i64, _>("vat_cents"), -1683);
    // The invoice itself is unchanged.
    assert_eq!(
        app.count("SELECT total_cents FROM invoices WHERE kind = 'invoice'")
            .await,
        9700
    );

    let summary = order(&app, &id).await;
    assert_eq!(summary["credit_note_number"], format!("C{year}-000001"));
    let (status, _, pdf) = bytes(&app, &format!("/api/orders/{id}/documents/creditnota.pdf")).await;
    assert_eq!(status, 200);
    let text = pdf_text(&pdf);
    let expected_texts = [
        "CREDITNOTA".to_string(),
        format!("C{year}-000001"),
        "Bij factuur".to_string(),
        format!("{year}-000001"),
        "-€ 97,00".to_string(),
        "-€ 16,83".to_string(),
    ];
    for expected in &expected_texts {
        assert!(text.contains(expected), "{expected:?} missing in:\n{text}");
    }
    // The buyer gets the credit note by mail.
    let mails = app.wait_for_mails_to("sofie@example.be", 2).await;
    let credit_mail = mails
        .iter()
        .find(|m| m.contains("Je terugbetaling en creditnota"))
        .expect("a mail with the credit note");
    assert!(credit_mail.contains(&format!("creditnota-C{year}-000001.pdf")));
    // A private buyer has no e-invoice.
    assert_eq!(
        bytes(&app, &format!("/api/orders/{id}/documents/creditnota.xml"))
            .await
            .0,
        404
    );
    // The coach downloads both from Bestellingen.
    for invoice in issued {
        let res = app
            .authed(
                reqwest::Method::GET,
                &format!("/api/admin/invoices/{}/pdf", invoice["id"]),
                &token,
            )
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
    }
}

async fn an_exempt_coach_invoices_without_vat_and_with_the_mention(engine: Engine) {
    let dir = std::env::temp_dir().join(format!(
        "inlumine-site-{}",
        hex::encode(rand::random::<[u8; 6]>())
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut site: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/site.json"))
            .unwrap(),
    )
    .unwrap();
    site["contact"]["vatExempt"] = json!(true);
    let path = dir.join("site.json");
    std::fs::write(&path, site.to_string()).unwrap();
    let app = spawn_app_with(engine, |s| s.site_config = path.clone()).await;

    let quote: Value = app
        .post_json(
            "/api/checkout/quote",
            &json!({"product": "spiegelgevecht", "quantity": 1}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(quote["vat_cents"], 0, "{quote}");

    let id = paid(&app, &business_body("spiegelgevecht", None, 1)).await;
    let stored = sqlx::query("SELECT taxable_cents, vat_cents, total_cents FROM invoices")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored.get::<i64, _>("vat_cents"), 0);
    assert_eq!(stored.get::<i64, _>("taxable_cents"), 1900);
    assert_eq!(stored.get::<i64, _>("total_cents"), 1900);

    let (_, _, pdf) = bytes(&app, &format!("/api/orders/{id}/documents/factuur.pdf")).await;
    let text = pdf_text(&pdf);
    assert!(
        text.contains("Bijzondere vrijstellingsregeling kleine ondernemingen"),
        "{text}"
    );
    assert!(text.contains("art. 56bis WBTW"));
    assert!(text.contains("Vrijgesteld"));
    assert!(!text.contains("21%"), "{text}");

    let (_, _, xml) = bytes(&app, &format!("/api/orders/{id}/documents/factuur.xml")).await;
    let xml = String::from_utf8(xml).unwrap();
    let category = element(element(&xml, "cac:TaxTotal"), "cac:TaxCategory");
    assert_eq!(element(category, "cbc:ID"), "E");
    assert_eq!(element(category, "cbc:Percent"), "0");
    assert!(element(category, "cbc:TaxExemptionReason").contains("kleine ondernemingen"));
    assert_eq!(
        element(element(&xml, "cac:TaxTotal"), "cbc:TaxAmount"),
        "0.00"
    );

    let mails = app.wait_for_mails_to("sofie@example.be", 1).await;
    assert!(mails[0].contains("Bijzondere vrijstellingsregeling kleine ondernemingen"));
    let _ = std::fs::remove_dir_all(&dir);
}

async fn a_wrong_belgian_vat_number_is_refused_in_dutch(engine: Engine) {
    let app = spawn_app(engine).await;
    let mut body = business_body("spiegelgevecht", None, 1);
    body["vat_number"] = json!("BE0123456789");
    let res = app.post_json("/api/checkout", &body).await;
    assert_eq!(res.status().as_u16(), 422);
    let json: Value = res.json().await.unwrap();
    let message = json["error"]["fields"]["vat_number"].as_str().unwrap();
    assert!(message.contains("controlecijfers"), "{message}");
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
    // A company's address comes whole: street, postal code, city and country.
    let mut partial = business_body("spiegelgevecht", None, 1);
    partial["city"] = json!(null);
    let res = app.post_json("/api/checkout", &partial).await;
    assert_eq!(res.status().as_u16(), 422);
    let json: Value = res.json().await.unwrap();
    assert_eq!(
        json["error"]["fields"]["city"],
        "Vul de gemeente van je bedrijf in."
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
    // The same number with the right check digits, typed loosely, is fine and stored compact.
    body["vat_number"] = json!("be 0123 456 749");
    let (id, _) = started(&app, &body).await;
    let stored: String = sqlx::query("SELECT vat_number FROM orders WHERE public_id = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, "BE0123456749");
}

async fn the_coach_sees_totals_and_downloads_a_quarter_as_zip(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    paid(&app, &business_body("spiegelgevecht", None, 1)).await;
    paid(&app, &order_body("zelfinzicht-7-stappen", None, 1)).await;
    let get = |path: String| {
        let request = app.authed(reqwest::Method::GET, &path, &token);
        async move { request.send().await.unwrap() }
    };
    assert_eq!(
        app.get("/api/admin/invoices").await.status().as_u16(),
        401,
        "behind the admin guard"
    );

    let list: Value = get("/api/admin/invoices".into())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["total"], 2);
    assert_eq!(list["items"][0]["buyer_company"], "Lichtwerk BV");
    assert_eq!(list["items"][0]["has_xml"], true);
    assert_eq!(list["items"][1]["has_xml"], false);
    let found: Value = get("/api/admin/invoices?q=lichtwerk".into())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(found["total"], 1);
    let bad = get("/api/admin/invoices?from=gisteren".into()).await;
    assert_eq!(bad.status().as_u16(), 422);

    let year = this_year();
    let totals: Value = get(format!("/api/admin/invoices/totals?year={year}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(totals["total"]["invoices"], 2);
    assert_eq!(totals["total"]["total_cents"], 1900 + 9700);
    assert_eq!(totals["total"]["taxable_cents"], 1570 + 8017);
    assert_eq!(totals["total"]["vat_cents"], 330 + 1683);
    assert_eq!(totals["months"].as_array().unwrap().len(), 12);
    let quarter = totals["quarters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["invoices"] == 2)
        .expect("this quarter has both invoices")
        .clone();
    assert!(quarter["label"].as_str().unwrap().contains("kwartaal"));

    let res = get(format!(
        "/api/admin/invoices/export?from={}&to={}",
        quarter["from"].as_str().unwrap(),
        quarter["to"].as_str().unwrap()
    ))
    .await;
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "application/zip");
    let body = res.bytes().await.unwrap().to_vec();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(body)).unwrap();
    let mut names: Vec<String> = archive
        .file_names()
        .map(|name| name.unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec![
            format!("factuur-{year}-000001.pdf"),
            format!("factuur-{year}-000001.xml"),
            format!("factuur-{year}-000002.pdf"),
            "overzicht.csv".to_string(),
        ]
    );
    let mut csv = String::new();
    archive
        .by_name("overzicht.csv")
        .unwrap()
        .read_to_string(&mut csv)
        .unwrap();
    assert!(csv.contains(&format!("{year}-000001;Factuur;")), "{csv}");
    assert!(
        csv.contains("Lichtwerk BV;BE0123456749;21%;15,70;3,30;19,00"),
        "{csv}"
    );
    let mut pdf = Vec::new();
    archive
        .by_name(&format!("factuur-{year}-000002.pdf"))
        .unwrap()
        .read_to_end(&mut pdf)
        .unwrap();
    assert!(pdf_text(&pdf).contains(&format!("{year}-000002")));
}

// ---------------------------------------------------------------------------------------------
// Every kind of buyer a Belgian coach can have, read by the tools their accountants use.

/// The python that reads invoices as a buyer's tools do (`tests/fixtures/python/invoice_check.py`):
/// pypdf for the PDF's text, and the official CEN EN 16931 UBL schematron (compiled to XSLT,
/// shipped by `mcp-einvoicing-core`, installed without its dependencies since only that file
/// is used) run by Saxon-HE (`saxonche`).
fn invoice_checker() -> std::path::PathBuf {
    python_venv(
        "invoice-check-venv",
        &[
            "pypdf==7.1.1",
            "saxonche==13.1.1",
            "mcp-einvoicing-core==1.34.1 --no-deps",
        ],
    )
}

/// What the checker says of each file.
fn check_invoice_files(files: &[std::path::PathBuf]) -> Value {
    let python = invoice_checker();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/python/invoice_check.py");
    let output = std::process::Command::new(python)
        .arg(script)
        .args(files)
        .output()
        .expect("the invoice checker runs");
    assert!(
        output.status.success(),
        "invoice checker failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The Electronic Address Scheme codes Peppol BIS Billing 3.0 accepts (the `eaid` list that
/// PEPPOL-EN16931-CL008 checks, OpenPeppol peppol-bis-invoice-3 v3.0.19).
const PEPPOL_EAS: &str = "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0177 0183 \
    0184 0188 0190 0191 0192 0193 0195 0196 0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212 0213 \
    0215 0216 0218 0221 0230 0235 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 \
    9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 \
    9949 9950 9951 9952 9953 9957 9959 0147 0154 0158 0170 0194 0203 0205 0217 0225 0240";

/// The scheme and identifier of the first `<cbc:EndpointID schemeID="…">…` in `xml`.
fn endpoint(xml: &str) -> (String, String) {
    let start = xml
        .find("<cbc:EndpointID schemeID=\"")
        .expect("an EndpointID")
        + 26;
    let scheme = &xml[start..start + xml[start..].find('"').unwrap()];
    (
        scheme.to_string(),
        element(xml, "cbc:EndpointID").to_string(),
    )
}

/// The Peppol BIS 3.0 rules (beyond EN 16931) that the buyers below used to break, or that
/// read what this code writes, checked one by one on a UBL invoice or credit note.
fn assert_peppol_rules(xml: &str, buyer: &str, expected_endpoint: (&str, &str), country: &str) {
    let supplier = element(xml, "cac:AccountingSupplierParty");
    let customer = element(xml, "cac:AccountingCustomerParty");
    // PEPPOL-EN16931-R004 / R007: the specification and process.
    assert_eq!(
        element(xml, "cbc:CustomizationID"),
        "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
    );
    assert_eq!(
        element(xml, "cbc:ProfileID"),
        "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
    );
    // PEPPOL-EN16931-R020 and R010: both parties have an electronic address...
    let (seller_scheme, seller_id) = endpoint(supplier);
    let (scheme, id) = endpoint(customer);
    // ...PEPPOL-EN16931-CL008: from the Electronic Address Scheme list (never "EM")...
    for s in [&seller_scheme, &scheme] {
        assert!(
            PEPPOL_EAS.split_whitespace().any(|code| code == s),
            "{buyer}: scheme {s} is not a Peppol EAS code"
        );
    }
    // ...the one that fits the buyer.
    assert_eq!((scheme.as_str(), id.as_str()), expected_endpoint, "{buyer}");
    // PEPPOL-COMMON-R043: a Belgian enterprise number (0208) is ten digits with mod-97 check digits,
    // as an electronic address and as a legal registration (BT-30 / BT-47) alike.
    let legal = |party: &str| -> Option<(String, String)> {
        let entity = element(party, "cac:PartyLegalEntity");
        let open = "<cbc:CompanyID schemeID=\"";
        let start = entity.find(open)? + open.len();
        let scheme = &entity[start..start + entity[start..].find('"').unwrap()];
        Some((
            scheme.to_string(),
            element(entity, "cbc:CompanyID").to_string(),
        ))
    };
    let legal_ids: Vec<(String, String)> = [legal(supplier), legal(customer)]
        .into_iter()
        .flatten()
        .collect();
    // BR-CL-11 (run by the CEN schematron too): a legal registration's scheme is an ISO 6523 ICD.
    for (s, _) in &legal_ids {
        assert!(
            ["0208", "0106", "0002"].contains(&s.as_str()),
            "{buyer}: {s}"
        );
    }
    for (s, number) in [(&seller_scheme, &seller_id), (&scheme, &id)]
        .into_iter()
        .chain(legal_ids.iter().map(|(s, n)| (s, n)))
    {
        if s == "0208" {
            assert!(number.len() == 10 && number.bytes().all(|b| b.is_ascii_digit()));
            let base: u64 = number[..8].parse().unwrap();
            assert_eq!(
                97 - base % 97,
                number[8..].parse::<u64>().unwrap(),
                "{number}"
            );
        }
    }
    // PEPPOL-COMMON-R047 (a warning): an Italian VAT number under 0211 is IT + 11 digits whose
    // last one checks the others.
    if scheme == "0211" {
        let digits: Vec<u32> = id[2..].chars().map(|c| c.to_digit(10).unwrap()).collect();
        assert_eq!(digits.len(), 11);
        let sum: u32 = digits[..10]
            .iter()
            .enumerate()
            .map(|(i, d)| {
                if i % 2 == 0 {
                    *d
                } else if d * 2 > 9 {
                    d * 2 - 9
                } else {
                    d * 2
                }
            })
            .sum();
        assert_eq!((10 - sum % 10) % 10, digits[10], "{id}");
    }
    // BR-CL-14 (also run by the CEN schematron): ISO 3166-1 country codes, so Greece is GR even
    // though its VAT numbers start with EL.
    assert_eq!(
        element(
            element(customer, "cac:PostalAddress"),
            "cbc:IdentificationCode"
        ),
        country,
        "{buyer}"
    );
    // BR-CO-09: the buyer's VAT identifier keeps its prefix (EL for Greece).
    if let Some(start) = customer.find("<cac:PartyTaxScheme>") {
        let vat = element(&customer[start..], "cbc:CompanyID");
        assert!(vat.starts_with(&id[..2]) || scheme == "0208", "{vat}");
    }
}

struct Buyer {
    first_name: &'static str,
    last_name: &'static str,
    company: Option<&'static str>,
    vat_number: Option<&'static str>,
    /// A company without a VAT number: its number in its country's trade register, as typed.
    registration_number: Option<&'static str>,
    street: &'static str,
    postal_code: &'static str,
    city: &'static str,
    country: &'static str,
    /// The Peppol address of a buyer who gets a UBL invoice; None: the PDF only.
    endpoint: Option<(&'static str, &'static str)>,
}

const BUYERS: [Buyer; 10] = [
    Buyer {
        first_name: "Łukasz",
        last_name: "Wróbel",
        company: None,
        vat_number: None,
        registration_number: None,
        street: "ul. Floriańska 12",
        postal_code: "31-019",
        city: "Kraków",
        country: "PL",
        endpoint: None,
    },
    Buyer {
        first_name: "Ömer",
        last_name: "Şahin",
        company: Some("Łódź & Şahin <Import> BV"),
        vat_number: Some("IT 12345678903"),
        registration_number: None,
        street: "Via Roma 1",
        postal_code: "20121",
        city: "Milano",
        country: "IT",
        endpoint: Some(("0211", "IT12345678903")),
    },
    Buyer {
        first_name: "Eleni",
        last_name: "Papadopoulou",
        company: Some("Φως Ελλάδος Α.Ε."),
        vat_number: Some("EL094019245"),
        registration_number: None,
        street: "Ερμού 10",
        postal_code: "105 63",
        city: "Αθήνα",
        country: "GR",
        endpoint: Some(("9933", "EL094019245")),
    },
    Buyer {
        first_name: "Jan",
        last_name: "Smet",
        company: Some("Atelier Zonder Btw vzw"),
        vat_number: None,
        registration_number: Some("0876.543.270"),
        street: "Kerkstraat 3",
        postal_code: "9000",
        city: "Gent",
        country: "BE",
        endpoint: Some(("0208", "0876543270")),
    },
    Buyer {
        first_name: "Femke",
        last_name: "Bakker",
        company: Some("Stichting Licht zonder Btw"),
        vat_number: None,
        registration_number: Some("KvK 6959 9084"),
        street: "Oudegracht 12",
        postal_code: "3511 AB",
        city: "Utrecht",
        country: "NL",
        endpoint: Some(("0106", "69599084")),
    },
    Buyer {
        first_name: "Élodie",
        last_name: "Lefèvre",
        company: Some("Lumière Association"),
        vat_number: None,
        registration_number: Some("732 829 320"),
        street: "12 rue de la Paix",
        postal_code: "75002",
        city: "Paris",
        country: "FR",
        endpoint: Some(("0002", "732829320")),
    },
    Buyer {
        first_name: "Sofie",
        last_name: "Peeters",
        company: Some("Lichtwerk BV"),
        vat_number: Some("BE 0123.456.749"),
        registration_number: None,
        street: "Lichtlaan 7",
        postal_code: "2000",
        city: "Antwerpen",
        country: "BE",
        endpoint: Some(("0208", "0123456749")),
    },
    Buyer {
        first_name: "Daan",
        last_name: "de Vries",
        company: Some("Hollands Licht B.V."),
        vat_number: Some("NL852824913B01"),
        registration_number: None,
        street: "Keizersgracht 100",
        postal_code: "1015 AA",
        city: "Amsterdam",
        country: "NL",
        endpoint: Some(("9944", "NL852824913B01")),
    },
    Buyer {
        first_name: "Jürg",
        last_name: "Müller",
        company: Some("Schweizer Licht AG"),
        vat_number: Some("CHE-123.456.789 MWST"),
        registration_number: None,
        street: "Bahnhofstrasse 1",
        postal_code: "8001",
        city: "Zürich",
        country: "CH",
        endpoint: Some(("9927", "CHE123456789MWST")),
    },
    Buyer {
        first_name: "Ann",
        last_name: "Baker",
        company: Some("Maple Light Inc."),
        vat_number: None,
        registration_number: None,
        street: "1 Main Street",
        postal_code: "02139",
        city: "Cambridge MA",
        country: "US",
        endpoint: None,
    },
];

async fn every_kind_of_buyer_gets_invoices_that_print_as_typed_and_pass_the_rules(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let token = app.admin_token().await;
    let event = evening(&app, 50).await;
    let dir = app.data_dir.join("invoices-read-back");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    let mut orders = Vec::new();
    for (i, buyer) in BUYERS.iter().enumerate() {
        let mut body = order_body("vertelavond", Some(event), 2);
        body["first_name"] = json!(buyer.first_name);
        body["last_name"] = json!(buyer.last_name);
        body["company"] = json!(buyer.company);
        body["vat_number"] = json!(buyer.vat_number);
        body["registration_number"] = json!(buyer.registration_number);
        body["street"] = json!(buyer.street);
        body["postal_code"] = json!(buyer.postal_code);
        body["city"] = json!(buyer.city);
        body["country"] = json!(buyer.country);
        let id = paid(&app, &body).await;
        assert_eq!(
            order(&app, &id).await["invoice_xml"],
            buyer.endpoint.is_some(),
            "{}",
            buyer.last_name
        );
        let order_id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .unwrap()
            .get(0);
        let (status, _) = app
            .admin_send(
                &token,
                reqwest::Method::POST,
                &format!("/api/admin/orders/{order_id}/refund"),
                None,
            )
            .await;
        assert_eq!(status, 200, "the refund makes a credit note");
        for kind in ["factuur", "creditnota"] {
            let (status, _, pdf) =
                bytes(&app, &format!("/api/orders/{id}/documents/{kind}.pdf")).await;
            assert_eq!(status, 200);
            let path = dir.join(format!("{i}-{kind}.pdf"));
            std::fs::write(&path, pdf).unwrap();
            files.push(path);
            let (status, _, xml) =
                bytes(&app, &format!("/api/orders/{id}/documents/{kind}.xml")).await;
            match buyer.endpoint {
                Some(_) => {
                    assert_eq!(status, 200);
                    let path = dir.join(format!("{i}-{kind}.xml"));
                    std::fs::write(&path, xml).unwrap();
                    files.push(path);
                }
                None => assert_eq!(status, 404, "no e-invoice without a Peppol address"),
            }
        }
        orders.push(id);
    }

    // The coach's list says why a buyer has no e-invoice, in plain Dutch.
    let list: Value = app
        .authed(
            reqwest::Method::GET,
            "/api/admin/invoices?per_page=100",
            &token,
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for buyer in &BUYERS {
        let name = format!("{} {}", buyer.first_name, buyer.last_name);
        let invoices: Vec<&Value> = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["buyer_name"] == name.as_str())
            .collect();
        assert_eq!(invoices.len(), 2, "{name}: {list}");
        for invoice in invoices {
            assert_eq!(invoice["has_xml"], buyer.endpoint.is_some(), "{invoice}");
            let reason = invoice["no_xml_reason"].as_str();
            match (buyer.endpoint, buyer.company) {
                (Some(_), _) => assert_eq!(reason, None, "{invoice}"),
                (None, None) => assert!(reason.unwrap().contains("particulier"), "{invoice}"),
                (None, Some(_)) => assert!(
                    reason
                        .unwrap()
                        .contains("Verenigde Staten zonder btw-nummer heeft geen Peppol-adres"),
                    "{invoice}"
                ),
            }
        }
    }

    let checked = check_invoice_files(&files);
    for (i, buyer) in BUYERS.iter().enumerate() {
        for kind in ["factuur", "creditnota"] {
            let pdf = dir.join(format!("{i}-{kind}.pdf"));
            let text = checked[pdf.to_str().unwrap()]["text"].as_str().unwrap();
            let name = format!("{} {}", buyer.first_name, buyer.last_name);
            // Every name as typed, as pypdf extracts it.
            match buyer.company {
                Some(company) => {
                    assert!(text.contains(company), "{company:?} not in:\n{text}");
                    assert!(
                        text.contains(&format!("t.a.v. {name}")),
                        "{name:?} not in:\n{text}"
                    );
                }
                None => assert!(text.contains(&name), "{name:?} not in:\n{text}"),
            }
            assert!(
                text.contains(buyer.street) && text.contains(buyer.city),
                "{text}"
            );
            let Some(expected_endpoint) = buyer.endpoint else {
                continue;
            };
            let xml_path = dir.join(format!("{i}-{kind}.xml"));
            let report = &checked[xml_path.to_str().unwrap()];
            // The official EN 16931 rules ran (dozens fired) and none failed, fatal or not.
            assert!(report["fired"].as_i64().unwrap() > 40, "{report}");
            assert_eq!(report["failed"], json!([]), "{}: {report}", buyer.last_name);
            let xml = std::fs::read_to_string(&xml_path).unwrap();
            assert_peppol_rules(&xml, buyer.last_name, expected_endpoint, buyer.country);
            // A company without a VAT number is named by its registration (BT-47) and reached
            // at it (BT-49), under its register's scheme; it has no VAT identifier.
            if buyer.registration_number.is_some() {
                let customer = element(&xml, "cac:AccountingCustomerParty");
                let (scheme, id) = expected_endpoint;
                assert!(
                    element(customer, "cac:PartyLegalEntity").contains(&format!(
                        "<cbc:CompanyID schemeID=\"{scheme}\">{id}</cbc:CompanyID>"
                    )),
                    "{customer}"
                );
                assert!(!customer.contains("<cac:PartyTaxScheme>"), "{customer}");
                let label = match buyer.country {
                    "BE" => "Ondernemingsnummer: 0876.543.270",
                    "NL" => "KvK-nummer: 69599084",
                    _ => "SIREN-nummer: 732829320",
                };
                assert!(text.contains(label), "{label} not in:\n{text}");
            }
            let company = buyer.company.unwrap();
            let escaped = company
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            assert!(xml.contains(&format!(
                "<cbc:RegistrationName>{escaped}</cbc:RegistrationName>"
            )));
            if kind == "creditnota" {
                assert!(xml.contains("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"));
                assert!(xml.contains("<cac:BillingReference>"));
            }
        }
    }
}

async fn a_company_must_give_its_whole_address_for_an_invoice(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    let mut body = order_body("vertelavond", Some(event), 1);
    body["company"] = json!("Lichtwerk BV");
    body["vat_number"] = json!("BE0123456749");
    let res = app.post_json("/api/checkout", &body).await;
    assert_eq!(res.status().as_u16(), 422);
    let error: Value = res.json().await.unwrap();
    let fields = &error["error"]["fields"];
    for (field, message) in [
        (
            "street",
            "Vul de straat en het huisnummer van je bedrijf in: ze komen op de factuur.",
        ),
        ("postal_code", "Vul de postcode van je bedrijf in."),
        ("city", "Vul de gemeente van je bedrijf in."),
        ("country", "Kies het land van je bedrijf."),
    ] {
        assert_eq!(fields[field], message, "{error}");
    }
    // Nothing was held or written.
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
    // An unknown country is refused in Dutch too; the VAT prefix EL is no country code.
    body["street"] = json!("Lichtlaan 7");
    body["postal_code"] = json!("2000");
    body["city"] = json!("Antwerpen");
    body["country"] = json!("EL");
    let res = app.post_json("/api/checkout", &body).await;
    assert_eq!(res.status().as_u16(), 422);
    let error: Value = res.json().await.unwrap();
    assert_eq!(
        error["error"]["fields"]["country"],
        "Kies een land uit de lijst."
    );
    // A private buyer may leave the address out, but gives all of it when giving some.
    let mut private = order_body("vertelavond", Some(event), 1);
    private["city"] = json!("Mechelen");
    let res = app.post_json("/api/checkout", &private).await;
    assert_eq!(res.status().as_u16(), 422);
    let error: Value = res.json().await.unwrap();
    assert_eq!(error["error"]["fields"]["country"], "Kies ook je land.");
    assert_eq!(
        error["error"]["fields"]["street"],
        "Vul ook je straat en huisnummer in."
    );
    body["country"] = json!("be");
    let (id, _) = started(&app, &body).await;
    let stored: String = sqlx::query("SELECT billing_country FROM orders WHERE public_id = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, "BE");
}

async fn refund_tickets(app: &TestApp, token: &str, order_id: i64, tickets: Value) -> (u16, Value) {
    app.admin_send(
        token,
        reqwest::Method::POST,
        &format!("/api/admin/orders/{order_id}/refund-tickets"),
        Some(json!({ "ticket_ids": tickets })),
    )
    .await
}

/// The numeric id of the order and its tickets' ids in issue order.
async fn order_and_tickets(app: &TestApp, public_id: &str) -> (i64, Vec<i64>) {
    let order_id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let tickets = sqlx::query("SELECT id FROM tickets WHERE order_id = $1 ORDER BY id")
        .bind(order_id)
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<i64, _>(0))
        .collect();
    (order_id, tickets)
}

async fn tickets_are_refunded_one_by_one_with_a_credit_note_for_exactly_them(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let event = evening(&app, 3).await;
    // Three tickets for a company with a VAT number: € 105,00 with 10 % off = € 94,50.
    coupon(&app, "WELKOM10", "percent", 10, None, None).await;
    let mut body = business_body("vertelavond", Some(event), 3);
    body["coupon"] = json!("WELKOM10");
    let id = paid(&app, &body).await;
    let (order_id, tickets) = order_and_tickets(&app, &id).await;
    assert_eq!(tickets.len(), 3);
    assert_eq!(crate::commerce::seats_taken(&app, event).await, 3);
    let year = this_year();

    // Refused: no ticket, or one of another order.
    let (status, _) = refund_tickets(&app, &token, order_id, json!([])).await;
    assert_eq!(status, 422);
    let (status, error) = refund_tickets(&app, &token, order_id, json!([tickets[0] + 1000])).await;
    assert_eq!(status, 422, "{error}");

    // One ticket: its third of the total, its seat back, a credit note for one ticket.
    let (status, detail) = refund_tickets(&app, &token, order_id, json!([tickets[1]])).await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(detail["status"], "paid", "partly refunded stays paid");
    assert_eq!(detail["refunded_cents"], 3150);
    assert_eq!(detail["refunded_ticket_ids"], json!([tickets[1]]));
    let cancelled: Vec<i64> = detail["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["status"] == "cancelled")
        .map(|t| t["id"].as_i64().unwrap())
        .collect();
    assert_eq!(cancelled, [tickets[1]]);
    assert_eq!(crate::commerce::seats_taken(&app, event).await, 2);
    let issued = detail["invoices"].as_array().unwrap();
    assert_eq!(issued.len(), 2, "{detail}");
    assert_eq!(issued[1]["number"], format!("C{year}-000001"));
    assert_eq!(issued[1]["total_cents"], -3150);

    // Again the same ticket: nothing more is paid back or credited.
    let (status, _) = refund_tickets(&app, &token, order_id, json!([tickets[1]])).await;
    assert_eq!(status, 409);
    let (status, _) = refund_tickets(&app, &token, order_id, json!([tickets[0], tickets[1]])).await;
    assert_eq!(
        status, 409,
        "a ticket paid back already makes the whole request wait"
    );

    // The other two: the rest of the total, and the order is refunded.
    let (status, detail) =
        refund_tickets(&app, &token, order_id, json!([tickets[2], tickets[0]])).await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(detail["status"], "refunded");
    assert_eq!(detail["refunded_cents"], 9450);
    assert_eq!(crate::commerce::seats_taken(&app, event).await, 0);
    let issued = detail["invoices"].as_array().unwrap();
    assert_eq!(issued.len(), 3);
    assert_eq!(
        issued[2]["number"],
        format!("C{year}-000002"),
        "one unbroken C sequence"
    );
    assert_eq!(issued[2]["total_cents"], -6300);
    // Nothing is left: a whole refund now has nothing to pay.
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            &format!("/api/admin/orders/{order_id}/refund"),
            None,
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        app.count(
            "SELECT CAST(COALESCE(SUM(total_cents), 0) AS BIGINT) FROM invoices WHERE kind = 'credit_note'"
        )
            .await,
        -9450,
        "credited exactly what was paid"
    );

    // The first credit note: one ticket of the invoice, partly, with the VAT of its part.
    let document: String = sqlx::query("SELECT document FROM invoices WHERE number = $1")
        .bind(format!("C{year}-000001"))
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let document: Value = serde_json::from_str(&document).unwrap();
    assert_eq!(document["lines"][0]["quantity"], 1);
    assert_eq!(document["lines"][0]["total_cents"], -3150);
    assert_eq!(document["taxable_cents"], -2603);
    assert_eq!(document["vat_cents"], -547);
    assert_eq!(
        document["credited_invoice"]["number"],
        format!("{year}-000001")
    );
    let credit_notes =
        sqlx::query("SELECT id FROM invoices WHERE kind = 'credit_note' ORDER BY id")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    let first_id: i64 = credit_notes[0].get(0);
    let pdf = app
        .authed(
            reqwest::Method::GET,
            &format!("/api/admin/invoices/{first_id}/pdf"),
            &token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("gedeeltelijk"), "{text}");
    assert!(
        text.contains("-€ 31,50") || text.contains("€ -31,50"),
        "{text}"
    );
    let xml = app
        .authed(
            reqwest::Method::GET,
            &format!("/api/admin/invoices/{first_id}/xml"),
            &token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(xml.status(), 200);
    let xml = xml.text().await.unwrap();
    assert!(
        xml.contains("<cbc:CreditedQuantity unitCode=\"C62\">1</cbc:CreditedQuantity>"),
        "{xml}"
    );
    assert!(
        xml.contains("<cbc:TaxInclusiveAmount currencyID=\"EUR\">31.50</cbc:TaxInclusiveAmount>"),
        "{xml}"
    );
    // The official EN 16931 rules find nothing on the partial credit note either.
    let path = app.data_dir.join("partial-credit.xml");
    std::fs::create_dir_all(&app.data_dir).unwrap();
    std::fs::write(&path, &xml).unwrap();
    let report = &check_invoice_files(std::slice::from_ref(&path))[path.to_str().unwrap()];
    assert_eq!(report["failed"], json!([]), "{report}");
    assert_peppol_rules(&xml, "Lichtwerk BV", ("0208", "0123456749"), "BE");
    // The buyer got both credit notes by mail.
    let mails = app.wait_for_mails_to("sofie@example.be", 3).await;
    assert_eq!(
        mails.iter().filter(|m| m.contains("creditnota-C")).count(),
        2
    );
}

async fn a_repeated_ticket_refund_pays_back_once(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let event = evening(&app, 5).await;
    let id = paid(&app, &order_body("vertelavond", Some(event), 2)).await;
    let (order_id, tickets) = order_and_tickets(&app, &id).await;
    // Five clicks at once on the same ticket.
    let clicks = (0..5).map(|_| refund_tickets(&app, &token, order_id, json!([tickets[0]])));
    let statuses: Vec<u16> = join_all(clicks).await.into_iter().map(|(s, _)| s).collect();
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 409),
        "{statuses:?}"
    );
    assert!(statuses.contains(&200), "{statuses:?}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM invoices WHERE kind = 'credit_note'")
            .await,
        1
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM order_refunds").await, 1);
    assert_eq!(app.count("SELECT refunded_cents FROM orders").await, 3500);
    assert_eq!(crate::commerce::seats_taken(&app, event).await, 1);
}

async fn a_refunded_tickets_seat_goes_to_the_waiting_list(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        generous_limits(s);
        s.waitlist.interval_secs = 1;
    })
    .await;
    let token = app.admin_token().await;
    let event = evening(&app, 2).await;
    let id = paid(&app, &order_body("vertelavond", Some(event), 2)).await;
    let res = app
        .post_json(
            &format!("/api/events/{event}/waitlist"),
            &json!({"name": "Wim Wachter", "email": "wim@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200, "sold out: the line is open");
    let (order_id, tickets) = order_and_tickets(&app, &id).await;
    let (status, detail) = refund_tickets(&app, &token, order_id, json!([tickets[0]])).await;
    assert_eq!(status, 200, "{detail}");
    // The freed seat is offered to the first in line.
    crate::helpers::eventually("the freed seat is offered to the waiting list", || async {
        app.mails_to("wim@example.be")
            .iter()
            .any(|m| m.contains("Er is een plaats vrij"))
    })
    .await;
}

async fn a_company_without_vat_number_gives_its_registration_number(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let event = evening(&app, 10).await;
    let company = |country: &str, registration: Option<&str>| {
        let mut body = order_body("vertelavond", Some(event), 1);
        body["company"] = json!("Atelier Zonder Btw vzw");
        body["street"] = json!("Kerkstraat 3");
        body["postal_code"] = json!("9000");
        body["city"] = json!("Gent");
        body["country"] = json!(country);
        body["registration_number"] = json!(registration);
        body
    };
    let refused = |body: Value, field: &'static str| {
        let app = &app;
        async move {
            let res = app.post_json("/api/checkout", &body).await;
            assert_eq!(res.status().as_u16(), 422);
            let error: Value = res.json().await.unwrap();
            error["error"]["fields"][field]
                .as_str()
                .unwrap_or_else(|| panic!("no {field} message: {error}"))
                .to_string()
        }
    };
    // Required for a Belgian company without a VAT number.
    assert_eq!(
        refused(company("BE", None), "registration_number").await,
        "Vul het ondernemingsnummer van je bedrijf of vereniging in (tien cijfers, bv. 0123.456.749), \
         of het btw-nummer: een van de twee komt op de factuur."
    );
    assert!(
        refused(company("BE", Some("0876.543.271")), "registration_number")
            .await
            .contains("de laatste twee cijfers passen niet bij de rest")
    );
    assert!(
        refused(company("NL", Some("1234567")), "registration_number")
            .await
            .contains("acht cijfers")
    );
    assert!(
        refused(company("FR", Some("732 829 321")), "registration_number")
            .await
            .contains("SIREN-nummer klopt niet")
    );
    let mut private = order_body("vertelavond", Some(event), 1);
    private["registration_number"] = json!("0876543270");
    assert_eq!(
        refused(private, "company").await,
        "Vul ook de bedrijfsnaam in bij een ondernemingsnummer."
    );
    let mut both = company("BE", Some("0876543270"));
    both["vat_number"] = json!("BE0123456749");
    assert!(
        refused(both, "registration_number")
            .await
            .contains("hoort niet bij het btw-nummer")
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);

    // Accepted in any notation and stored compact; optional outside Belgium.
    let stored = |id: String| {
        let pool = app.pool.clone();
        async move {
            sqlx::query("SELECT registration_number FROM orders WHERE public_id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap()
                .get::<Option<String>, _>(0)
        }
    };
    let (id, _) = started(&app, &company("BE", Some("BE 0876.543.270"))).await;
    assert_eq!(stored(id).await.as_deref(), Some("0876543270"));
    let (id, _) = started(&app, &company("NL", None)).await;
    assert_eq!(stored(id).await, None);
    let mut with_vat = company("BE", Some("0123.456.749"));
    with_vat["vat_number"] = json!("BE0123456749");
    let (id, _) = started(&app, &with_vat).await;
    assert_eq!(stored(id).await.as_deref(), Some("0123456749"));
}
