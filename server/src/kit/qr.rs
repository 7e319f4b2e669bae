//! QR codes as PNG images, for ticket e-mails (mail clients show PNG, not SVG).
use qrcodegen::{QrCode, QrCodeEcc};

const SCALE: usize = 8;
const QUIET_ZONE: usize = 4;

/// A black-on-white PNG of `text`, 8 pixels per module with the standard 4-module margin.
pub fn png(text: &str) -> anyhow::Result<Vec<u8>> {
    let qr = QrCode::encode_text(text, QrCodeEcc::Medium)?;
    let modules = qr.size() as usize + 2 * QUIET_ZONE;
    let side = modules * SCALE;
    let mut pixels = vec![255u8; side * side];
    for y in 0..side {
        for x in 0..side {
            let (mx, my) = (
                (x / SCALE) as i32 - QUIET_ZONE as i32,
                (y / SCALE) as i32 - QUIET_ZONE as i32,
            );
            if qr.get_module(mx, my) {
                pixels[y * side + x] = 0;
            }
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side as u32, side as u32);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(&pixels)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn makes_a_png() {
        let png = super::png("K7QF-M2XD-9TPA").unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}
