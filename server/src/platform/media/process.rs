//! From an uploaded file to the variants the site serves: the type read from the content, the
//! EXIF orientation applied, then every width re-encoded from pixels, so no metadata (GPS,
//! camera, thumbnails) survives. CPU-heavy and blocking: callers run it on a blocking thread.
use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{
    DynamicImage, ExtendedColorType, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits,
    RgbImage, RgbaImage,
};
use sha2::{Digest, Sha256};

/// The largest upload.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;
/// The widths made, where the photo is at least that wide; its own width (at most the last)
/// is always made, so a small photo is never upscaled.
pub const WIDTHS: [u32; 5] = [320, 640, 960, 1280, 1920];
/// Larger than any camera's photo, small enough to decode in a few hundred MB.
const MAX_PIXELS: u64 = 50_000_000;
const MAX_SIDE: u32 = 16_000;
const MAX_ALLOC: u64 = 512 * 1024 * 1024;
const JPEG_QUALITY: u8 = 82;
const WEBP_QUALITY: f32 = 80.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Jpeg,
    Png,
    Webp,
}

impl Kind {
    /// Read from the first bytes (the "magic"), never from a name or a declared type.
    pub fn detect(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Jpeg => "JPEG",
            Self::Png => "PNG",
            Self::Webp => "WebP",
        }
    }

    fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Jpeg => &["jpg", "jpeg", "jpe", "jfif"],
            Self::Png => &["png"],
            Self::Webp => &["webp"],
        }
    }

    fn format(self) -> ImageFormat {
        match self {
            Self::Jpeg => ImageFormat::Jpeg,
            Self::Png => ImageFormat::Png,
            Self::Webp => ImageFormat::WebP,
        }
    }
}

/// Why an upload is refused; `Display` is the Dutch message for the coach.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Refusal {
    #[error(
        "Een SVG-bestand kunnen we niet gebruiken (het kan code bevatten). Kies een foto in JPEG, PNG of WebP."
    )]
    Svg,
    #[error("Dit bestand is geen foto. Kies een foto in JPEG, PNG of WebP.")]
    NotAnImage,
    #[error(
        "De naam van het bestand eindigt op .{extension}, maar het is een {actual}-bestand. Geef het de juiste extensie of kies een ander bestand."
    )]
    ExtensionLies {
        extension: String,
        actual: &'static str,
    },
    #[error(
        "Deze foto is te groot om te verwerken (meer dan 50 miljoen pixels). Verklein hem en probeer het opnieuw."
    )]
    TooManyPixels,
    #[error("Deze foto is beschadigd of onvolledig. Probeer een ander bestand.")]
    Broken,
}

/// One width, in the modern format and the fallback.
pub struct Variant {
    pub width: u32,
    pub webp: Vec<u8>,
    pub jpeg: Vec<u8>,
}

pub struct Processed {
    /// Names the files: the same upload twice is the same photo.
    pub hash: String,
    /// After the orientation is applied.
    pub width: u32,
    pub height: u32,
    /// Narrowest first.
    pub variants: Vec<Variant>,
}

/// The content hash that names a photo's files (128 bits of SHA-256, hex).
pub fn content_hash(bytes: &[u8]) -> String {
    hex::encode(&Sha256::digest(bytes)[..16])
}

/// Checks an upload before any decoding: its type by content, and a name that agrees.
pub fn check(bytes: &[u8], file_name: Option<&str>) -> Result<Kind, Refusal> {
    let Some(kind) = Kind::detect(bytes) else {
        return Err(if looks_like_svg(bytes) {
            Refusal::Svg
        } else {
            Refusal::NotAnImage
        });
    };
    let extension = file_name
        .and_then(|name| name.rsplit_once('.'))
        .map(|(_, ext)| ext.to_ascii_lowercase());
    if let Some(extension) = extension
        && !kind.extensions().contains(&extension.as_str())
    {
        return Err(Refusal::ExtensionLies {
            extension,
            actual: kind.name(),
        });
    }
    Ok(kind)
}

fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    String::from_utf8_lossy(head)
        .to_ascii_lowercase()
        .contains("<svg")
}

/// Decodes within limits (a decompression bomb is refused from its header, before any pixel is
/// allocated), turns the photo upright and makes every variant.
pub fn process(bytes: &[u8], kind: Kind) -> Result<Processed, Refusal> {
    // The JPEG decoder paints what is missing grey instead of failing.
    if kind == Kind::Jpeg && !jpeg_is_complete(bytes) {
        return Err(Refusal::Broken);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let (w, h) = decoder.dimensions();
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(Refusal::TooManyPixels);
    }
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    image.apply_orientation(orientation);
    // A picture with see-through parts (a logo) keeps them in its WebP variants; the JPEG,
    // which has none, shows them white.
    let see_through = image.color().has_alpha().then(|| image.to_rgba8());
    let upright = opaque_rgb(image);
    let (width, height) = upright.dimensions();
    // Widest first, each scaled from the one before: a 50-megapixel photo is read in full once,
    // not once per width.
    let mut variants = Vec::new();
    let mut previous: Option<RgbImage> = None;
    let mut previous_rgba: Option<RgbaImage> = None;
    for w in variant_widths(width).into_iter().rev() {
        let h = ((u64::from(height) * u64::from(w) + u64::from(width) / 2) / u64::from(width))
            .max(1) as u32;
        let source = previous.as_ref().unwrap_or(&upright);
        let scaled = (w != source.width())
            .then(|| image::imageops::resize(source, w, h, FilterType::CatmullRom));
        let rgba = see_through.as_ref().map(|full| {
            let source = previous_rgba.as_ref().unwrap_or(full);
            if w == source.width() {
                source.clone()
            } else {
                image::imageops::resize(source, w, h, FilterType::CatmullRom)
            }
        });
        variants.push(encode(scaled.as_ref().unwrap_or(source), rgba.as_ref())?);
        if scaled.is_some() {
            previous = scaled;
            previous_rgba = rgba;
        }
    }
    variants.reverse();
    Ok(Processed {
        hash: content_hash(bytes),
        width,
        height,
        variants,
    })
}

/// Whether the JPEG's segments run from the start marker to an end-of-image marker: a file
/// cut short (an interrupted copy or transfer) has none. Bytes after it are allowed (some
/// cameras append data there).
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let is_restart = |b: u8| (0xD0..=0xD7).contains(&b);
    // After the start-of-image marker, which `Kind::detect` checked.
    let mut i = 2;
    while i + 1 < bytes.len() {
        if bytes[i] != 0xFF {
            return false;
        }
        match bytes[i + 1] {
            // Fill byte before a marker.
            0xFF => i += 1,
            // End of image.
            0xD9 => return true,
            // Markers without a length.
            b if b == 0x01 || is_restart(b) => i += 2,
            marker => {
                let Some(length) = bytes.get(i + 2..i + 4) else {
                    return false;
                };
                let length = usize::from(u16::from_be_bytes([length[0], length[1]]));
                if length < 2 {
                    return false;
                }
                i += 2 + length;
                if marker == 0xDA {
                    // The compressed data after a start of scan runs to the next marker: an
                    // 0xFF followed by anything but a stuffed 0x00, a restart or more fill.
                    while i + 1 < bytes.len()
                        && !(bytes[i] == 0xFF
                            && !matches!(bytes[i + 1], 0x00 | 0xFF)
                            && !is_restart(bytes[i + 1]))
                    {
                        i += 1;
                    }
                }
            }
        }
    }
    false
}

fn refusal(e: ImageError) -> Refusal {
    match e {
        ImageError::Limits(_) => Refusal::TooManyPixels,
        _ => Refusal::Broken,
    }
}

/// The widths made for a photo `width` pixels wide, narrowest first.
pub fn variant_widths(width: u32) -> Vec<u32> {
    let largest = width.min(WIDTHS[WIDTHS.len() - 1]);
    let mut widths: Vec<u32> = WIDTHS.into_iter().filter(|w| *w < largest).collect();
    widths.push(largest);
    widths
}

/// RGB without alpha: transparent parts become white (JPEG has no alpha, and the site's
/// background is light).
fn opaque_rgb(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over_white =
            |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([over_white(r), over_white(g), over_white(b)])
    })
}

/// The JPEG from `image`; the WebP from `see_through` when the picture has see-through parts.
fn encode(image: &RgbImage, see_through: Option<&RgbaImage>) -> Result<Variant, Refusal> {
    let (w, h) = image.dimensions();
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
        .encode(image.as_raw(), w, h, ExtendedColorType::Rgb8)
        .map_err(|_| Refusal::Broken)?;
    let webp = match see_through {
        Some(rgba) => webp::Encoder::from_rgba(rgba.as_raw(), w, h),
        None => webp::Encoder::from_rgb(image.as_raw(), w, h),
    }
    .encode(WEBP_QUALITY)
    .to_vec();
    Ok(Variant {
        width: w,
        webp,
        jpeg,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_never_exceed_the_photo() {
        assert_eq!(variant_widths(100), [100]);
        assert_eq!(variant_widths(320), [320]);
        assert_eq!(variant_widths(700), [320, 640, 700]);
        assert_eq!(variant_widths(4000), [320, 640, 960, 1280, 1920]);
    }

    /// A photo of noise (hardly compressible), so a cut falls in the middle of its pixels.
    fn noise(w: u32, h: u32) -> RgbImage {
        RgbImage::from_fn(w, h, |x, y| {
            let n = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)).wrapping_mul(97);
            image::Rgb([(n >> 8) as u8, (n >> 16) as u8, (n >> 24) as u8])
        })
    }

    #[test]
    fn a_photo_cut_short_is_refused_as_broken() {
        let photo = noise(200, 150);
        let mut jpeg = Vec::new();
        JpegEncoder::new_with_quality(&mut jpeg, 90)
            .encode(photo.as_raw(), 200, 150, ExtendedColorType::Rgb8)
            .unwrap();
        let mut png = Cursor::new(Vec::new());
        photo.write_to(&mut png, ImageFormat::Png).unwrap();
        let webp = webp::Encoder::from_rgb(photo.as_raw(), 200, 150)
            .encode(80.0)
            .to_vec();
        for (kind, bytes) in [
            (Kind::Jpeg, jpeg),
            (Kind::Png, png.into_inner()),
            (Kind::Webp, webp),
        ] {
            assert!(process(&bytes, kind).is_ok(), "{kind:?} whole");
            let mut with_trailer = bytes.clone();
            with_trailer.extend_from_slice(b"trailing camera data");
            assert!(
                process(&with_trailer, kind).is_ok(),
                "{kind:?} with a trailer"
            );
            // A JPEG that lacks only its end marker is caught too.
            let last = if kind == Kind::Jpeg {
                bytes.len() - 2
            } else {
                bytes.len() * 9 / 10
            };
            for cut in [bytes.len() / 2, last] {
                assert_eq!(
                    process(&bytes[..cut], kind).err(),
                    Some(Refusal::Broken),
                    "{kind:?} cut at {cut} of {}",
                    bytes.len()
                );
            }
        }
    }

    /// A logo on a see-through background keeps it in WebP (the site's `<picture>`), and is white
    /// there in the JPEG (the mails).
    #[test]
    fn see_through_parts_stay_in_webp_and_turn_white_in_jpeg() {
        let logo = RgbaImage::from_fn(800, 400, |x, _| {
            if x < 400 {
                image::Rgba([0, 0, 0, 0])
            } else {
                image::Rgba([31, 111, 106, 255])
            }
        });
        let mut png = Cursor::new(Vec::new());
        logo.write_to(&mut png, ImageFormat::Png).unwrap();
        let processed = process(&png.into_inner(), Kind::Png).unwrap();
        assert_eq!(processed.variants.len(), 3);
        for variant in &processed.variants {
            let webp = image::load_from_memory_with_format(&variant.webp, ImageFormat::WebP)
                .unwrap()
                .to_rgba8();
            assert_eq!(webp.width(), variant.width);
            assert_eq!(webp.get_pixel(10, 10).0[3], 0, "{} wide", variant.width);
            let right = webp.get_pixel(variant.width - 10, 10).0;
            assert_eq!(right[3], 255, "{} wide", variant.width);
            let jpeg = image::load_from_memory_with_format(&variant.jpeg, ImageFormat::Jpeg)
                .unwrap()
                .to_rgb8();
            assert!(jpeg.get_pixel(10, 10).0.iter().all(|c| *c > 245));
        }
        // A photo without see-through parts stays opaque.
        let mut photo = Cursor::new(Vec::new());
        noise(400, 300)
            .write_to(&mut photo, ImageFormat::Png)
            .unwrap();
        let processed = process(&photo.into_inner(), Kind::Png).unwrap();
        let webp =
            image::load_from_memory_with_format(&processed.variants[0].webp, ImageFormat::WebP)
                .unwrap();
        assert!(!webp.color().has_alpha());
    }

    #[test]
    fn the_type_comes_from_the_content_and_the_name_must_agree() {
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0];
        assert_eq!(check(&jpeg, Some("Foto.JPG")), Ok(Kind::Jpeg));
        assert_eq!(check(&jpeg, None), Ok(Kind::Jpeg));
        assert!(matches!(
            check(&jpeg, Some("foto.png")),
            Err(Refusal::ExtensionLies { .. })
        ));
        assert_eq!(
            check(b"<?xml version=\"1.0\"?><svg></svg>", Some("a.jpg")),
            Err(Refusal::Svg)
        );
        assert_eq!(check(b"hello", Some("a.jpg")), Err(Refusal::NotAnImage));
    }
}
