//! The fonts of the invoice PDF: DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence,
//! `server/fonts/LICENSE`), which cover Latin-1 and Latin Extended-A/B (Ł, ő, ş, ğ, ž, ø, ...),
//! so every name prints as typed. Each PDF embeds only the glyphs it uses (a subset, as a
//! CID-keyed TrueType font) with a ToUnicode map, so its text can be copied and extracted
//! as typed; widths come from the font itself, so right-aligned amounts stay aligned.
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::LazyLock;

use flate2::Compression;
use flate2::write::ZlibEncoder;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use subsetter::GlyphRemapper;

/// A font file and what the PDF needs to know of it.
pub struct Face {
    /// The PostScript name, e.g. `DejaVuSans-Bold`.
    name: &'static str,
    data: &'static [u8],
    face: ttf_parser::Face<'static>,
}

impl Face {
    fn load(name: &'static str, data: &'static [u8]) -> Self {
        let face = ttf_parser::Face::parse(data, 0).expect("the bundled font parses");
        Self { name, data, face }
    }

    /// Font units to thousandths of the font size, as PDF metrics are written.
    fn scale(&self, units: f32) -> f32 {
        units * 1000.0 / f32::from(self.face.units_per_em())
    }

    /// The glyph that shows `c`: its own, else a question mark (no name reaches the page as
    /// an empty box).
    fn glyph(&self, c: char) -> (u16, char) {
        match self.face.glyph_index(c) {
            Some(id) => (id.0, c),
            None => (self.face.glyph_index('?').map_or(0, |id| id.0), '?'),
        }
    }

    /// The advance width of glyph `id`, in thousandths of the font size.
    fn advance(&self, id: u16) -> f32 {
        self.scale(f32::from(
            self.face
                .glyph_hor_advance(ttf_parser::GlyphId(id))
                .unwrap_or(0),
        ))
    }
}

pub static REGULAR: LazyLock<Face> = LazyLock::new(|| {
    Face::load(
        "DejaVuSans",
        include_bytes!("../../../fonts/DejaVuSans.ttf"),
    )
});
pub static BOLD: LazyLock<Face> = LazyLock::new(|| {
    Face::load(
        "DejaVuSans-Bold",
        include_bytes!("../../../fonts/DejaVuSans-Bold.ttf"),
    )
});

fn face(bold: bool) -> &'static Face {
    if bold { &BOLD } else { &REGULAR }
}

/// The width of `text` at `size` points.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    let face = face(bold);
    let units: f32 = text.chars().map(|c| face.advance(face.glyph(c).0)).sum();
    units * size / 1000.0
}

/// The glyphs one font shows in one PDF: text is encoded as the subset's glyph ids (two bytes
/// each, `Identity-H`), numbered in the order they first appear.
pub struct Used {
    face: &'static Face,
    remapper: GlyphRemapper,
    /// The character each subset glyph stands for, for the ToUnicode map.
    chars: BTreeMap<u16, char>,
}

impl Used {
    pub fn new(bold: bool) -> Self {
        Self {
            face: face(bold),
            remapper: GlyphRemapper::new(),
            chars: BTreeMap::new(),
        }
    }

    /// `text` as the bytes of a `Tj` string in this font.
    pub fn encode(&mut self, text: &str) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(text.len() * 2);
        for c in text.chars() {
            let (id, shown) = self.face.glyph(c);
            let cid = self.remapper.remap(id);
            self.chars.entry(cid).or_insert(shown);
            bytes.extend(cid.to_be_bytes());
        }
        bytes
    }

    /// Writes the font as a Type 0 font with its subset embedded, at `font` and the four ids
    /// after it (CID font, descriptor, font file, ToUnicode map).
    pub fn write(&self, pdf: &mut Pdf, font: Ref) {
        let [cid, descriptor, file, cmap] = [1, 2, 3, 4].map(|i| Ref::new(font.get() + i));
        let face = self.face;
        // A subset is named with a tag of six capitals made from its glyphs, so the same
        // document always gives the same bytes.
        let base = format!("{}+{}", self.tag(), face.name);
        let base = Name(base.as_bytes());
        let info = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };

        pdf.type0_font(font)
            .base_font(base)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(cmap);

        let widths: Vec<f32> = self
            .remapper
            .remapped_gids()
            .map(|old| face.advance(old).round())
            .collect();
        let mut cid_font = pdf.cid_font(cid);
        cid_font
            .subtype(CidFontType::Type2)
            .base_font(base)
            .system_info(info)
            .font_descriptor(descriptor)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        cid_font.widths().consecutive(0, widths);
        cid_font.finish();

        let bbox = face.face.global_bounding_box();
        let metric = |v: i16| face.scale(f32::from(v)).round();
        pdf.font_descriptor(descriptor)
            .name(base)
            .flags(FontFlags::NON_SYMBOLIC)
            .bbox(Rect::new(
                metric(bbox.x_min),
                metric(bbox.y_min),
                metric(bbox.x_max),
                metric(bbox.y_max),
            ))
            .italic_angle(0.0)
            .ascent(metric(face.face.ascender()))
            .descent(metric(face.face.descender()))
            .cap_height(metric(
                face.face.capital_height().unwrap_or(face.face.ascender()),
            ))
            .stem_v(if std::ptr::eq(face, &*BOLD) {
                140.0
            } else {
                80.0
            })
            .font_file2(file);

        let subset = subsetter::subset(face.data, 0, &self.remapper)
            .expect("the bundled font can be subset");
        let compressed = deflate(&subset);
        pdf.stream(file, &compressed)
            .filter(Filter::FlateDecode)
            .pair(
                Name(b"Length1"),
                i32::try_from(subset.len()).unwrap_or(i32::MAX),
            );

        let mut unicode = UnicodeCmap::new(Name(b"Custom"), info);
        for (&cid, &c) in &self.chars {
            unicode.pair(cid, c);
        }
        pdf.cmap(cmap, &deflate(&unicode.finish()))
            .filter(Filter::FlateDecode);
    }

    /// Six capitals from the glyphs used (the subset tag the PDF format asks for).
    fn tag(&self) -> String {
        let mut hash: u32 = 2_166_136_261;
        for id in self.remapper.remapped_gids() {
            for byte in id.to_be_bytes() {
                hash = (hash ^ u32::from(byte)).wrapping_mul(16_777_619);
            }
        }
        (0..6)
            .map(|i| char::from(b'A' + u8::try_from((hash >> (i * 5)) % 26).unwrap_or(0)))
            .collect()
    }
}

/// Zlib-compressed bytes, as a `FlateDecode` stream holds them.
pub fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(data).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_extended_names_have_their_own_glyphs() {
        for c in "Łukasz Wróbel Łódź & Şahin <Import> ő ş ç ø Ş ğ ž € –".chars() {
            assert_ne!(REGULAR.glyph(c), (0, c), "{c}");
            assert_eq!(REGULAR.glyph(c).1, c, "{c} has a glyph of its own");
            assert_eq!(BOLD.glyph(c).1, c, "{c} has a bold glyph");
        }
        // Outside the font: a question mark, never an empty box.
        assert_eq!(REGULAR.glyph('中').1, '?');
    }

    #[test]
    fn widths_come_from_the_font() {
        assert!(width("W", 10.0, true) > width("i", 10.0, true));
        assert!(width("0", 10.0, true) > width("0", 10.0, false) - 0.001);
        let digits = width("0123456789", 10.0, false);
        assert!(
            (digits - 10.0 * width("0", 10.0, false)).abs() < 0.01,
            "tabular digits"
        );
    }

    #[test]
    fn text_is_encoded_as_subset_glyph_ids_in_order_of_use() {
        let mut used = Used::new(false);
        assert_eq!(used.encode("Łł"), vec![0, 1, 0, 2]);
        assert_eq!(used.encode("łŁ"), vec![0, 2, 0, 1]);
        assert_eq!(used.chars.get(&1), Some(&'Ł'));
    }
}
