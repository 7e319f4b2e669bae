use std::io::{Cursor, Write};
use std::time::Duration;

use image::codecs::jpeg::JpegEncoder;
use image::{ExtendedColorType, GenericImageView, ImageFormat, RgbImage};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{Engine, TestApp, json_ld, spawn_app};

both_engines!(
    every_bad_upload_is_refused_in_dutch_and_nothing_is_stored,
    a_photo_becomes_upright_variants_without_exif_or_gps_served_for_good,
    a_photo_in_use_cannot_be_deleted_and_the_message_says_where,
    the_same_photo_uploaded_twice_is_one_photo_used_in_several_places,
    chosen_photos_show_in_the_raw_html_its_data_block_and_the_share_image_in_the_head,
    an_alt_text_edited_in_the_library_shows_wherever_the_photo_does,
    a_storytelling_evenings_photo_is_in_the_product_api_and_its_pages_json_ld,
    her_own_logo_replaces_the_sun_on_the_pages_and_above_the_mails,
);

pub(crate) const BOUNDARY: &str = "inlumine-test-boundary";

/// A multipart body with `alt` (if any) and `file`, always declared as image/jpeg: the server
/// must not believe it.
pub(crate) fn form(alt: Option<&str>, file_name: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    if let Some(alt) = alt {
        write!(
            body,
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"alt\"\r\n\r\n{alt}\r\n"
        )
        .unwrap();
    }
    write!(
        body,
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
         Content-Type: image/jpeg\r\n\r\n"
    )
    .unwrap();
    body.extend_from_slice(bytes);
    write!(body, "\r\n--{BOUNDARY}--\r\n").unwrap();
    body
}

pub(crate) async fn upload(
    app: &TestApp,
    token: &str,
    alt: Option<&str>,
    file_name: &str,
    bytes: &[u8],
) -> (u16, Value) {
    let res = app
        .authed(reqwest::Method::POST, "/api/admin/media", token)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(form(alt, file_name, bytes))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

/// A landscape photo `w`×`h` with a colour gradient.
pub(crate) fn jpeg(w: u32, h: u32) -> Vec<u8> {
    let img = RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x * 255 / w) as u8, (y * 255 / h) as u8, 128])
    });
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 90)
        .encode(img.as_raw(), w, h, ExtendedColorType::Rgb8)
        .unwrap();
    out
}

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = RgbImage::from_pixel(w, h, image::Rgb([200, 100, 50]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

/// An EXIF block as a phone writes it: orientation 6 (turn 90° clockwise to show) and a GPS
/// position (N 51° 1' 42"), big-endian TIFF.
fn exif_app1() -> Vec<u8> {
    let mut tiff = Vec::new();
    tiff.extend_from_slice(b"MM\x00\x2a\x00\x00\x00\x08");
    // IFD0 at 8: orientation, GPS IFD pointer (to 38), no next IFD.
    tiff.extend_from_slice(&2u16.to_be_bytes());
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, 0x06, 0, 0]);
    tiff.extend_from_slice(&[0x88, 0x25, 0x00, 0x04, 0, 0, 0, 1, 0, 0, 0, 38]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    assert_eq!(tiff.len(), 38);
    // GPS IFD: latitude ref "N", latitude as three rationals at 68.
    tiff.extend_from_slice(&2u16.to_be_bytes());
    tiff.extend_from_slice(&[0x00, 0x01, 0x00, 0x02, 0, 0, 0, 2, b'N', 0, 0, 0]);
    tiff.extend_from_slice(&[0x00, 0x02, 0x00, 0x05, 0, 0, 0, 3, 0, 0, 0, 68]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    assert_eq!(tiff.len(), 68);
    for (n, d) in [(51u32, 1u32), (1, 1), (42, 1)] {
        tiff.extend_from_slice(&n.to_be_bytes());
        tiff.extend_from_slice(&d.to_be_bytes());
    }
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&((2 + 6 + tiff.len()) as u16).to_be_bytes());
    segment.extend_from_slice(b"Exif\0\0");
    segment.extend_from_slice(&tiff);
    segment
}

/// `jpeg` with the EXIF block right after the start marker.
fn with_exif(jpeg: &[u8]) -> Vec<u8> {
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&exif_app1());
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A real PNG whose header claims `w`×`h`: tiny on disk, gigabytes once decoded.
fn png_bomb(w: u32, h: u32) -> Vec<u8> {
    let mut bytes = png(1, 1);
    // Signature (8), length (4), "IHDR" (4), then width and height; the CRC follows the 13 data bytes.
    bytes[16..20].copy_from_slice(&w.to_be_bytes());
    bytes[20..24].copy_from_slice(&h.to_be_bytes());
    let mut crc = flate2::Crc::new();
    crc.update(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.sum().to_be_bytes());
    bytes
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn files_in_media_dir(app: &TestApp) -> usize {
    std::fs::read_dir(app.data_dir.join("media"))
        .map(|d| d.count())
        .unwrap_or(0)
}

async fn every_bad_upload_is_refused_in_dutch_and_nothing_is_stored(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let svg_script = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
    let svg_plain = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "tekst.jpg",
            b"Dit is geen foto maar tekst.".to_vec(),
            "geen foto",
        ),
        ("aanval.svg", svg_script.to_vec(), "SVG"),
        ("logo.svg", svg_plain.to_vec(), "SVG"),
        ("bom.png", png_bomb(100_000, 100_000), "te groot"),
        ("bom2.png", png_bomb(15_000, 15_000), "te groot"),
        ("foto.jpg", png(40, 30), "PNG-bestand"),
        ("foto.png", jpeg(40, 30), "JPEG-bestand"),
        (
            "afgebroken.jpg",
            jpeg(400, 300)[..600].to_vec(),
            "beschadigd",
        ),
        // Whole headers, then the pixels stop: the decoder alone would paint the rest grey.
        (
            "halve-foto.jpg",
            jpeg(1200, 900)[..3 * 1024].to_vec(),
            "beschadigd",
        ),
    ];
    for (name, bytes, says) in cases {
        let (status, body) = upload(&app, &token, Some("Een foto"), name, &bytes).await;
        assert_eq!(status, 422, "{name}: {body}");
        let message = body["error"]["fields"]["file"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{name}: {message}");
    }

    let (status, body) = upload(&app, &token, Some("   "), "foto.jpg", &jpeg(40, 30)).await;
    assert_eq!(status, 422);
    assert!(
        body["error"]["fields"]["alt"]
            .as_str()
            .unwrap()
            .contains("alt-tekst")
    );
    let (status, _) = upload(&app, &token, None, "foto.jpg", &jpeg(40, 30)).await;
    assert_eq!(status, 422);

    // 30 MB announced: refused from the headers, long before the body would have arrived.
    let mut tcp = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap();
    let head = format!(
        "POST /api/admin/media HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {}\r\n\r\n",
        30 * 1024 * 1024
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    tcp.write_all(&vec![b'x'; 64 * 1024]).await.unwrap();
    let mut answer = vec![0; 4096];
    let n = tokio::time::timeout(Duration::from_secs(10), tcp.read(&mut answer))
        .await
        .expect("answered without the rest of the body")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("groter dan 20 MB"), "{answer}");

    // Without a length (chunked), the reading stops at 20 MB.
    let tcp = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap();
    let (mut read, mut write) = tcp.into_split();
    let head = format!(
        "POST /api/admin/media HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    let body = form(Some("Groot"), "groot.jpg", &vec![0u8; 21 * 1024 * 1024]);
    let writer = tokio::spawn(async move {
        write.write_all(head.as_bytes()).await?;
        for chunk in body.chunks(1024 * 1024) {
            write
                .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
                .await?;
            write.write_all(chunk).await?;
            write.write_all(b"\r\n").await?;
        }
        write.write_all(b"0\r\n\r\n").await
    });
    let mut answer = vec![0; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), read.read(&mut answer))
        .await
        .expect("answered")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    writer.abort();

    // Only the coach may upload.
    let res = app
        .client
        .post(app.url("/api/admin/media"))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(form(Some("Een foto"), "foto.jpg", &jpeg(40, 30)))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);

    assert_eq!(app.count("SELECT COUNT(*) FROM media").await, 0);
    assert_eq!(files_in_media_dir(&app), 0);
}

async fn a_photo_becomes_upright_variants_without_exif_or_gps_served_for_good(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let original = with_exif(&jpeg(800, 400));
    assert!(contains(&original, b"Exif"));

    let (status, photo) = upload(
        &app,
        &token,
        Some("De coach aan zee"),
        "IMG_0001.JPG",
        &original,
    )
    .await;
    assert_eq!(status, 201, "{photo}");
    // Orientation 6: the 800×400 sensor image is shown 400 wide and 800 high.
    assert_eq!(
        (photo["width"].as_i64(), photo["height"].as_i64()),
        (Some(400), Some(800))
    );
    assert_eq!(photo["alt"], "De coach aan zee");
    let srcset = photo["srcset"].as_str().unwrap();
    let webp_srcset = photo["webp_srcset"].as_str().unwrap();
    let jpegs: Vec<&str> = srcset.split(", ").collect();
    assert_eq!(
        jpegs.len(),
        2,
        "320 and the photo's own 400, never upscaled: {srcset}"
    );
    assert!(jpegs[0].ends_with("-320.jpg 320w") && jpegs[1].ends_with("-400.jpg 400w"));
    assert!(webp_srcset.ends_with("-400.webp 400w"), "{webp_srcset}");
    assert_eq!(photo["src"], jpegs[1].split(' ').next().unwrap());

    for (entry, format, mime) in [
        (jpegs[0], ImageFormat::Jpeg, "image/jpeg"),
        (
            webp_srcset.split(", ").next().unwrap(),
            ImageFormat::WebP,
            "image/webp",
        ),
    ] {
        let url = entry.split(' ').next().unwrap();
        let res = app.get(url).await;
        assert_eq!(res.status().as_u16(), 200, "{url}");
        let headers = res.headers().clone();
        assert_eq!(headers["content-type"], mime);
        assert!(
            headers["cache-control"]
                .to_str()
                .unwrap()
                .contains("immutable")
        );
        assert_eq!(headers["cross-origin-resource-policy"], "cross-origin");
        let bytes = res.bytes().await.unwrap();
        assert!(!contains(&bytes, b"Exif"), "{url} keeps no EXIF");
        assert!(
            !contains(&bytes, &51u32.to_be_bytes()),
            "{url} keeps no GPS"
        );
        let decoded = image::load_from_memory_with_format(&bytes, format).unwrap();
        assert_eq!(decoded.dimensions(), (320, 640), "{url}: upright, scaled");
    }
    // Only variants are kept, not the original with its metadata.
    assert_eq!(files_in_media_dir(&app), 4);
    assert_eq!(
        app.get("/media/0123456789abcdef0123456789abcdef-320.jpg")
            .await
            .status()
            .as_u16(),
        404
    );

    // A photo of several MB passes the API's usual small body limit.
    let noise = RgbImage::from_fn(1400, 1000, |x, y| {
        let n =
            (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)).wrapping_mul(2_246_822_519);
        image::Rgb([(n >> 24) as u8, (n >> 16) as u8, (n >> 8) as u8])
    });
    let mut big = Cursor::new(Vec::new());
    noise.write_to(&mut big, ImageFormat::Png).unwrap();
    let big = big.into_inner();
    assert!(big.len() > 3_000_000, "{} bytes", big.len());
    let mut webp = Cursor::new(Vec::new());
    RgbImage::from_pixel(300, 200, image::Rgb([10, 120, 110]))
        .write_to(&mut webp, ImageFormat::WebP)
        .unwrap();
    let (status, small) = upload(
        &app,
        &token,
        Some("Groen vlak"),
        "vlak.webp",
        &webp.into_inner(),
    )
    .await;
    assert_eq!(status, 201, "WebP is accepted too: {small}");
    assert_eq!(
        small["srcset"].as_str().unwrap().split(", ").count(),
        1,
        "only its own 300"
    );
    let (status, large) = upload(&app, &token, Some("Ruis"), "ruis.png", &big).await;
    assert_eq!(status, 201, "{large}");
    assert_eq!(large["width"], 1400);

    let list: Value = app
        .authed(reqwest::Method::GET, "/api/admin/media", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(list["total"], 3);
    assert_eq!(list["items"][2]["image"]["id"], photo["id"]);
}

async fn a_photo_in_use_cannot_be_deleted_and_the_message_says_where(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (_, photo) = upload(&app, &token, Some("Anna lacht"), "anna.png", &png(500, 500)).await;
    let id = photo["id"].as_i64().unwrap();
    let (status, review) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            "/api/admin/reviews",
            Some(json!({"name": "Anna", "avatar_url": null, "avatar_media_id": id, "rating": 5, "text": "Heel warm."})),
        )
        .await;
    assert_eq!(status, 201, "{review}");
    let (status, slot) = app
        .admin_send(
            &token,
            reqwest::Method::PUT,
            "/api/admin/media/slots/portrait",
            Some(json!({"media_id": id})),
        )
        .await;
    assert_eq!(status, 200, "{slot}");
    assert_eq!(slot["image"]["id"], id);
    let event = app
        .insert_event(
            "vertelavond",
            "published",
            "2099-01-01T18:00:00.000000Z",
            "2099-01-01T21:00:00.000000Z",
        )
        .await;
    sqlx::query("UPDATE events SET image_id = $1 WHERE id = $2")
        .bind(id)
        .bind(event)
        .execute(&app.pool)
        .await
        .unwrap();

    let (status, body) = app
        .admin_send(
            &token,
            reqwest::Method::DELETE,
            &format!("/api/admin/media/{id}"),
            None,
        )
        .await;
    assert_eq!(status, 409);
    let message = body["error"]["message"].as_str().unwrap();
    for place in [
        "portret van de coach",
        "review van Anna",
        "activiteit „Test vertelavond”",
    ] {
        assert!(message.contains(place), "{message}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM media").await, 1);
    assert_eq!(files_in_media_dir(&app), 4);
    let (_, list) = app
        .admin_send(&token, reqwest::Method::GET, "/api/admin/media", None)
        .await;
    let used_in = list["items"][0]["used_in"].as_array().unwrap();
    assert_eq!(used_in.len(), 3, "{used_in:?}");
    assert!(used_in.contains(&json!("de review van Anna")));

    // Free again: the slot back to the default, the review and the event without a photo.
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::PUT,
            "/api/admin/media/slots/portrait",
            Some(json!({"media_id": null})),
        )
        .await;
    assert_eq!(status, 200);
    let review_id = review["id"].as_i64().unwrap();
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::PUT,
            &format!("/api/admin/reviews/{review_id}"),
            Some(json!({"name": "Anna", "avatar_url": null, "avatar_media_id": null, "rating": 5, "text": "Heel warm."})),
        )
        .await;
    assert_eq!(status, 200);
    sqlx::query("UPDATE events SET image_id = NULL")
        .execute(&app.pool)
        .await
        .unwrap();
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::DELETE,
            &format!("/api/admin/media/{id}"),
            None,
        )
        .await;
    assert_eq!(status, 204);
    assert_eq!(app.count("SELECT COUNT(*) FROM media").await, 0);
    assert_eq!(files_in_media_dir(&app), 0);
    assert_eq!(
        app.get(photo["src"].as_str().unwrap())
            .await
            .status()
            .as_u16(),
        404
    );

    // A form cannot point at a photo that is gone.
    let (status, body) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            "/api/admin/reviews",
            Some(json!({"name": "Bert", "avatar_media_id": id, "rating": 4, "text": "Fijn."})),
        )
        .await;
    assert_eq!(status, 422);
    assert!(body["error"]["fields"]["avatar_media_id"].is_string());
}

async fn the_same_photo_uploaded_twice_is_one_photo_used_in_several_places(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let bytes = jpeg(1000, 750);
    let (status, first) = upload(&app, &token, Some("Een kaars"), "kaars.jpg", &bytes).await;
    assert_eq!(status, 201);
    let (status, again) = upload(&app, &token, Some("Nog eens"), "kaars-kopie.jpeg", &bytes).await;
    assert_eq!(status, 200, "the same photo is not stored twice");
    assert_eq!(again["id"], first["id"]);
    assert_eq!(app.count("SELECT COUNT(*) FROM media").await, 1);
    assert_eq!(
        first["srcset"].as_str().unwrap().split(", ").count(),
        4,
        "320, 640, 960 and 1000"
    );

    let id = first["id"].as_i64().unwrap();
    for name in ["Anna", "Bert"] {
        let (status, _) = app
            .admin_send(
                &token,
                reqwest::Method::POST,
                "/api/admin/reviews",
                Some(json!({"name": name, "avatar_media_id": id, "rating": 5, "text": "Warm."})),
            )
            .await;
        assert_eq!(status, 201);
    }
    let (status, event) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            "/api/admin/events",
            Some(json!({
                "kind": "vertelavond", "title": "Verhalen bij kaarslicht", "description": "",
                "starts_at": "2099-03-01T19:00", "ends_at": "2099-03-01T21:00",
                "capacity": 20, "price_cents": 2000, "status": "published", "image_id": id
            })),
        )
        .await;
    assert_eq!(status, 201, "{event}");
    assert_eq!(event["image"]["id"], id);

    let reviews: Value = app.get("/api/reviews").await.json().await.unwrap();
    for review in reviews["reviews"].as_array().unwrap() {
        assert_eq!(review["avatar"]["alt"], "Een kaars");
        assert_eq!(review["avatar"]["srcset"], first["srcset"]);
        assert_eq!(review["avatar"]["width"], 1000);
        assert_eq!(review["avatar"]["height"], 750);
    }
    let events: Value = app.get("/api/events/upcoming").await.json().await.unwrap();
    assert_eq!(
        events["events"][0]["image"]["webp_srcset"],
        first["webp_srcset"]
    );
}

/// The element marked for `slot` in a page, up to its end.
fn slot_element<'a>(html: &'a str, slot: &str) -> &'a str {
    let start = html
        .find(&format!("data-media-slot=\"{slot}\""))
        .unwrap_or_else(|| panic!("no {slot} in {html}"));
    let end = start + html[start..].find("</div>").unwrap();
    &html[start..end]
}

/// The content of `<meta {key}="{name}" content="…"/>`.
fn meta<'a>(html: &'a str, key: &str, name: &str) -> &'a str {
    let marker = format!("<meta {key}=\"{name}\" content=\"");
    let start = html.find(&marker).unwrap_or_else(|| panic!("no {name}")) + marker.len();
    &html[start..start + html[start..].find('"').unwrap()]
}

async fn choose(app: &TestApp, token: &str, slot: &str, id: Value) {
    let (status, body) = app
        .admin_send(
            token,
            reqwest::Method::PUT,
            &format!("/api/admin/media/slots/{slot}"),
            Some(json!({ "media_id": id })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

async fn chosen_photos_show_in_the_raw_html_its_data_block_and_the_share_image_in_the_head(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let home = app.get("/").await.text().await.unwrap();
    assert!(slot_element(&home, "portrait").contains("src=\"/images/coach.svg\""));
    assert!(!slot_element(&home, "hero").contains("<picture>"));
    assert!(!home.contains("id=\"live-media\""));
    let default_share = meta(&home, "property", "og:image").to_string();

    let (_, portrait) = upload(
        &app,
        &token,
        Some("Els lacht in haar praktijk"),
        "els.jpg",
        &jpeg(1200, 1400),
    )
    .await;
    let (_, hero) = upload(
        &app,
        &token,
        Some("Zonlicht door de bomen"),
        "bos.jpg",
        &jpeg(1600, 1000),
    )
    .await;
    let (_, share) = upload(
        &app,
        &token,
        Some("Logo op een kaart"),
        "deel.jpg",
        &jpeg(2400, 1260),
    )
    .await;
    // Uploaded, not chosen: the pages stay as built.
    let home = app.get("/").await.text().await.unwrap();
    assert!(slot_element(&home, "portrait").contains("/images/coach.svg"));
    choose(&app, &token, "portrait", portrait["id"].clone()).await;
    choose(&app, &token, "hero", hero["id"].clone()).await;
    choose(&app, &token, "share", share["id"].clone()).await;

    let home = app.get("/").await.text().await.unwrap();
    let element = slot_element(&home, "portrait");
    assert!(!element.contains("coach.svg"), "{element}");
    for part in [
        format!(
            "<source type=\"image/webp\" srcset=\"{}\"",
            portrait["webp_srcset"].as_str().unwrap()
        ),
        format!("srcset=\"{}\"", portrait["srcset"].as_str().unwrap()),
        "width=\"1200\" height=\"1400\" alt=\"Els lacht in haar praktijk\" loading=\"lazy\"".into(),
        "sizes=\"(min-width: 416px) 384px, 100vw\"".into(),
    ] {
        assert!(element.contains(&part), "{part} in {element}");
    }
    // On /over-mij the portrait is in the first screen: loaded at once and first.
    let over_mij = app.get("/over-mij").await.text().await.unwrap();
    let element = slot_element(&over_mij, "portrait");
    assert!(
        element.contains(
            "alt=\"Els lacht in haar praktijk\" loading=\"eager\" fetchpriority=\"high\""
        ),
        "{element}"
    );
    let element = slot_element(&home, "hero");
    assert!(element.contains("<picture>"), "{element}");
    assert!(
        element.contains("width=\"1600\" height=\"1000\" alt=\"Zonlicht door de bomen\" loading=\"eager\" fetchpriority=\"high\""),
        "{element}"
    );

    // The data block the web app hydrates with.
    let block = home
        .split("<script type=\"application/json\" id=\"live-media\">")
        .nth(1)
        .unwrap();
    let block: Value = serde_json::from_str(&block[..block.find("</script>").unwrap()]).unwrap();
    assert_eq!(block["portrait"]["srcset"], portrait["srcset"]);
    assert_eq!(block["hero"]["alt"], "Zonlicht door de bomen");

    // The share image on every page: the widest JPEG, absolute, with its size.
    let widest = share["src"].as_str().unwrap();
    assert!(widest.ends_with("-1920.jpg"), "{widest}");
    for path in ["/", "/contact"] {
        let html = app.get(path).await.text().await.unwrap();
        let image = meta(&html, "property", "og:image");
        assert!(
            image.starts_with("http") && image.ends_with(widest),
            "{path}: {image}"
        );
        assert_eq!(meta(&html, "name", "twitter:image"), image);
        assert_eq!(meta(&html, "property", "og:image:width"), "1920");
        assert_eq!(meta(&html, "property", "og:image:height"), "1008");
        assert!(
            !html.contains(&default_share),
            "{path} still has {default_share}"
        );
    }
    assert_eq!(block["share"]["url"], meta(&home, "property", "og:image"));
    let business = &json_ld(&home)[0];
    assert_eq!(business["image"], meta(&home, "property", "og:image"));

    // Back to the default: the illustration again, the hero photo stays.
    choose(&app, &token, "portrait", Value::Null).await;
    choose(&app, &token, "share", Value::Null).await;
    let home = app.get("/").await.text().await.unwrap();
    assert!(slot_element(&home, "portrait").contains("src=\"/images/coach.svg\""));
    assert!(slot_element(&home, "hero").contains("alt=\"Zonlicht door de bomen\""));
    assert_eq!(meta(&home, "property", "og:image"), default_share);
}

/// A published storytelling evening in 2099 with `image_id`; the event as the admin answers.
async fn evening_with_photo(app: &TestApp, token: &str, image_id: &Value) -> Value {
    let (status, event) = app
        .admin_send(
            token,
            reqwest::Method::POST,
            "/api/admin/events",
            Some(json!({
                "kind": "vertelavond", "title": "Verhalen bij kaarslicht", "description": "",
                "starts_at": "2099-03-01T19:00", "ends_at": "2099-03-01T21:00",
                "venue_name": "De Kapel", "capacity": 20, "price_cents": 2000,
                "status": "published", "image_id": image_id
            })),
        )
        .await;
    assert_eq!(status, 201, "{event}");
    event
}

async fn edit_alt(app: &TestApp, token: &str, id: &Value, body: Value) -> (u16, Value) {
    app.admin_send(
        token,
        reqwest::Method::PATCH,
        &format!("/api/admin/media/{id}"),
        Some(body),
    )
    .await
}

async fn an_alt_text_edited_in_the_library_shows_wherever_the_photo_does(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (_, photo) = upload(&app, &token, Some("Foto 1"), "kaars.jpg", &jpeg(900, 600)).await;
    let id = photo["id"].clone();
    choose(&app, &token, "portrait", id.clone()).await;
    evening_with_photo(&app, &token, &id).await;
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            "/api/admin/reviews",
            Some(json!({"name": "Anna", "avatar_media_id": id, "rating": 5, "text": "Warm."})),
        )
        .await;
    assert_eq!(status, 201);
    // Every place is read (and cached) with the old text first.
    let places = [
        "/",
        "/over-mij",
        "/api/events/upcoming",
        "/api/products/vertelavond",
        "/api/reviews",
    ];
    for path in places {
        let body = app.get(path).await.text().await.unwrap();
        assert!(body.contains("Foto 1"), "{path}: {body}");
    }

    // Only the coach, only a real text, only a photo that exists.
    let res = app
        .client
        .patch(app.url(&format!("/api/admin/media/{id}")))
        .json(&json!({"alt": "Een kaars"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    for (body, field) in [
        (json!({"alt": "  "}), "alt"),
        (json!({"alt": "x".repeat(251)}), "alt"),
    ] {
        let (status, answer) = edit_alt(&app, &token, &id, body).await;
        assert_eq!(status, 422, "{answer}");
        assert!(
            answer["error"]["fields"][field]
                .as_str()
                .unwrap()
                .contains("alt-tekst"),
            "{answer}"
        );
    }
    let (status, answer) = edit_alt(&app, &token, &id, json!({"alt": "X", "width": 1})).await;
    assert_eq!(status, 422, "{answer}");
    let (status, answer) = edit_alt(&app, &token, &json!(9999), json!({"alt": "X"})).await;
    assert_eq!(status, 404);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("bestaat niet")
    );

    let (status, saved) = edit_alt(
        &app,
        &token,
        &id,
        json!({"alt": " Lien steekt een kaars aan "}),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["alt"], "Lien steekt een kaars aan");
    assert_eq!(saved["srcset"], photo["srcset"], "the same files");
    for path in places {
        let body = app.get(path).await.text().await.unwrap();
        assert!(
            body.contains("Lien steekt een kaars aan") && !body.contains("Foto 1"),
            "{path}: {body}"
        );
    }
    let list: Value = app
        .authed(reqwest::Method::GET, "/api/admin/media?q=kaars", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        list["items"][0]["image"]["alt"],
        "Lien steekt een kaars aan"
    );
}

async fn a_storytelling_evenings_photo_is_in_the_product_api_and_its_pages_json_ld(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let event_data = |html: &str| {
        json_ld(html)
            .into_iter()
            .find(|d| d["@type"] == "Event")
            .expect("the page's Event data")
    };
    // Without a photo: no image in its data.
    let plain = evening_with_photo(&app, &token, &Value::Null).await;
    let html = app.get("/vertelavond").await.text().await.unwrap();
    assert!(event_data(&html).get("image").is_none(), "{html}");
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::DELETE,
            &format!("/api/admin/events/{}", plain["id"]),
            None,
        )
        .await;
    assert_eq!(status, 204);

    let (_, photo) = upload(
        &app,
        &token,
        Some("Kaarsen in een kring"),
        "kring.jpg",
        &jpeg(1600, 1000),
    )
    .await;
    evening_with_photo(&app, &token, &photo["id"]).await;
    // The page's dates come from the product: each carries its photo, ready to render.
    let product: Value = app
        .get("/api/products/vertelavond")
        .await
        .json()
        .await
        .unwrap();
    let image = &product["events"][0]["image"];
    assert_eq!(image["alt"], "Kaarsen in een kring");
    assert_eq!(image["webp_srcset"], photo["webp_srcset"]);
    assert_eq!(image["width"], 1600);
    // Its page's Event data names it, absolute.
    for path in ["/vertelavond", "/begrijp-jezelf/vertelavond"] {
        let html = app.get(path).await.text().await.unwrap();
        let url = event_data(&html)["image"].as_str().unwrap().to_string();
        assert!(
            url.starts_with("https://") && url.ends_with(photo["src"].as_str().unwrap()),
            "{path}: {url}"
        );
    }
}

/// The header's logo element (a `<span>` inside the home link).
fn logo_element(html: &str) -> &str {
    let start = html
        .find("data-media-slot=\"logo\"")
        .unwrap_or_else(|| panic!("no logo in {html}"));
    &html[start..start + html[start..].find("</span>").unwrap()]
}

/// A contact message from `email`; returns the decoded reply the visitor gets.
async fn contact_reply(app: &TestApp, email: &str) -> String {
    let res = app
        .post_json(
            "/api/contact",
            &json!({
                "name": "Sofie Peeters",
                "email": email,
                "phone": "",
                "subject": "coaching",
                "message": "Dag Lien, hoe ziet een traject eruit?",
                "privacy_consent": true,
                "website": "",
            }),
        )
        .await;
    assert_eq!(res.status(), 200);
    crate::helpers::qp_decode(&app.wait_for_mails_to(email, 1).await.remove(0))
}

async fn her_own_logo_replaces_the_sun_on_the_pages_and_above_the_mails(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    // A bad file is refused in Dutch by the library's own checks; nothing changes.
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>"#;
    let (status, body) = upload(&app, &token, Some("Logo"), "logo.svg", svg).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]["fields"]["file"]
            .as_str()
            .unwrap()
            .contains("Een SVG-bestand kunnen we niet gebruiken"),
        "{body}"
    );
    let home = app.get("/").await.text().await.unwrap();
    assert!(logo_element(&home).contains("src=\"/images/logo.svg\""));
    let before = contact_reply(&app, "voor@example.be").await;
    assert!(
        before.contains("/images/logo.png\" alt=\"In Lumine\" width=\"48\" height=\"48\""),
        "{before}"
    );

    // A wide PNG logo, 400 × 200.
    let (status, logo) = upload(&app, &token, Some("Logo"), "logo.png", &png(400, 200)).await;
    assert_eq!(status, 201, "{logo}");
    choose(&app, &token, "logo", logo["id"].clone()).await;

    let home = app.get("/").await.text().await.unwrap();
    let element = logo_element(&home);
    assert!(!element.contains("logo.svg"), "{element}");
    assert!(
        element.contains(&format!("srcset=\"{}\"", logo["srcset"].as_str().unwrap())),
        "{element}"
    );
    assert!(
        element.contains("class=\"h-10 w-auto max-w-40 object-contain\""),
        "{element}"
    );
    let block = home.split("id=\"live-media\">").nth(1).unwrap();
    assert!(block.contains("\"logo\":{"), "{block}");
    let business = json_ld(&home)
        .into_iter()
        .find(|d| d["@type"] == "LocalBusiness")
        .expect("the business in JSON-LD");
    assert!(
        business["logo"]
            .as_str()
            .unwrap()
            .ends_with(logo["src"].as_str().unwrap()),
        "{business}"
    );

    // The mail's letterhead shows the narrowest JPEG, 48 px high and as wide as it is.
    let narrowest = logo["srcset"]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    assert!(narrowest.ends_with("-320.jpg"), "{narrowest}");
    let served = app.get(&narrowest).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/jpeg");
    let mail = contact_reply(&app, "na@example.be").await;
    assert!(
        mail.contains(&format!(
            "{narrowest}\" alt=\"In Lumine\" width=\"96\" height=\"48\""
        )),
        "{mail}"
    );
    assert!(!mail.contains("/images/logo.png"), "{mail}");

    // In use: the library will not delete it, and says where.
    let (status, body) = app
        .admin_send(
            &token,
            reqwest::Method::DELETE,
            &format!("/api/admin/media/{}", logo["id"]),
            None,
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body.to_string()
            .contains("het logo van de site en de mails"),
        "{body}"
    );

    // Back to the default: pages and mails show the sun again.
    choose(&app, &token, "logo", Value::Null).await;
    let home = app.get("/").await.text().await.unwrap();
    assert!(logo_element(&home).contains("src=\"/images/logo.svg\""));
    let mail = contact_reply(&app, "terug@example.be").await;
    assert!(mail.contains("/images/logo.png"), "{mail}");
}
