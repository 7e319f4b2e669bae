//! HTML and XML text, the one place it is escaped: `& < > " '` become entities, so the result
//! is safe as element text and as a quoted attribute value, in HTML and in XML alike.

/// `text` as HTML or XML text or attribute value. `'` becomes `&#x27;` as React writes it, so
/// text escaped here matches the prerendered pages.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            c => out.push(c),
        }
    }
    out
}

/// HTML text back as text: the entities `escape`, React and the build write, and `&nbsp;`.
pub fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_special_characters_become_entities_and_come_back() {
        let text = "Lief & Leed <BV> \"zei\" 'ze'";
        assert_eq!(
            escape(text),
            "Lief &amp; Leed &lt;BV&gt; &quot;zei&quot; &#x27;ze&#x27;"
        );
        assert_eq!(unescape(&escape(text)), text);
        assert_eq!(unescape("&amp;lt; &#39;"), "&lt; '");
    }
}
