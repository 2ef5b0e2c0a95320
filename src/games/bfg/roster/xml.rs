//! A roster file's bytes as a small tree of the elements the importer reads, with its work
//! bounded: the file (`.ros` XML, or `.rosz`, a zip holding it), the XML unpacked, the elements,
//! their depth and the zip's entries each have a limit, and past one the file is refused with a
//! message naming it. Everything else in the XML (profiles, rules, categories, text) is skipped,
//! though counted against the limits.

use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};
use std::io::{Cursor, Read};

/// The most bytes of XML a roster may unpack to (a 3,000-point fleet with every profile and rule
/// BattleScribe writes is about 300 KiB).
pub const MAX_XML_BYTES: usize = 1024 * 1024;
/// The most XML elements a roster may hold, skipped ones included.
pub const MAX_ELEMENTS: usize = 20_000;
/// The deepest nesting of elements (BattleScribe's rosters nest about a dozen deep).
pub const MAX_DEPTH: usize = 48;
/// The most files a `.rosz` zip may hold (BattleScribe writes one).
pub const MAX_ZIP_ENTRIES: usize = 16;

/// The elements the importer reads; the rest are skipped.
const KEPT: [&str; 9] =
    ["roster", "costs", "cost", "costLimits", "costLimit", "forces", "force", "selections", "selection"];

/// One element kept: its name (without namespace prefix), its attributes and the kept elements
/// inside it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    pub tag: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Node>,
}

impl Node {
    /// The attribute's value, if it has it.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Its children named `tag`.
    pub fn kids<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a Node> {
        self.children.iter().filter(move |c| c.tag == tag)
    }

    /// The children named `tag` of its first child named `wrapper` (`selections` / `selection`).
    pub fn listed<'a>(&'a self, wrapper: &'a str, tag: &'a str) -> impl Iterator<Item = &'a Node> {
        self.kids(wrapper).flat_map(move |w| w.kids(tag))
    }
}

/// The XML a roster file holds: the file itself, or the `.ros` inside a `.rosz` zip.
pub fn unpack(bytes: &[u8]) -> Result<String, String> {
    let xml = if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        unzip(bytes)?
    } else if bytes.len() > MAX_XML_BYTES {
        return Err(format!("the file has {} bytes; a roster may hold at most {MAX_XML_BYTES}", bytes.len()));
    } else {
        bytes.to_vec()
    };
    let xml = xml.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&xml);
    String::from_utf8(xml.to_vec()).map_err(|e| {
        format!("it is not UTF-8 text (byte {} is not), as BattleScribe writes", e.utf8_error().valid_up_to())
    })
}

/// The `.ros` file in a `.rosz` zip (the first ending in `.ros`, else the first file).
fn unzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| format!("it is not a zip file we can open ({e})"))?;
    if zip.len() > MAX_ZIP_ENTRIES {
        return Err(format!(
            "the zip holds {} files; a .rosz holds one roster, and we open zips of at most {MAX_ZIP_ENTRIES}",
            zip.len()
        ));
    }
    let names: Vec<String> = (0..zip.len())
        .map(|i| zip.name_for_index(i).and_then(Result::ok).map(|n| n.to_lowercase()).unwrap_or_default())
        .collect();
    let pick = names
        .iter()
        .position(|n| n.ends_with(".ros"))
        .or_else(|| names.iter().position(|n| !n.ends_with('/')))
        .ok_or("the zip holds no file")?;
    let file = zip.by_index(pick).map_err(|e| format!("its roster could not be unpacked ({e})"))?;
    let mut out = Vec::new();
    let limit = u64::try_from(MAX_XML_BYTES).unwrap_or(u64::MAX) + 1;
    file.take(limit).read_to_end(&mut out).map_err(|e| format!("its roster could not be unpacked ({e})"))?;
    if out.len() > MAX_XML_BYTES {
        return Err(format!("its roster unpacks to more than {MAX_XML_BYTES} bytes, the most we read"));
    }
    Ok(out)
}

/// The roster element and the kept elements inside it.
pub fn parse(xml: &str) -> Result<Node, String> {
    let mut reader = quick_xml::Reader::from_str(xml);
    // The stack of kept elements open; `skipping` counts the skipped ones open inside the top.
    let mut stack: Vec<Node> = vec![Node::default()];
    let mut skipping = 0usize;
    let mut elements = 0usize;
    loop {
        let at = reader.buffer_position();
        let event =
            reader.read_event().map_err(|e| format!("its XML is not well formed near byte {at}: {e}"))?;
        let (start, empty) = match &event {
            Event::Start(e) => (Some(e), false),
            Event::Empty(e) => (Some(e), true),
            Event::End(_) => {
                if skipping > 0 {
                    skipping -= 1;
                } else if stack.len() > 1 {
                    let done = stack.pop().unwrap_or_default();
                    if let Some(parent) = stack.last_mut() {
                        parent.children.push(done);
                    }
                }
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let Some(e) = start else { continue };
        elements += 1;
        if elements > MAX_ELEMENTS {
            return Err(format!("it holds more than {MAX_ELEMENTS} XML elements, the most we read"));
        }
        let depth = stack.len() + skipping;
        if depth > MAX_DEPTH {
            return Err(format!("its XML nests more than {MAX_DEPTH} elements deep, the most we read"));
        }
        let tag = e.local_name().as_ref().to_owned();
        if skipping > 0 || !KEPT.contains(&tag.as_str()) {
            if !empty {
                skipping += 1;
            }
            continue;
        }
        let node = Node { attrs: attributes(e, at)?, tag, children: Vec::new() };
        if empty {
            if let Some(parent) = stack.last_mut() {
                parent.children.push(node);
            }
        } else {
            stack.push(node);
        }
    }
    let top = stack.into_iter().next().unwrap_or_default();
    top.children.into_iter().find(|n| n.tag == "roster").ok_or_else(|| {
        "it holds no <roster> element: it is not a BattleScribe or New Recruit roster".to_owned()
    })
}

fn attributes(e: &BytesStart<'_>, at: u64) -> Result<Vec<(String, String)>, String> {
    e.attributes()
        .map(|a| {
            let a = a.map_err(|err| format!("its XML has a damaged attribute near byte {at}: {err}"))?;
            let value = a
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|err| format!("its XML has a damaged attribute near byte {at}: {err}"))?;
            Ok((a.key.local_name().as_ref().to_owned(), value.into_owned()))
        })
        .collect()
}
