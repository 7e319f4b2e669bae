//! Invoices and credit notes: numbering under concurrency, the stored document, its PDF and UBL
//! XML, the exemption, the buyer's and the coach's downloads, on both engines.
use std::io::Read;

use futures_util::future::join_all;
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{coupon, evening, order, order_body, press, started};
use crate::helpers::{Engine, TestApp, generous_limits, spawn_app, spawn_app_with};

both_engines!(
    fifty_orders_paid_at_once_get_one_unbroken_sequence,
    a_business_purchase_gets_an_invoice_pdf_ubl_and_mail,
    a_refund_makes_exactly_one_credit_note,
    an_exempt_coach_invoices_without_vat_and_with_the_mention,
    a_wrong_belgian_vat_number_is_refused_in_dutch,
    the_coach_sees_totals_and_downloads_a_quarter_as_zip,
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

/// Every string the PDF's page shows, decoded from WinAnsi (enough for € and Latin-1).
fn pdf_text(pdf: &[u8]) -> String {
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
    let content = lopdf::content::Content::decode(&document.get_page_content(page)).unwrap();
    let mut text = String::new();
    for operation in content.operations {
        if operation.operator == "Tj" {
            for operand in operation.operands {
                if let lopdf::Object::String(bytes, _) = operand {
                    text.extend(
                        bytes
                            .iter()
                            .map(|&b| if b == 0x80 { '€' } else { b as char }),
                    );
                    text.push('\n');
                }
            }
        }
    }
    text
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
    // An address comes whole: street, postal code and city.
    let mut partial = business_body("spiegelgevecht", None, 1);
    partial["city"] = json!(null);
    let res = app.post_json("/api/checkout", &partial).await;
    assert_eq!(res.status().as_u16(), 422);
    let json: Value = res.json().await.unwrap();
    assert_eq!(json["error"]["fields"]["city"], "Vul ook je gemeente in.");
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
